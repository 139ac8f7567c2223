import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, isNotNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { privacyExportSchema } from '@balie/shared';
import { auditEvents, outbox, users } from '../../db/schema/index.js';
import {
  freshClientAddress,
  loginAs,
  PERSONA_ACCOUNTS,
  PERSONAS,
  sessionOf,
  signInPersonas,
  testDatabases,
  useTestApp,
  type Persona,
  type Session,
} from '../../test/index.js';
import { insertAppointment } from '../appointments/test-support.js';
import { confirm, holdOk, someSlots } from '../booking/test-support/helpers.js';
import { createMailTransport } from '../../mail/transport.js';
import { appointmentRow } from '../desks/test-support/schedule.js';
import { runRetention } from './retention.js';
import { bookFor, needlesOf, searchDatabase, sendDueMails, visitor, type Visitor } from './test-support.js';

const HOUR = 60 * 60_000;

describe.each(testDatabases)('erasure and access on request on %s', (kind) => {
  const t = useTestApp(kind, { sessions: ['admin'] });
  let sessions: Record<Persona, Session | null>;
  beforeAll(async () => {
    sessions = await signInPersonas(t);
  });

  const erase = (email: string, s: Session | null = t.admin) =>
    t.call('POST', '/api/privacy/erase', s, { email });
  const exportOf = (email: string, s: Session | null = t.admin) =>
    t.call('GET', `/api/privacy/export?email=${encodeURIComponent(email)}`, s);

  it.each(PERSONAS)('lets only admins ask (%s)', async (persona) => {
    const session = sessions[persona];
    const expected = { guest: 401, user: 403, staff: 403, admin: 200, developer: 200 }[persona];
    // A known address and an unknown one answer alike: the answer says nothing of who has an account.
    for (const email of [PERSONA_ACCOUNTS.user.email, 'nobody.at.all@privacy.example']) {
      expect((await exportOf(email, session)).statusCode).toBe(expected === 200 ? 200 : expected);
      if (expected !== 200) {
        const res = await erase(email, session);
        expect(res.statusCode).toBe(expected);
        expect(res.json().errors ?? []).toEqual([]);
      }
    }
  });

  it('answers an unknown address with zero counts', async () => {
    const res = await erase('Nobody.Here@Privacy.example');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      appointmentsCancelled: 0,
      appointmentsAnonymised: 0,
      accountDeleted: false,
    });
    const doc = privacyExportSchema.parse((await exportOf('nobody.here@privacy.example')).json());
    expect(doc).toMatchObject({
      email: 'nobody.here@privacy.example',
      account: null,
      appointments: [],
      queuedMails: [],
      summary: { account: false, appointments: 0, upcoming: 0, historyEvents: 0, queuedMails: 0 },
    });
  });

  it.each([
    [{ email: 'not-an-address' }, 'email', 'invalid_email'],
    [{}, 'email', 'email_required'],
    [{ email: 'a@b.example', extra: 1 }, 'body', 'unknown_property'],
  ])('answers 400 for %j naming %s', async (body, property, message) => {
    const res = await t.call('POST', '/api/privacy/erase', t.admin, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toContainEqual({ property, message });
    const got = await t.call('GET', '/api/privacy/export?email=not-an-address', t.admin);
    expect(got.statusCode).toBe(400);
    expect(got.json().errors).toContainEqual({ property: 'email', message: 'invalid_email' });
  });

  it('refuses the admin’s own address and a developer’s for an admin, naming the address', async () => {
    const own = await erase(PERSONA_ACCOUNTS.admin.email, sessions.admin);
    expect(own.statusCode).toBe(409);
    expect(own.json().errors).toEqual([{ property: 'email', message: 'own_account' }]);
    const developer = await erase(PERSONA_ACCOUNTS.developer.email, sessions.admin);
    expect(developer.statusCode).toBe(403);
    expect(developer.json().errors).toEqual([{ property: 'email', message: 'developer_only' }]);
  });

  /** An account with a profile, appointments in every state, a reset link asked for: everything held. */
  async function fullPerson(person: Visitor) {
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        email: person.email,
        password: 'Secret123!',
        firstName: 'Quirijn',
        lastName: person.lastName,
      },
      remoteAddress: freshClientAddress(),
    });
    expect(reg.statusCode, reg.body).toBe(201);
    const account = sessionOf(reg.json());
    const profile = await t.call('PATCH', `/api/user/${account.userId}`, account, {
      phone: person.phone,
      initials: person.initials,
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const { date, slots } = await someSlots(t.app, 3);
    // Booked while signed in (linked to the account) and as a guest with the address in capitals.
    const hold = await holdOk(t.app, slots[0]!.beginTime);
    const own = await confirm(t.app, hold.id, person, account.headers);
    expect(own.statusCode, own.body).toBe(201);
    const guest = await bookFor(t.app, date, 1, { ...person, email: person.email.toUpperCase() });
    const cancelled = await bookFor(t.app, date, 2, person);
    expect((await t.call('GET', `/api/appointment/by-token/${cancelled.token}/cancel`)).statusCode).toBe(200);
    const past = new Date(Date.now() - 50 * HOUR);
    const rows = [];
    for (const status of ['checked_in', 'no_show', 'confirmed'] as const)
      rows.push(
        await insertAppointment(t.database.db, new Date(past.getTime() + rows.length * HOUR), {
          status,
          ...person,
          checkInCode: null,
        }),
      );
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/forgotpassword',
      payload: { email: person.email },
      remoteAddress: freshClientAddress(),
    });
    expect(forgot.statusCode).toBe(200);
    return { account, upcoming: [own.json().id as number, guest.id], cancelled, past: rows.map((r) => r.id) };
  }

  it('exports everything held about an address, then erases it in one go', async () => {
    const person = visitor('Erase');
    const held = await fullPerson(person);
    const all = [...held.upcoming, held.cancelled.id, ...held.past].sort((a, b) => a - b);

    const exported = await exportOf(person.email.toUpperCase());
    expect(exported.statusCode, exported.body).toBe(200);
    const doc = privacyExportSchema.parse(exported.json());
    expect(doc.account).toMatchObject({
      email: person.email,
      lastName: person.lastName,
      phone: person.phone,
    });
    expect(doc.appointments.map((a) => a.id)).toEqual(all);
    expect(doc.appointments.map((a) => a.status).sort()).toEqual(
      ['cancelled', 'checked_in', 'confirmed', 'confirmed', 'confirmed', 'no_show'].sort(),
    );
    expect(doc.summary).toMatchObject({ account: true, appointments: 6, upcoming: 2 });
    expect(doc.appointments.find((a) => a.id === held.cancelled.id)!.history.map((h) => h.action)).toEqual([
      'appointment_created',
      'appointment_cancelled',
    ]);
    expect(doc.queuedMails.map((m) => m.kind)).toEqual(
      expect.arrayContaining(['appointment-confirmation', 'appointment-cancellation', 'password-reset']),
    );
    // Looking is audited: who and how much, not whose.
    const looked = (
      await t.database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.action, 'privacy_access_export'))
        .orderBy(auditEvents.id)
    ).at(-1);
    expect(looked?.actorUserId).toBe(t.admin.userId);
    expect(JSON.stringify(looked)).not.toContain(person.email);

    // The search finds them while they are held: in appointments, the account, the audit trail, the limits.
    const before = await searchDatabase(t.database.db, needlesOf(person));
    expect(before).toEqual(
      expect.arrayContaining([
        `appointments.last_name: ${person.lastName}`,
        `users.email: ${person.email}`,
        `users.phone: ${person.phone}`,
        `audit_events.details: ${person.lastName}`,
        `rate_limit_hits.key: ${person.email}`,
      ]),
    );

    const res = await erase(` ${person.email.toUpperCase()} `);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ appointmentsCancelled: 2, appointmentsAnonymised: 6, accountDeleted: true });

    for (const id of all) {
      const row = await appointmentRow(t.database.db, id);
      expect(row).toMatchObject({ lastName: null, email: null, phone: null, userId: null, tokenNonce: null });
      expect(row.erasedAt).not.toBeNull();
    }
    for (const id of held.upcoming)
      expect((await appointmentRow(t.database.db, id)).status).toBe('cancelled');
    expect((await appointmentRow(t.database.db, held.past[0]!)).status).toBe('checked_in');
    expect(await t.database.db.select().from(users).where(eq(users.email, person.email))).toEqual([]);
    expect(
      (await t.call('GET', `/api/user/${held.account.userId}`, t.admin)).statusCode,
      'the account is gone',
    ).toBe(404);

    // The two cancellations were rendered before the data went, and go out addressed to the visitor.
    const queued = await t.database.db.select().from(outbox).where(isNotNull(outbox.content));
    expect(queued.map((m) => [m.kind, m.content?.to])).toEqual([
      ['appointment-cancellation', person.email],
      ['appointment-cancellation', person.email.toUpperCase()],
    ]);
    expect(await sendDueMails(t.database.db, t.config)).toBeGreaterThanOrEqual(2);
    expect(await t.database.db.select().from(outbox).where(isNotNull(outbox.content))).toEqual([]);

    const request = (
      await t.database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.action, 'privacy_erasure'))
        .orderBy(auditEvents.id)
    ).at(-1);
    expect(request).toMatchObject({
      actorUserId: t.admin.userId,
      details: { appointmentsCancelled: 2, appointmentsAnonymised: 6, accountDeleted: true },
    });

    // Nothing about the address is left anywhere.
    expect(await searchDatabase(t.database.db, needlesOf(person))).toEqual([]);
    const after = privacyExportSchema.parse((await exportOf(person.email)).json());
    expect(after.summary).toEqual({
      account: false,
      appointments: 0,
      upcoming: 0,
      historyEvents: 0,
      queuedMails: 0,
    });
    // What stays still shows in the staff's lists, marked.
    const seen = await t.call('GET', `/api/appointment/${held.past[0]}`, t.admin);
    expect(seen.json()).toMatchObject({ status: 'checked_in', lastName: '', personalDataErased: true });
    expect((await loginAs(t.app, 'admin')).token).toBeTruthy();
  });

  it('deletes the mail files of the address and of its appointments once the erasure is done, not before nor for a refused one', async () => {
    const person = visitor('Files');
    const bystander = visitor('Bystander');
    const mailDir = path.join(t.config.dataDir, 'mail');
    /** The .eml files (the file transport's mails: no SMTP_URL here) that name `needle`, any case. */
    const filesNaming = (needle: string) =>
      existsSync(mailDir)
        ? readdirSync(mailDir).filter((f) =>
            readFileSync(path.join(mailDir, f), 'utf8').toLowerCase().includes(needle.toLowerCase()),
          )
        : [];
    const { date } = await someSlots(t.app, 4);
    const guest = await bookFor(t.app, date, 0, person);
    await bookFor(t.app, date, 1, { ...person, email: person.email.toUpperCase() });
    // Booked under another address, moved to this one later: its confirmation went to the old address
    // but carries this person's name.
    const moved = await bookFor(t.app, date, 2, { ...person, email: 'old.address.files@privacy.example' });
    await sendDueMails(t.database.db, t.config);
    const patched = await t.call('PATCH', `/api/appointment/${moved.id}`, null, {
      token: moved.token,
      email: person.email,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const other = await bookFor(t.app, date, 3, bystander);
    await sendDueMails(t.database.db, t.config);
    expect(filesNaming(person.email)).toHaveLength(2);
    expect(filesNaming('old.address.files@privacy.example')).toHaveLength(1);
    const bystanderFiles = filesNaming(bystander.email);
    expect(bystanderFiles).toHaveLength(1);
    // No file name gives the address away.
    expect(readdirSync(mailDir).filter((f) => /privacy|example|files/i.test(f))).toEqual([]);

    // A refused erasure changes nothing, its files included.
    const developerMail = await createMailTransport(t.config, () => undefined).send({
      to: PERSONA_ACCOUNTS.developer.email,
      subject: 'Test',
      text: 'Hallo',
      language: 'nl',
    });
    expect((await erase(PERSONA_ACCOUNTS.developer.email, sessions.admin)).statusCode).toBe(403);
    expect(existsSync(developerMail)).toBe(true);

    const res = await erase(person.email);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ appointmentsCancelled: 3, appointmentsAnonymised: 3 });
    expect(filesNaming(person.email)).toEqual([]);
    expect(filesNaming(person.lastName)).toEqual([]);
    expect(filesNaming('old.address.files@privacy.example')).toEqual([]);
    expect(filesNaming(bystander.email)).toEqual(bystanderFiles);

    // The erasure's own cancellations are written after it (decision 0371): they reach the files as they
    // would reach the visitor, and go at the next retention run (decision 0420), the bystander's stay.
    await sendDueMails(t.database.db, t.config);
    expect(filesNaming(person.email)).toHaveLength(3);
    await runRetention(t.app.db, t.config);
    expect(filesNaming(person.email)).toEqual([]);
    expect(filesNaming(person.lastName)).toEqual([]);
    expect(filesNaming(bystander.email)).toEqual(bystanderFiles);
    expect((await appointmentRow(t.database.db, other.id)).lastName).toBe(bystander.lastName);
    expect((await appointmentRow(t.database.db, guest.id)).erasedAt).not.toBeNull();
  });

  it('deletes the appointment mails another process wrote into its own DATA_DIR at that process’s next retention run', async () => {
    // On PostgreSQL each server process may have its own DATA_DIR: its worker's files are out of reach
    // of the process that serves the erasure, but they name the appointment (decision 0420).
    const elsewhere = { ...t.config, dataDir: mkdtempSync(path.join(tmpdir(), 'balie-other-process-')) };
    try {
      const person = visitor('Elsewhere');
      const mailDir = path.join(elsewhere.dataDir, 'mail');
      const filesNaming = (needle: string) =>
        readdirSync(mailDir).filter((f) =>
          readFileSync(path.join(mailDir, f), 'utf8').toLowerCase().includes(needle.toLowerCase()),
        );
      const { date } = await someSlots(t.app, 1);
      await bookFor(t.app, date, 0, person);
      await sendDueMails(t.database.db, elsewhere);
      expect(filesNaming(person.email)).toHaveLength(1);
      expect((await erase(person.email)).statusCode).toBe(200);
      // Its cancellation, too, is sent by that process's worker.
      await sendDueMails(t.database.db, elsewhere);
      expect(filesNaming(person.email)).toHaveLength(2);
      await runRetention(t.app.db, elsewhere);
      expect(filesNaming(person.email)).toEqual([]);
    } finally {
      rmSync(elsewhere.dataDir, { recursive: true, force: true });
    }
  });
});
