import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, gt } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema/index.js';
import { createTestApp, testDatabases, type TestApp } from '../test/index.js';
import { TestSmtp } from '../test/smtp.js';
import { enqueueMail } from './outbox.js';
import { registerMailKind } from './registry.js';
import { createMailTransport } from './transport.js';
import { MailWorker } from './worker.js';

registerMailKind('test-note', async (payload) => ({
  to: `note${String(payload.n)}@example.org`,
  subject: `Note ${String(payload.n)}`,
  text: 'Hello',
  language: 'en',
}));

/** Quoted-printable soft line breaks split long links; undo them to read the text. */
const unfold = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

describe.each(testDatabases)('mail worker on %s', (kind) => {
  let t: TestApp;
  let smtp: TestSmtp;
  const workers: MailWorker[] = [];

  beforeAll(async () => {
    smtp = await TestSmtp.create();
    t = await createTestApp({
      kind,
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Balie <balie@test>' },
    });
  });
  // Each test starts with an empty outbox, so a slow send in one cannot leak into the next.
  beforeEach(async () => {
    await t.database.db.delete(outbox).where(gt(outbox.id, 0));
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    await smtp.down();
    smtp.inbox.length = 0;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  function worker(config = t.config): MailWorker {
    const w = new MailWorker({
      db: t.database.db,
      config,
      transport: createMailTransport(config, () => undefined),
      backoffBaseMs: 30,
    });
    workers.push(w);
    return w;
  }
  const pendingRows = () => t.database.db.select().from(outbox);

  it('keeps a mail while the SMTP server is down and delivers it exactly once when it is up', async () => {
    const w = worker();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/forgotpassword',
      payload: { email: 'user@example.com' },
    });
    expect(res.statusCode).toBe(200);

    expect(await w.runOnce()).toEqual({ sent: 0, failed: 1, skipped: 0 });
    const [failed] = await pendingRows();
    expect(failed).toMatchObject({ attempts: 1, sentAt: null, lockedUntil: null });
    expect(failed!.lastError).toMatch(/ECONNREFUSED|connect/i);
    // Backing off: not retried at once.
    expect(await w.runOnce()).toEqual({ sent: 0, failed: 0, skipped: 0 });

    await smtp.up();
    const inbox = smtp.inbox;
    await new Promise((r) => setTimeout(r, 80));
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
    expect((await worker().runOnce()).sent).toBe(1);
    expect(inbox[0]!.raw).toContain('Subject: =?UTF-8?Q?Passwort_zur=C3=BCcksetzen?=');
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
    expect((await worker(config).runOnce()).sent).toBe(1);
    const dir = path.join(config.dataDir, 'mail');
    const files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const eml = unfold(readFileSync(path.join(dir, files[0]!), 'utf8'));
    expect(eml).toContain('To: admin@example.com');
    expect(eml).toMatch(/reset-password\/[A-Za-z0-9_-]{43}/);
  });
});
