import { describe, expect, it } from 'vitest';
import { productFileSchema } from '@balie/shared';
import { testDatabases, useTestApp, type Session } from '../../test/index.js';
import { useServerProcesses } from '../booking/test-support/processes.js';
import { auditOf } from '../desks/test-support/schedule.js';
import { multipartBody, SAMPLES } from './test-support/multipart.js';

describe.each(testDatabases)('product files on %s', (kind) => {
  const t = useTestApp(kind, { sessions: ['admin', 'user'] });

  const upload = (productId: number, fileName: string, content: Buffer, s: Session | null = t.admin) => {
    const { payload, headers } = multipartBody(fileName, content);
    return t.call('POST', `/api/product/${productId}/files`, s, payload, headers);
  };

  it('stores a PDF under its base name, lists it in the product and serves it as an attachment', async () => {
    const res = await upload(2, 'C:\\Users\\balie\\Documents\\folder/Uitleg (nieuw) café.pdf', SAMPLES.pdf);
    expect(res.statusCode, res.body).toBe(201);
    const file = productFileSchema.parse(res.json());
    expect(file).toMatchObject({
      fileName: 'Uitleg (nieuw) café.pdf',
      mimeType: 'application/pdf',
      size: SAMPLES.pdf.length,
    });

    const product = (await t.app.inject({ method: 'GET', url: '/api/product/2' })).json();
    expect(product.files).toContainEqual(file);

    const download = await t.app.inject({ method: 'GET', url: `/api/product/2/file/${file.id}` });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(SAMPLES.pdf)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Uitleg (nieuw) caf_.pdf"; filename*=UTF-8''Uitleg%20%28nieuw%29%20caf%C3%A9.pdf`,
    );
    // Other tests here add files to product 2 as well, before or after this one: look for this file's event.
    const events = await auditOf(t.database.db, 'product_file_added', 2);
    expect(events.map((e) => e.details)).toContainEqual({
      changes: {
        file: {
          before: null,
          after: { id: file.id, fileName: file.fileName, mimeType: 'application/pdf', size: file.size },
        },
      },
    });
  });

  it('types by content, not by name: an image named .pdf is an image', async () => {
    const res = await upload(2, 'photo.pdf', SAMPLES.png);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().mimeType).toBe('image/png');
  });

  it('accepts an office document, typed from its content', async () => {
    const res = await upload(2, 'Formulier', SAMPLES.docx);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().mimeType).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
  });

  it.each([
    ['an ELF program renamed .pdf', 'report.pdf', SAMPLES.elf],
    ['a Windows program renamed .pdf', 'report.pdf', SAMPLES.exe],
    ['an SVG with a script', 'logo.png', SAMPLES.svg],
    ['plain text', 'notes.docx', Buffer.from('just some text')],
  ])('answers 415 unsupported_media_type for %s', async (_what, name, content) => {
    const res = await upload(2, name, content);
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json().code).toBe('unsupported_media_type');
  });

  it('answers 413 payload_too_large for an 11 MB file and stores nothing', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/product/3' })).json().files.length;
    const big = Buffer.concat([SAMPLES.pdf, Buffer.alloc(11 * 1024 * 1024)]);
    const res = await upload(3, 'big.pdf', big);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().code).toBe('payload_too_large');
    expect((await t.app.inject({ method: 'GET', url: '/api/product/3' })).json().files).toHaveLength(before);
  });

  it('answers 400 naming file without a file part, 415 for JSON, 404 for an unknown product', async () => {
    const { payload, headers } = multipartBody('a.pdf', SAMPLES.pdf, 'document');
    const wrongField = await t.call('POST', '/api/product/2/files', t.admin, payload, headers);
    expect(wrongField.statusCode, wrongField.body).toBe(400);
    expect(wrongField.json().errors).toContainEqual({ property: 'file', message: 'required' });
    const json = await t.call('POST', '/api/product/2/files', t.admin, { file: 'x' });
    expect(json.statusCode, json.body).toBe(415);
    expect((await upload(9999, 'a.pdf', SAMPLES.pdf)).statusCode).toBe(404);
  });

  it('answers guests 401 and users 403 for uploads and deletes', async () => {
    expect((await upload(2, 'a.pdf', SAMPLES.pdf, null)).statusCode).toBe(401);
    expect((await upload(2, 'a.pdf', SAMPLES.pdf, t.user)).statusCode).toBe(403);
    const file = (await upload(2, 'keep.pdf', SAMPLES.pdf)).json();
    const del = (s?: Session) => t.call('DELETE', `/api/product/2/file/${file.id}`, s);
    expect((await del()).statusCode).toBe(401);
    expect((await del(t.user)).statusCode).toBe(403);
  });

  it('deletes a file of its own product only, audited', async () => {
    const file = (await upload(4, 'weg.pdf', SAMPLES.pdf)).json();
    const del = (productId: number) => t.call('DELETE', `/api/product/${productId}/file/${file.id}`, t.admin);
    expect((await del(5)).statusCode).toBe(404);
    expect((await del(4)).statusCode).toBe(204);
    expect((await del(4)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/product/4/file/${file.id}` })).statusCode).toBe(
      404,
    );
    const [event] = await auditOf(t.database.db, 'product_file_deleted', 4);
    expect(event?.details).toMatchObject({
      changes: { file: { before: { id: file.id, fileName: 'weg.pdf' }, after: null } },
    });
  });
});

/** Files live in the database, so any API process serves what another stored (DESIGN §1). */
describe.skipIf(!process.env.TEST_DATABASE_URL)('product files across two processes on PostgreSQL', () => {
  const { t, servers } = useServerProcesses({ sessions: ['admin'] });

  it('an upload through one process downloads through the other', async () => {
    const { payload, headers } = multipartBody('folder/Formulier.pdf', SAMPLES.pdf);
    const uploaded = await fetch(`${servers[0]!.url}/api/product/1/files`, {
      method: 'POST',
      headers: { ...headers, ...t.admin.headers },
      body: payload,
    });
    expect(uploaded.status).toBe(201);
    const file = productFileSchema.parse(await uploaded.json());
    expect(file.fileName).toBe('Formulier.pdf');

    const download = await fetch(`${servers[1]!.url}/api/product/1/file/${file.id}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('filename="Formulier.pdf"');
    expect(Buffer.from(await download.arrayBuffer()).equals(SAMPLES.pdf)).toBe(true);
  });
});
