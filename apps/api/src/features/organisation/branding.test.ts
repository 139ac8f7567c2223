import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { organisationSchema } from '@balie/shared';
import { DEMO_ORGANISATION } from '../../demo/seed.js';
import { testDatabases, useTestApp, type Session } from '../../test/index.js';
import { signInPersonas } from '../../test/routes.js';
import { multipartBody, SAMPLES } from '../catalogue/test-support/multipart.js';
import { availableDays } from '../booking/test-support/helpers.js';
import { auditOf, book, mailsOf } from '../desks/test-support/schedule.js';
import {
  jpegOfSize,
  pngOfSize,
  webpExtendedOfSize,
  webpLosslessOfSize,
  webpLossyOfSize,
} from './test-support/image-headers.js';

/** JPEG and WebP headers as a browser upload starts (no pixels after them): a logo's usual size. */
const JPEG = jpegOfSize(600, 200);
const WEBP = webpLossyOfSize(600, 200);

describe.each(testDatabases)('branding on %s', (kind) => {
  const t = useTestApp(kind, { sessions: ['admin', 'user'] });

  const upload = (fileName: string, content: Buffer, s: Session | null = t.admin, field = 'file') => {
    const { payload, headers } = multipartBody(fileName, content, field);
    return t.call('POST', '/api/organisation/logo', s, payload, headers);
  };
  const patch = (payload: object, s: Session | null = t.admin) =>
    t.call('PATCH', '/api/organisation', s, payload);
  const organisation = async () =>
    organisationSchema.parse((await t.app.inject({ method: 'GET', url: '/api/organisation' })).json());

  it('stores a PNG logo, names it on the public record and serves it as an image', async () => {
    const res = await upload('logo.png', SAMPLES.png);
    expect(res.statusCode, res.body).toBe(200);
    const { logoFileId } = organisationSchema.parse(res.json());
    expect(logoFileId).toEqual(expect.any(Number));
    expect((await organisation()).logoFileId).toBe(logoFileId);

    const image = await t.app.inject({ method: 'GET', url: `/api/organisation/logo/${logoFileId}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(image.rawPayload.equals(SAMPLES.png)).toBe(true);

    const [event] = (await auditOf(t.database.db, 'organisation_updated', 1)).slice(-1);
    expect(event?.details).toMatchObject({ changes: { logoFileId: { after: logoFileId } } });
  });

  it.each([
    ['a JPEG', 'foto.jpg', JPEG, 'image/jpeg'],
    ['a WebP', 'logo.webp', WEBP, 'image/webp'],
    ['a PNG named .jpg', 'logo.jpg', SAMPLES.png, 'image/png'],
  ])(
    'takes %s typed by its content, and the new logo replaces the old one',
    async (_what, name, content, type) => {
      const before = (await organisation()).logoFileId;
      const res = await upload(name, content);
      expect(res.statusCode, res.body).toBe(200);
      const { logoFileId } = res.json();
      expect(logoFileId).not.toBe(before);
      const image = await t.app.inject({ method: 'GET', url: `/api/organisation/logo/${logoFileId}` });
      expect(image.headers['content-type']).toBe(type);
      if (before !== null)
        expect(
          (await t.app.inject({ method: 'GET', url: `/api/organisation/logo/${before}` })).statusCode,
        ).toBe(404);
    },
  );

  it.each([
    ['a program renamed .png', 'logo.png', SAMPLES.exe],
    ['a Linux program renamed .png', 'logo.png', SAMPLES.elf],
    ['an SVG', 'logo.svg', SAMPLES.svg],
    ['an SVG renamed .png', 'logo.png', SAMPLES.svg],
    ['a PDF', 'logo.pdf', SAMPLES.pdf],
  ])('refuses %s with 415 and keeps the logo it had', async (_what, name, content) => {
    const before = (await organisation()).logoFileId;
    const res = await upload(name, content);
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json().code).toBe('unsupported_media_type');
    expect((await organisation()).logoFileId).toBe(before);
  });

  it('refuses a logo of 2 MB with 413 and one of just over 1 MB too, keeping the logo it had', async () => {
    const before = (await organisation()).logoFileId;
    const big = (size: number) => Buffer.concat([SAMPLES.png, Buffer.alloc(size - SAMPLES.png.length)]);
    for (const size of [2 * 1024 * 1024, 1024 * 1024 + 1]) {
      const res = await upload('logo.png', big(size));
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json().code).toBe('payload_too_large');
    }
    expect((await organisation()).logoFileId).toBe(before);
    // Exactly 1 MB is allowed.
    expect((await upload('logo.png', big(1024 * 1024))).statusCode).toBe(200);
  });

  it.each([
    ['a PNG of 15,000 × 15,000', 'logo.png', pngOfSize(15_000, 15_000)],
    ['a PNG one pixel too wide', 'logo.png', pngOfSize(4097, 100)],
    ['a baseline JPEG one pixel too high', 'logo.jpg', jpegOfSize(300, 4097)],
    ['a progressive JPEG of 20,000 × 500', 'logo.jpg', jpegOfSize(20_000, 500, 0xc2)],
    ['a lossy WebP of 5,000 × 5,000', 'logo.webp', webpLossyOfSize(5000, 5000)],
    ['a lossless WebP of 100 × 4,097', 'logo.webp', webpLosslessOfSize(100, 4097)],
    ['an extended WebP of 16,384 × 1', 'logo.webp', webpExtendedOfSize(16_384, 1)],
  ])(
    'refuses %s with 400 naming file (every visitor would load it), keeping the logo it had',
    async (_what, name, content) => {
      const before = (await organisation()).logoFileId;
      const res = await upload(name, content);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual([{ property: 'file', message: 'dimensions_too_large' }]);
      expect((await organisation()).logoFileId).toBe(before);
    },
  );

  it.each([
    ['a PNG', 'logo.png', pngOfSize(4096, 4096)],
    ['a JPEG', 'logo.jpg', jpegOfSize(4096, 1, 0xc1)],
    ['a lossless WebP', 'logo.webp', webpLosslessOfSize(4096, 4096)],
    ['an extended WebP', 'logo.webp', webpExtendedOfSize(1, 4096)],
  ])('takes %s of at most 4,096 pixels on a side', async (_what, name, content) => {
    expect((await upload(name, content)).statusCode).toBe(200);
  });

  it('reads the size of a real encoded PNG: 4,097 × 1 refused, 4,096 × 1 taken', async () => {
    const encoded = (width: number) => PNG.sync.write(new PNG({ width, height: 1 }));
    const refused = await upload('logo.png', encoded(4097));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors).toEqual([{ property: 'file', message: 'dimensions_too_large' }]);
    expect((await upload('logo.png', encoded(4096))).statusCode).toBe(200);
  });

  it('refuses an image whose size cannot be read (no frame header) with 400 naming file', async () => {
    const headless = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]),
      Buffer.from('JFIF\0'),
      Buffer.alloc(64),
    ]);
    const res = await upload('logo.jpg', headless);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([{ property: 'file', message: 'unreadable_image' }]);
  });

  it('answers 400 naming the field for an upload without a file part or with an empty file', async () => {
    const wrongField = await upload('logo.png', SAMPLES.png, t.admin, 'image');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().errors).toContainEqual({ property: 'file', message: 'required' });
    const empty = await upload('logo.png', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toContainEqual({ property: 'file', message: 'empty' });
    const json = await t.call('POST', '/api/organisation/logo', t.admin, { file: 'x' });
    expect(json.statusCode).toBe(415);
  });

  it('DELETE /organisation/logo removes it; its address then answers 404', async () => {
    const { logoFileId } = (await upload('logo.png', SAMPLES.png)).json();
    const res = await t.call('DELETE', '/api/organisation/logo', t.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().logoFileId).toBeNull();
    expect((await organisation()).logoFileId).toBeNull();
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/organisation/logo/${logoFileId}` })).statusCode,
    ).toBe(404);
  });

  it('takes a primary colour on which white text reaches 4.5:1 and refuses one just below it', async () => {
    // #767676: 4.54:1 with white, the boundary's last grey that passes; #777777: 4.48:1.
    const ok = await patch({ primaryColour: '#767676' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().primaryColour).toBe('#767676');

    const refused = await patch({ primaryColour: '#777777' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'insufficient_contrast',
      errors: [{ property: 'primaryColour', message: 'insufficient_contrast' }],
    });
    expect((await organisation()).primaryColour).toBe('#767676');

    // Written in capitals, stored in small letters; the change is audited.
    expect((await patch({ primaryColour: '#1A5E20' })).json().primaryColour).toBe('#1a5e20');
    const [event] = (await auditOf(t.database.db, 'organisation_updated', 1)).slice(-1);
    expect(event?.details).toEqual({ changes: { primaryColour: { before: '#767676', after: '#1a5e20' } } });
    await patch({ primaryColour: DEMO_ORGANISATION.primaryColour });
  });

  it.each([
    [{ primaryColour: 'green' }, 'primaryColour', 'invalid_colour'],
    [{ primaryColour: '#123' }, 'primaryColour', 'invalid_colour'],
    [{ primaryColour: '#12345g' }, 'primaryColour', 'invalid_colour'],
    [{ logoFileId: 3 }, 'body', 'unknown_property'],
    [{ accessibilityEmail: 'nope' }, 'accessibilityEmail', 'invalid_email'],
    [{ accessibilityComplaintsUrl: 'javascript:alert(1)' }, 'accessibilityComplaintsUrl', 'invalid_url'],
    [{ accessibilityResponseDays: 0 }, 'accessibilityResponseDays', 'too_small'],
    [{ accessibilityResponseDays: 61 }, 'accessibilityResponseDays', 'too_big'],
    [{ accessibilityResponseDays: 2.5 }, 'accessibilityResponseDays', 'invalid_number'],
  ])('answers 400 for %j naming %s', async (body, property, message) => {
    const res = await patch(body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toContainEqual({ property, message });
  });

  it('changes the accessibility statement’s contact parts', async () => {
    const res = await patch({
      accessibilityEmail: 'digitoegankelijk@voorbeeldstad.example',
      accessibilityPhone: '14 020 (keuze 3)',
      accessibilityResponseDays: 10,
      accessibilityComplaintsUrl: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await organisation()).toMatchObject({
      accessibilityEmail: 'digitoegankelijk@voorbeeldstad.example',
      accessibilityPhone: '14 020 (keuze 3)',
      accessibilityResponseDays: 10,
      accessibilityComplaintsUrl: '',
    });
    await patch({
      accessibilityEmail: DEMO_ORGANISATION.accessibilityEmail,
      accessibilityPhone: DEMO_ORGANISATION.accessibilityPhone,
      accessibilityResponseDays: DEMO_ORGANISATION.accessibilityResponseDays,
      accessibilityComplaintsUrl: DEMO_ORGANISATION.accessibilityComplaintsUrl,
    });
  });

  it('lets only admins change the logo and the colour: guests 401, users and staff 403', async () => {
    const personas = await signInPersonas(t);
    const before = await organisation();
    for (const [persona, status] of [
      ['guest', 401],
      ['user', 403],
      ['staff', 403],
    ] as const) {
      const s = personas[persona];
      expect((await upload('logo.png', SAMPLES.png, s)).statusCode, persona).toBe(status);
      expect((await t.call('DELETE', '/api/organisation/logo', s)).statusCode, persona).toBe(status);
      expect((await patch({ primaryColour: '#000000' }, s)).statusCode, persona).toBe(status);
    }
    expect(await organisation()).toEqual(before);
    for (const persona of ['admin', 'developer'] as const)
      expect(
        (await patch({ primaryColour: before.primaryColour }, personas[persona])).statusCode,
        persona,
      ).toBe(200);
    // Anyone reads the logo: the public pages and the mails show it.
    const { logoFileId } = (await upload('logo.png', SAMPLES.png)).json();
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/organisation/logo/${logoFileId}` })).statusCode,
    ).toBe(200);
  });

  it('draws the confirmation mail in the organisation’s colour with its logo above the header band', async () => {
    const { logoFileId } = (await upload('logo.png', SAMPLES.png)).json();
    expect((await patch({ primaryColour: '#1a5e20' })).statusCode).toBe(200);
    const [date] = (await availableDays(t.app)).slice(3);
    const booked = await book(t.app, date!, 1);
    const [queued] = await mailsOf(t.database.db, t.config, booked.id);
    const html = queued!.mail!.html ?? '';
    expect(html).toContain(`src="${t.config.publicUrl}/api/organisation/logo/${logoFileId}"`);
    // The band, the heading and the main button; the product's blue is gone.
    expect(html.match(/background-color:#1a5e20/g)?.length).toBeGreaterThanOrEqual(2);
    expect(html).toContain('color:#1a5e20');
    expect(html).not.toContain('#0b2d5b');
    await patch({ primaryColour: DEMO_ORGANISATION.primaryColour });
    await t.call('DELETE', '/api/organisation/logo', t.admin);
  });
});
