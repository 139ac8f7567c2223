import { describe, expect, it } from 'vitest';
import { organisationSchema } from '@balie/shared';
import { DEMO_ORGANISATION } from '../../demo/seed.js';
import { testDatabases, useTestApp, type Session } from '../../test/index.js';
import { availableDays } from '../booking/test-support/helpers.js';
import { auditOf, book, mailsOf } from '../desks/test-support/schedule.js';

describe.each(testDatabases)('organisation on %s', (kind) => {
  const t = useTestApp(kind, { sessions: ['admin', 'user'] });

  const patch = (payload: object, s?: Session) => t.call('PATCH', '/api/organisation', s, payload);

  it('GET /organisation is public and holds the demo record', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/organisation' });
    expect(res.statusCode).toBe(200);
    expect(organisationSchema.strict().parse(res.json())).toEqual(DEMO_ORGANISATION);
  });

  it('PATCH /organisation changes the fields it names and audits before and after', async () => {
    const res = await patch({ phone: '020 123 4567', website: 'http://balie.example/contact' }, t.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ...DEMO_ORGANISATION,
      phone: '020 123 4567',
      website: 'http://balie.example/contact',
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/organisation' })).json()).toEqual(res.json());
    // Other tests change the organisation too (and put it back): this change is the latest event.
    const event = (await auditOf(t.database.db, 'organisation_updated', 1)).at(-1);
    expect(event?.actorUserId).toBe(t.admin.userId);
    expect(event?.details).toEqual({
      changes: {
        phone: { before: DEMO_ORGANISATION.phone, after: '020 123 4567' },
        website: { before: DEMO_ORGANISATION.website, after: 'http://balie.example/contact' },
      },
    });
    // Optional fields may be cleared.
    expect((await patch({ phone: '' }, t.admin)).json().phone).toBe('');
    await patch({ phone: DEMO_ORGANISATION.phone, website: DEMO_ORGANISATION.website }, t.admin);
  });

  it.each([
    [{ email: 'not-an-address' }, 'email', 'invalid_email'],
    [{ website: 'javascript:alert(1)' }, 'website', 'invalid_url'],
    [{ website: 'ftp://files.example.org' }, 'website', 'invalid_url'],
    [{ website: 'https://' }, 'website', 'invalid_url'],
    [{ name: '' }, 'name', 'required'],
    [{ name: 'x'.repeat(201) }, 'name', 'too_long'],
    [{ postcode: 'x'.repeat(21) }, 'postcode', 'too_long'],
    [{ city: 'Utrecht\u0000' }, 'city', 'invalid_characters'],
    [{ phone: 12 }, 'phone', 'invalid_type'],
    [{ country: 'NL' }, 'body', 'unknown_property'],
    [{ registrationOpen: 'yes' }, 'registrationOpen', 'invalid_type'],
    [{ registerFields: ['shoeSize'] }, 'registerFields.0', 'invalid_value'],
    [{ registerFields: 'birthDay' }, 'registerFields', 'invalid_type'],
    [{ retentionDays: 6 }, 'retentionDays', 'too_small'],
    [{ retentionDays: 3651 }, 'retentionDays', 'too_large'],
    [{ retentionDays: 30.5 }, 'retentionDays', 'invalid_number'],
    [{ retentionDays: '30' }, 'retentionDays', 'invalid_number'],
    [{ privacyStatement: { fr: 'Bonjour' } }, 'privacyStatement', 'unknown_property'],
    [{ privacyStatement: { nl: 'x'.repeat(20_001) } }, 'privacyStatement.nl', 'too_long'],
    [{ privacyStatement: { en: 'bell\u0007' } }, 'privacyStatement.en', 'invalid_characters'],
  ])('answers 400 for %j naming %s', async (body, property, message) => {
    const res = await patch(body, t.admin);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toContainEqual({ property, message });
  });

  it('PATCH /organisation closes registration and chooses the register form’s fields, each once, in form order', async () => {
    const res = await patch(
      { registrationOpen: false, registerFields: ['cardNumber', 'birthDay', 'cardNumber'] },
      t.admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ registrationOpen: false, registerFields: ['birthDay', 'cardNumber'] });
    // Guests read it: the register page asks what is chosen, or says registration is closed.
    expect((await t.app.inject({ method: 'GET', url: '/api/organisation' })).json()).toMatchObject({
      registrationOpen: false,
      registerFields: ['birthDay', 'cardNumber'],
    });
    const event = (await auditOf(t.database.db, 'organisation_updated', 1)).at(-1);
    expect(event?.details).toEqual({
      changes: {
        registrationOpen: { before: true, after: false },
        registerFields: {
          before: ['birthDay', 'serviceBookNr', 'cardNumber'],
          after: ['birthDay', 'cardNumber'],
        },
      },
    });
    await patch({ registrationOpen: true, registerFields: DEMO_ORGANISATION.registerFields }, t.admin);
  });

  it('PATCH /organisation sets the retention period and the privacy statement per language, the others kept', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/organisation' })).json()).toMatchObject({
      retentionDays: 30,
      privacyStatement: { nl: '', en: '', de: '' },
    });
    const nl = 'Wij bewaren uw gegevens {retentionDays} dagen.\n\nVragen: {contact}';
    const first = await patch({ retentionDays: 60, privacyStatement: { nl } }, t.admin);
    expect(first.statusCode, first.body).toBe(200);
    const second = await patch({ privacyStatement: { en: 'We keep it {retentionDays} days.' } }, t.admin);
    expect(second.json()).toMatchObject({
      retentionDays: 60,
      privacyStatement: { nl, en: 'We keep it {retentionDays} days.', de: '' },
    });
    const event = (await auditOf(t.database.db, 'organisation_updated', 1)).at(-2);
    expect(event?.details).toMatchObject({ changes: { retentionDays: { before: 30, after: 60 } } });
    await patch({ retentionDays: 30, privacyStatement: { nl: '', en: '' } }, t.admin);
  });

  it('answers a guest with 401 and a user with 403', async () => {
    expect((await patch({ name: 'X' })).statusCode).toBe(401);
    expect((await patch({ name: 'X' }, t.user)).statusCode).toBe(403);
  });

  it('signs every appointment mail with the organisation and puts its address in the .ics location', async () => {
    const [date] = (await availableDays(t.app)).slice(2);
    const booked = await book(t.app, date!, 0);
    const [queued] = await mailsOf(t.database.db, t.config, booked.id);
    const mail = queued!.mail!;
    for (const line of [
      'Gemeente Voorbeeldstad',
      'Stadhuisplein 1, 1234 AB Voorbeeldstad',
      'Telefoon: 14 020',
      'E-mail: info@voorbeeldstad.example',
      'Website: https://www.voorbeeldstad.example',
    ]) {
      expect(mail.text).toContain(line);
      expect(mail.html).toContain(line);
    }
    const ics = String(mail.attachments?.[0]?.content).replace(/\r\n[ \t]/g, '');
    expect(ics).toContain('LOCATION:Balie 1\\, Stadhuisplein 1\\, 1234 AB Voorbeeldstad');
  });
});
