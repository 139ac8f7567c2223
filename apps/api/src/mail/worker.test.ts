import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, gt } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultMailFrom } from '../config.js';
import { organisation, outbox } from '../db/schema/index.js';
import { DEMO_ORGANISATION } from '../demo/seed.js';
import { testDatabases, useTestApp } from '../test/index.js';
import { TestSmtp } from '../test/smtp.js';
import { enqueueMail } from './outbox.js';
import { registerMailKind } from './registry.js';
import { createMailTransport, SMTP_CONNECTIONS, type MailTransport } from './transport.js';
import { MailWorker, type MailWorkerOptions } from './worker.js';

registerMailKind('test-note', async (payload) => ({
  to: `note${String(payload.n)}@example.org`,
  subject: `Note ${String(payload.n)}`,
  text: 'Hello',
  language: 'en',
}));

/** A transport whose sends hang until the test answers them: a worker stuck mid-send, or dead. */
function hangingTransport() {
  const sends: Array<{ resolve: (where: string) => void; reject: (err: Error) => void }> = [];
  const transport: MailTransport = {
    send: () => new Promise((resolve, reject) => sends.push({ resolve, reject })),
    close: () => undefined,
  };
  return { transport, sends };
}

const after = (t0: Date, ms: number) => () => new Date(t0.getTime() + ms);
// How long a wait for the worker's state may take: vi.waitFor's default of 1 s is too tight for a loaded
// 2-core machine. A patience limit, not a speed assertion.
const PATIENCE = { timeout: 10_000 };

/** Quoted-printable soft line breaks split long links; undo them to read the text. */
const unfold = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

describe.each(testDatabases)('mail worker on %s', (kind) => {
  let smtp: TestSmtp;
  const workers: MailWorker[] = [];
  const transports: MailTransport[] = [];

  beforeAll(async () => {
    smtp = await TestSmtp.create();
  });
  afterAll(() => smtp?.close());
  const t = useTestApp(kind, () => ({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Balie <balie@test>' } }));
  // Each test starts with an empty outbox, so a slow send in one cannot leak into the next.
  beforeEach(async () => {
    await t.database.db.delete(outbox).where(gt(outbox.id, 0));
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    for (const transport of transports.splice(0)) transport.close();
    await smtp.down();
    smtp.inbox.length = 0;
    smtp.connections = smtp.maxInFlight = 0;
    smtp.refuse = undefined;
  });

  function worker(options: Partial<MailWorkerOptions> = {}): MailWorker {
    const config = options.config ?? t.config;
    const transport = options.transport ?? createMailTransport(config, () => undefined);
    transports.push(transport);
    const w = new MailWorker({ db: t.database.db, config, transport, backoffBaseMs: 30, ...options });
    workers.push(w);
    return w;
  }
  const pendingRows = () => t.database.db.select().from(outbox);

  it('keeps a mail while the SMTP server is down and delivers it exactly once when it is up', async () => {
    const t0 = new Date();
    let clock = t0;
    const w = worker({ now: () => clock, backoffBaseMs: 60_000 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/forgotpassword',
      payload: { email: 'user@example.com' },
    });
    expect(res.statusCode).toBe(200);
    // The reset mail is queued after the reply (decision 0131).
    await t.app.background.settled();

    expect(await w.runOnce()).toEqual({ sent: 0, failed: 1, skipped: 0 });
    const [failed] = await pendingRows();
    expect(failed).toMatchObject({ attempts: 1, sentAt: null, lockedUntil: null });
    expect(failed!.lastError).toMatch(/ECONNREFUSED|connect/i);
    // Backing off: not retried at once.
    expect(await w.runOnce()).toEqual({ sent: 0, failed: 0, skipped: 0 });

    await smtp.up();
    const inbox = smtp.inbox;
    clock = after(t0, 59_000)();
    expect(await w.runOnce()).toEqual({ sent: 0, failed: 0, skipped: 0 });
    clock = after(t0, 61_000)();
    expect(await w.runOnce()).toEqual({ sent: 1, failed: 0, skipped: 0 });
    expect(await w.runOnce()).toEqual({ sent: 0, failed: 0, skipped: 0 });
    expect(inbox).toHaveLength(1);
    expect(inbox[0]!.to).toEqual(['user@example.com']);
    const raw = unfold(inbox[0]!.raw);
    expect(raw).toContain('Subject: Wachtwoord opnieuw instellen');
    expect(raw).toContain('Content-Language: nl');

    // The link in the mail resets the password.
    const token = /http:\/\/balie\.test\/reset-password\/([A-Za-z0-9_-]{43})/.exec(raw)?.[1];
    expect(token).toBeDefined();
    const reset = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/updatePassword/${token}`,
      payload: { password: 'Fresh-Pass1', token },
    });
    expect(reset.statusCode).toBe(200);
    const [sent] = await pendingRows();
    expect(sent).toMatchObject({ attempts: 2, lastError: null });
    expect(sent!.sentAt).toBeInstanceOf(Date);
    await t.database.db.delete(outbox).where(eq(outbox.id, sent!.id));
  });

  it('writes the mail in the user’s language', async () => {
    await smtp.up();
    const inbox = smtp.inbox;
    const email = `duits.${kind}@example.org`;
    await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email, password: 'Geheim123!', language: 'de' },
    });
    await t.app.inject({ method: 'POST', url: '/api/forgotpassword', payload: { email } });
    await t.app.background.settled();
    expect((await worker().runOnce()).sent).toBe(1);
    expect(inbox[0]!.raw).toContain('Subject: =?UTF-8?Q?Passwort_zur=C3=BCcksetzen?=');
  });

  it('sends under the organisation’s name without MAIL_FROM, at the default address; MAIL_FROM as it is', async () => {
    await smtp.up();
    const inbox = smtp.inbox;
    const fromOf = (i: number) => /^From: (.*)$/m.exec(inbox[i]!.raw)?.[1];
    const note = (n: number) => enqueueMail(t.database.db, 'test-note', { n });
    // No MAIL_FROM: the address stays no-reply at PUBLIC_URL's host, the name is the organisation's,
    // read when the mail goes out.
    const unset = { ...t.config, mailFrom: defaultMailFrom(t.config.publicUrl), mailFromSet: false };
    await note(1);
    expect((await worker({ config: unset }).runOnce()).sent).toBe(1);
    expect(fromOf(0)).toBe(`${DEMO_ORGANISATION.name} <no-reply@balie.test>`);
    await t.database.db
      .update(organisation)
      .set({ name: 'Gemeente "Oost", West' })
      .where(eq(organisation.id, 1));
    try {
      await note(2);
      expect((await worker({ config: unset }).runOnce()).sent).toBe(1);
      expect(fromOf(1)).toBe('"Gemeente \\"Oost\\", West" <no-reply@balie.test>');
    } finally {
      await t.database.db
        .update(organisation)
        .set({ name: DEMO_ORGANISATION.name })
        .where(eq(organisation.id, 1));
    }
    // MAIL_FROM set: the operator's sender, name and all.
    await note(3);
    expect((await worker().runOnce()).sent).toBe(1);
    expect(fromOf(2)).toBe('Balie <balie@test>');
  });

  it('follows a language changed on the profile or with the interface switch (decision 0190)', async () => {
    await smtp.up();
    const inbox = smtp.inbox;
    const email = `wisselt.${kind}@example.org`;
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email, password: 'Geheim123!', language: 'en' },
    });
    const { token } = registered.json<{ token: string }>();
    const headers = { authorization: `Bearer ${token}` };
    const me = await t.app.inject({ method: 'GET', url: '/api/user/current', headers });
    const id = me.json<{ id: number }>().id;
    const resetMailSubject = async () => {
      inbox.length = 0;
      await t.app.inject({ method: 'POST', url: '/api/forgotpassword', payload: { email } });
      await t.app.background.settled();
      expect((await worker().runOnce()).sent).toBe(1);
      return /^Subject: (.*)$/m.exec(inbox[0]!.raw)?.[1];
    };

    // The top-bar switch (uiSettings.locale) chose English; then the profile's language field says Dutch.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/user/${id}`,
      headers,
      payload: { uiSettings: { locale: 'en-GB' } },
    });
    const toDutch = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/${id}`,
      headers,
      payload: { languageId: 251 },
    });
    expect(toDutch.json()).toMatchObject({ language: { code: 'nl-NL' }, uiSettings: { locale: 'nl-NL' } });
    expect(await resetMailSubject()).toBe('Wachtwoord opnieuw instellen');

    // The switch back to English changes the stored language as well.
    const toEnglish = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/${id}`,
      headers,
      payload: { uiSettings: { locale: 'en-GB' } },
    });
    expect(toEnglish.json()).toMatchObject({ language: { code: 'en-GB' }, uiSettings: { locale: 'en-GB' } });
    expect(await resetMailSubject()).toBe('Reset your password');
  });

  it('sends each row once when two workers run at the same time', async () => {
    await smtp.up();
    const inbox = smtp.inbox;
    for (let n = 0; n < 6; n++) await enqueueMail(t.database.db, 'test-note', { n });
    const [a, b] = [worker(), worker()];
    const results = await Promise.all([a.runOnce(), b.runOnce()]);
    await Promise.all([a.runOnce(), b.runOnce()]);
    expect(results[0]!.sent + results[1]!.sent).toBe(6);
    expect(inbox.map((m) => m.to[0]).sort()).toEqual([0, 1, 2, 3, 4, 5].map((n) => `note${n}@example.org`));
  });

  it('keeps retrying a mail whose kind is unknown, and skips one that became pointless', async () => {
    await smtp.up();
    const unknownId = await enqueueMail(t.database.db, 'no-such-kind', { x: 1 });
    // A reset mail for a token that no longer exists is not sent.
    const goneId = await enqueueMail(t.database.db, 'password-reset', { resetTokenId: 999999 });
    expect(await worker().runOnce()).toEqual({ sent: 0, failed: 1, skipped: 1 });
    const rows = await pendingRows();
    expect(rows.find((r) => r.id === unknownId)).toMatchObject({ sentAt: null, attempts: 1 });
    expect(rows.find((r) => r.id === goneId)!.sentAt).toBeInstanceOf(Date);
  });

  it('writes .eml files to DATA_DIR/mail when no SMTP_URL is set', async () => {
    const config = { ...t.config, smtpUrl: undefined };
    await t.app.inject({
      method: 'POST',
      url: '/api/forgotpassword',
      payload: { email: 'admin@example.com' },
    });
    await t.app.background.settled();
    expect((await worker({ config }).runOnce()).sent).toBe(1);
    const dir = path.join(config.dataDir, 'mail');
    const files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const eml = unfold(readFileSync(path.join(dir, files[0]!), 'utf8'));
    expect(eml).toContain('To: admin@example.com');
    expect(eml).toMatch(/reset-password\/[A-Za-z0-9_-]{43}/);
  });

  it('sends the mails of a worker that died holding them once its lease has run out', async () => {
    await smtp.up();
    for (let n = 0; n < 3; n++) await enqueueMail(t.database.db, 'test-note', { n });
    const t0 = new Date();
    // Stuck in its sends with its clock frozen: to the database, exactly a process that died.
    const { transport, sends } = hangingTransport();
    const dead = worker({ transport, now: () => t0, leaseMs: 30_000 });
    const deadPass = dead.runOnce();
    await vi.waitFor(() => expect(sends).toHaveLength(3), PATIENCE);

    expect(await worker({ now: after(t0, 29_000) }).runOnce()).toEqual({ sent: 0, failed: 0, skipped: 0 });
    expect(await worker({ now: after(t0, 31_000) }).runOnce()).toEqual({ sent: 3, failed: 0, skipped: 0 });
    expect(smtp.inbox.map((m) => m.to[0]).sort()).toEqual([0, 1, 2].map((n) => `note${n}@example.org`));

    // The stuck worker's sends fail late: that must not undo the other worker's success.
    for (const send of sends) send.reject(new Error('connection lost'));
    expect(await deadPass).toEqual({ sent: 0, failed: 3, skipped: 0 });
    for (const row of await pendingRows())
      expect(row).toMatchObject({ attempts: 1, lastError: null, lockedBy: null, lockedUntil: null });
    expect((await pendingRows()).every((r) => r.sentAt instanceof Date)).toBe(true);
  });

  it('keeps the rows it is still sending by renewing their lease', async () => {
    await smtp.up();
    await enqueueMail(t.database.db, 'test-note', { n: 7 });
    const t0 = new Date();
    let clock = t0;
    const { transport, sends } = hangingTransport();
    const slow = worker({ transport, now: () => clock, leaseMs: 30_000, renewMs: 10 });
    const pass = slow.runOnce();
    await vi.waitFor(() => expect(sends).toHaveLength(1), PATIENCE);
    clock = after(t0, 25_000)();
    await vi.waitFor(
      async () => expect((await pendingRows())[0]!.lockedUntil?.getTime()).toBe(t0.getTime() + 55_000),
      PATIENCE,
    );
    // Past the first lease, within the renewed one: nobody else takes the row.
    expect(await worker({ now: after(t0, 40_000) }).runOnce()).toEqual({ sent: 0, failed: 0, skipped: 0 });
    sends[0]!.resolve('accepted');
    expect(await pass).toEqual({ sent: 1, failed: 0, skipped: 0 });
    expect(smtp.inbox).toHaveLength(0);
  });

  it('sends several mails at once over a few pooled SMTP connections', async () => {
    await smtp.up();
    smtp.gate = 3;
    for (let n = 0; n < 20; n++) await enqueueMail(t.database.db, 'test-note', { n });
    expect(await worker().runOnce()).toEqual({ sent: 20, failed: 0, skipped: 0 });
    expect(smtp.maxInFlight).toBeGreaterThanOrEqual(3);
    expect(smtp.connections).toBeLessThanOrEqual(SMTP_CONNECTIONS);
    expect(new Set(smtp.inbox.map((m) => m.to[0])).size).toBe(20);
  });

  it('drains a backlog of several batches without waiting for the next poll', async () => {
    await smtp.up();
    for (let n = 0; n < 12; n++) await enqueueMail(t.database.db, 'test-note', { n });
    worker({ batchSize: 5, pollMs: 60_000 }).start();
    await vi.waitFor(() => expect(smtp.inbox).toHaveLength(12), PATIENCE);
  });

  it('gives every attempt of a row the same Message-ID', async () => {
    await enqueueMail(t.database.db, 'test-note', { n: 1 });
    const t0 = new Date();
    expect(await worker({ now: () => t0 }).runOnce()).toMatchObject({ failed: 1 });
    await smtp.up();
    expect(await worker({ now: after(t0, 60_000) }).runOnce()).toMatchObject({ sent: 1 });
    const [row] = await pendingRows();
    expect(smtp.inbox[0]!.raw).toContain(`Message-ID: <outbox-${row!.id}.`);
  });

  it('retries the mails that waited for an unreachable server as soon as it accepts mail again', async () => {
    const t0 = new Date();
    const w = worker({ now: () => t0, backoffBaseMs: 60_000 });
    for (let n = 0; n < 2; n++) await enqueueMail(t.database.db, 'test-note', { n });
    expect(await w.runOnce()).toEqual({ sent: 0, failed: 2, skipped: 0 });
    expect((await pendingRows())[0]!.lastError).toMatch(/^server unreachable/);
    await smtp.up();
    // A new mail goes out: the server is back, so the two waiting for their back-off go at once too.
    await enqueueMail(t.database.db, 'test-note', { n: 2 });
    expect(await w.runOnce()).toEqual({ sent: 1, failed: 0, skipped: 0 });
    expect(await w.runOnce()).toEqual({ sent: 2, failed: 0, skipped: 0 });
    // A mail the server refuses is not a server that is down: it waits for its back-off.
    await enqueueMail(t.database.db, 'test-note', { n: 'refused' });
    smtp.refuse = 'noterefused@example.org';
    expect(await w.runOnce()).toEqual({ sent: 0, failed: 1, skipped: 0 });
    await enqueueMail(t.database.db, 'test-note', { n: 4 });
    expect(await w.runOnce()).toEqual({ sent: 1, failed: 0, skipped: 0 });
    expect(await w.runOnce()).toEqual({ sent: 0, failed: 0, skipped: 0 });
  });
});
