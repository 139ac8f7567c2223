import { and, desc, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { invitationSchema, loginResponseSchema } from '@balie/shared';
import { queryRows } from '../../db/client.js';
import { auditEvents, invitations, outbox, users } from '../../db/schema/index.js';
import { rendererOf, type RenderedMail } from '../../mail/registry.js';
import { login, loginAs, testDatabases, useTestApp, type Session } from '../../test/index.js';
import { makeAccount, PASSWORD as ACCOUNT_PASSWORD } from '../mfa/test-support.js';
import { INVITATION_MAIL } from './mail.js';
import { withdrawInvitationsOfSender } from './senders.js';

const DAY = 24 * 3600 * 1000;
const PASSWORD = 'Welkom-01!';

describe.each(testDatabases)('invitations of colleagues on %s', (kind) => {
  const t = useTestApp(kind, { sessions: ['admin', 'user'] });
  afterEach(() => vi.useRealTimers());

  let seq = 0;
  const newAddress = () => `colleague${++seq}.${kind}@example.org`;
  const invite = (payload: object, s: Session = t.admin) => t.call('POST', '/api/users/invite', s, payload);
  const pending = async () => (await t.call('GET', '/api/users/invitations', t.admin)).json();
  const accept = (token: string, password = PASSWORD) =>
    t.call('POST', `/api/invitation/${token}`, null, { password });
  const headersOf = (token: string) => ({ headers: { authorization: `Bearer ${token}` } }) as Session;

  /** The newest invitation mail as the worker would send it now (null: it would not be sent). */
  async function latestMail(invitationId: number): Promise<RenderedMail | null> {
    const [row] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, INVITATION_MAIL))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(row?.payload).toEqual({ invitationId });
    return rendererOf(INVITATION_MAIL)!(row!.payload, { db: t.database.db, config: t.config });
  }
  /** The token of the mailed link. */
  async function mailedToken(invitationId: number): Promise<string> {
    const mail = await latestMail(invitationId);
    const link = /http:\/\/balie\.test\/invitation\/([A-Za-z0-9_-]+)/.exec(mail!.text);
    expect(link, mail!.text).not.toBeNull();
    return link![1]!;
  }
  async function invited(role = 'ROLE_STAFF', language?: string) {
    const email = newAddress();
    const res = await invite({ email, role, ...(language ? { language } : {}) });
    expect(res.statusCode, res.body).toBe(201);
    const id: number = res.json().id;
    return { email, id, token: await mailedToken(id) };
  }

  it('lets an admin invite a colleague: 201 with id, address and a link valid for 7 days, mailed', async () => {
    const email = newAddress();
    const before = Date.now();
    const res = await invite({ email: `  ${email.toUpperCase()} `, role: 'ROLE_STAFF' });
    expect(res.statusCode, res.body).toBe(201);
    const body = invitationSchema.strict().parse(res.json());
    expect(body).toMatchObject({
      email,
      role: 'ROLE_STAFF',
      language: 'nl',
      expired: false,
      invitedBy: { name: 'Anna de Vries', email: 'admin@example.com' },
    });
    const expires = Date.parse(body.expiresAt);
    expect(expires).toBeGreaterThanOrEqual(before + 7 * DAY - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 7 * DAY);
    expect((await pending()).map((i: { id: number }) => i.id)).toContain(body.id);

    const mail = (await latestMail(body.id))!;
    expect(mail.to).toBe(email);
    expect(mail.language).toBe('nl');
    expect(mail.subject).toMatch(/^Uitnodiging/);
    expect(mail.text).toContain('als medewerker');
    expect(mail.text).toMatch(/7 dagen geldig/);
    // ≥ 256 bits in the link; the database keeps only its hash and the nonce it was derived from.
    const token = await mailedToken(body.id);
    expect(token.length).toBeGreaterThanOrEqual(43);
    const [row] = await t.database.db.select().from(invitations).where(eq(invitations.id, body.id));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(JSON.stringify(await t.database.db.select().from(outbox))).not.toContain(token);

    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'invitation_sent'), eq(auditEvents.subjectId, String(body.id))));
    expect(event).toMatchObject({ actorUserId: t.admin.userId, subjectType: 'invitation' });
    expect(event!.details).toMatchObject({
      changes: { email: { after: email }, roles: { after: ['ROLE_STAFF'] } },
    });
    // The audit screen names the invitation by its address.
    const trail = await t.call('GET', `/api/audit-events?entityType=invitation&entityId=${body.id}`, t.admin);
    expect(trail.json().items).toEqual([
      expect.objectContaining({ action: 'invitation_sent', entityLabel: email }),
    ]);
  });

  it('writes the mail in the invitation’s language', async () => {
    for (const [language, subject, role] of [
      ['en', /^Invitation/, 'as administrator'],
      ['de', /^Einladung/, 'als Administrator/in'],
    ] as const) {
      const email = newAddress();
      const res = await invite({ email, role: 'ROLE_ADMIN', language });
      const mail = (await latestMail(res.json().id))!;
      expect(mail.language).toBe(language);
      expect(mail.subject).toMatch(subject);
      expect(mail.text).toContain(role);
    }
  });

  it('accepts the link once: the account gets the role and is signed in; the link then opens nothing', async () => {
    const { email, id, token } = await invited('ROLE_STAFF', 'en');
    const res = await t.call('POST', `/api/invitation/${token}`, null, {
      password: PASSWORD,
      firstName: 'Daan',
      lastName: 'de Balie',
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = loginResponseSchema.parse(res.json());
    expect(body.user).toMatchObject({
      email,
      fullName: 'Daan de Balie',
      roles: ['ROLE_USER', 'ROLE_STAFF'],
      language: { code: 'en-GB' },
    });
    // Signed in as staff: today's list yes, user administration no.
    const staff = headersOf(body.token);
    expect((await t.call('GET', '/api/appointments/today', staff)).statusCode).toBe(200);
    expect((await t.call('GET', '/api/users', staff)).statusCode).toBe(403);
    // The password works for a later sign-in too.
    const login = await t.call('POST', '/api/login', null, { username: email, password: PASSWORD });
    expect(login.statusCode).toBe(200);

    const again = await accept(token, 'Other-Pass2!');
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual([{ property: 'token', message: 'object/not-found' }]);
    expect((await pending()).map((i: { id: number }) => i.id)).not.toContain(id);
    const accepted = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'invitation_accepted'), eq(auditEvents.subjectId, String(body.user.id))),
      );
    expect(accepted).toHaveLength(1);
    expect(accepted[0]!.actorUserId).toBe(body.user.id);
  });

  it('makes one account when the link is used twice at the same moment', async () => {
    const { email, token } = await invited();
    const answers = await Promise.all([accept(token), accept(token)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('refuses an expired link (test clock), lists it as expired, and a resend gives a new working link', async () => {
    const { id, token } = await invited('ROLE_ADMIN');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 7 * DAY + 60_000 });
    // A week on, the admin signs in anew (access tokens last minutes).
    const later = await loginAs(t.app, 'admin');
    const late = await accept(token);
    expect(late.statusCode).toBe(400);
    expect(late.json().errors).toEqual([{ property: 'token', message: 'object/not-found' }]);
    expect(
      (await t.call('GET', '/api/users/invitations', later)).json().find((i: { id: number }) => i.id === id),
    ).toMatchObject({ expired: true });
    // A mail still queued from before is not sent once the link has run out.
    expect(await latestMail(id)).toBeNull();

    const resent = await t.call('POST', `/api/users/invitation/${id}/resend`, later);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ id, expired: false });
    expect(Date.parse(resent.json().expiresAt)).toBeGreaterThan(Date.now() + 7 * DAY - 1000);
    const fresh = await mailedToken(id);
    expect(fresh).not.toBe(token);
    expect((await accept(token)).statusCode).toBe(400);
    const ok = await accept(fresh);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().user.roles).toEqual(['ROLE_USER', 'ROLE_ADMIN']);
    // Accepted: nothing left to resend or withdraw.
    expect((await t.call('POST', `/api/users/invitation/${id}/resend`, later)).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/users/invitation/${id}`, later)).statusCode).toBe(404);
  });

  it('lets a resend replace the link of the earlier mail while it is still valid', async () => {
    const { id, token } = await invited();
    expect((await t.call('POST', `/api/users/invitation/${id}/resend`, t.admin)).statusCode).toBe(200);
    const fresh = await mailedToken(id);
    expect((await accept(token)).json().errors).toEqual([{ property: 'token', message: 'object/not-found' }]);
    expect((await accept(fresh)).statusCode).toBe(201);
  });

  it('withdraws an invitation: its link opens nothing, it leaves the list, a second withdrawal is 404', async () => {
    const { id, token } = await invited();
    const gone = await t.call('DELETE', `/api/users/invitation/${id}`, t.admin);
    expect(gone.statusCode).toBe(204);
    expect((await pending()).map((i: { id: number }) => i.id)).not.toContain(id);
    const res = await accept(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ property: 'token', message: 'object/not-found' }]);
    expect((await t.call('DELETE', `/api/users/invitation/${id}`, t.admin)).statusCode).toBe(404);
    expect((await t.call('POST', `/api/users/invitation/${id}/resend`, t.admin)).statusCode).toBe(404);
    expect(await latestMail(id)).toBeNull();
  });

  it('replaces an open invitation of the same address: the new role counts, the old link is dead', async () => {
    const { email, id, token } = await invited('ROLE_STAFF');
    const second = await invite({ email, role: 'ROLE_ADMIN' });
    expect(second.statusCode).toBe(201);
    const list = (await pending()).filter((i: { email: string }) => i.email === email);
    expect(list).toEqual([expect.objectContaining({ id: second.json().id, role: 'ROLE_ADMIN' })]);
    expect(second.json().id).not.toBe(id);
    expect((await accept(token)).statusCode).toBe(400);
    const ok = await accept(await mailedToken(second.json().id));
    expect(ok.json().user.roles).toEqual(['ROLE_USER', 'ROLE_ADMIN']);
  });

  it('refuses an address that has an account (409 email_taken), also when it registered after the invitation', async () => {
    const taken = await invite({ email: 'User@Example.com', role: 'ROLE_STAFF' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'conflict',
      errors: [{ property: 'email', message: 'email_taken' }],
    });

    const { email, token } = await invited();
    const registered = await t.call('POST', '/api/register', null, { email, password: 'Secret123!' });
    expect(registered.statusCode).toBe(201);
    const late = await accept(token);
    expect(late.statusCode).toBe(409);
    expect(late.json().errors).toEqual([{ property: 'email', message: 'email_taken' }]);
    const [account] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(account!.roles).toEqual(['ROLE_USER']);
  });

  it('names the bad field: address, role, language, password, token', async () => {
    for (const [payload, property] of [
      [{ email: 'nope', role: 'ROLE_STAFF' }, 'email'],
      [{ email: newAddress(), role: 'ROLE_USER' }, 'role'],
      [{ email: newAddress(), role: 'ROLE_DEVELOPER' }, 'role'],
      [{ email: newAddress() }, 'role'],
      [{ email: newAddress(), role: 'ROLE_STAFF', language: 'fr' }, 'language'],
    ] as const) {
      const res = await invite(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors[0].property).toBe(property);
    }
    const { token } = await invited();
    const weak = await accept(token, 'weak');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors[0].property).toBe('password');
    const unknown = await accept('a'.repeat(43));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([{ property: 'token', message: 'object/not-found' }]);
    expect((await t.call('DELETE', '/api/users/invitation/abc', t.admin)).json().errors[0].property).toBe(
      'id',
    );
  });

  it('keeps invitations to admins: staff and users get 403, guests 401', async () => {
    const staff = await invited();
    const session = headersOf((await accept(staff.token)).json().token);
    for (const s of [session, t.user]) {
      expect((await invite({ email: newAddress(), role: 'ROLE_STAFF' }, s)).statusCode).toBe(403);
      expect((await t.call('GET', '/api/users/invitations', s)).statusCode).toBe(403);
    }
    expect((await t.call('GET', '/api/users/invitations')).statusCode).toBe(401);
  });

  /**
   * Issue 34 item 2: an invitation is only as good as its sender's right to send it. When the sender's
   * account goes or stops being an admin, their open invitations are withdrawn in the same transaction,
   * and acceptance refuses one whose sender is gone or no admin (rows from before this rule).
   */
  describe('when the sender loses the right to invite', () => {
    /** A second admin, B, signed in. */
    async function adminB() {
      const account = await makeAccount(t.database, ['ROLE_USER', 'ROLE_ADMIN']);
      return { ...account, session: await login(t.app, account.email, ACCOUNT_PASSWORD) };
    }
    async function invitedBy(sender: Session, role = 'ROLE_ADMIN') {
      const email = newAddress();
      const res = await invite({ email, role }, sender);
      expect(res.statusCode, res.body).toBe(201);
      const id: number = res.json().id;
      return { email, id, token: await mailedToken(id) };
    }
    const withdrawals = (id: number) =>
      t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'invitation_withdrawn'), eq(auditEvents.subjectId, String(id))));
    async function expectWithdrawn(id: number, token: string, cause: string, actorUserId: number | null) {
      const res = await accept(token);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual([{ property: 'token', message: 'object/not-found' }]);
      const [row] = await t.database.db.select().from(invitations).where(eq(invitations.id, id));
      expect(row!.withdrawnAt).not.toBeNull();
      expect(row!.acceptedAt).toBeNull();
      expect((await pending()).map((i: { id: number }) => i.id)).not.toContain(id);
      expect(await withdrawals(id)).toEqual([
        expect.objectContaining({ actorUserId, subjectType: 'invitation', details: { cause } }),
      ]);
      // The trail shows it withdrawn, named by the invited address.
      const trail = await t.call('GET', `/api/audit-events?entityType=invitation&entityId=${id}`, t.admin);
      expect(trail.json().items).toContainEqual(
        expect.objectContaining({ action: 'invitation_withdrawn', cause, entityLabel: expect.any(String) }),
      );
      // A mail of it still queued is not sent.
      const render = rendererOf(INVITATION_MAIL)!;
      expect(await render({ invitationId: id }, { db: t.database.db, config: t.config })).toBeNull();
    }

    it('withdraws the open invitations of a deleted admin: the link opens nothing', async () => {
      const b = await adminB();
      const { id, token } = await invitedBy(b.session);
      const other = await invitedBy(t.admin);
      expect((await t.call('DELETE', `/api/user/${b.id}`, t.admin)).statusCode).toBe(204);
      await expectWithdrawn(id, token, 'sender_deleted', t.admin.userId);
      // Only B's: the invitation of the admin who stays works.
      const ok = await accept(other.token);
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.json().user.roles).toEqual(['ROLE_USER', 'ROLE_ADMIN']);
    });

    it('withdraws them when the admin is demoted to staff or to a plain user', async () => {
      for (const role of ['ROLE_STAFF', 'ROLE_USER']) {
        const b = await adminB();
        const { id, token } = await invitedBy(b.session);
        const demoted = await t.call('GET', `/api/user/${b.id}/demote-manager?role=${role}`, t.admin);
        expect(demoted.statusCode, demoted.body).toBe(200);
        await expectWithdrawn(id, token, 'sender_demoted', t.admin.userId);
      }
    });

    it('keeps the invitations of an admin who stays one (promoted again, or another admin demoted)', async () => {
      const b = await adminB();
      const c = await adminB();
      const { id, token } = await invitedBy(b.session, 'ROLE_STAFF');
      const again = await t.call('GET', `/api/user/${b.id}/promote-to-manager?role=ROLE_ADMIN`, t.admin);
      expect(again.statusCode).toBe(200);
      expect((await t.call('GET', `/api/user/${c.id}/demote-manager`, t.admin)).statusCode).toBe(200);
      expect(await withdrawals(id)).toEqual([]);
      expect((await pending()).find((i: { id: number }) => i.id === id)).toMatchObject({
        invitedBy: { name: expect.stringMatching(/^Tess Twee/), email: b.email },
      });
      const ok = await accept(token);
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.json().user.roles).toEqual(['ROLE_USER', 'ROLE_STAFF']);
    });

    it('withdraws them when the admin’s account is erased on request (privacy)', async () => {
      const b = await adminB();
      const { id, token } = await invitedBy(b.session);
      const erased = await t.call('POST', '/api/privacy/erase', t.admin, { email: b.email });
      expect(erased.statusCode, erased.body).toBe(200);
      expect(erased.json()).toMatchObject({ accountDeleted: true });
      await expectWithdrawn(id, token, 'sender_deleted', t.admin.userId);
    });

    it('refuses at acceptance an invitation whose sender is gone or no admin, made before this rule', async () => {
      // Rows as an older version left them: the sender deleted or demoted without the withdrawal.
      const gone = await adminB();
      const fromGone = await invitedBy(gone.session);
      await t.database.db.delete(users).where(eq(users.id, gone.id));
      const demoted = await adminB();
      const fromDemoted = await invitedBy(demoted.session);
      await t.database.db
        .update(users)
        .set({ roles: ['ROLE_USER', 'ROLE_STAFF'] })
        .where(eq(users.id, demoted.id));

      // The list shows who sent each, or that the account is gone, so the admin can withdraw it.
      const listed = await pending();
      expect(listed.find((i: { id: number }) => i.id === fromGone.id)).toMatchObject({ invitedBy: null });
      for (const { token } of [fromGone, fromDemoted]) {
        const res = await accept(token);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().errors).toEqual([{ property: 'token', message: 'object/not-found' }]);
      }
      expect(await t.database.db.select().from(users).where(eq(users.email, fromGone.email))).toEqual([]);
    });

    it('decides an acceptance and the sender’s removal at the same moment one way: accepted or withdrawn', async () => {
      for (const remove of ['delete', 'demote'] as const) {
        for (let round = 0; round < 3; round++) {
          const b = await adminB();
          const { id, email, token } = await invitedBy(b.session);
          const [accepted, removed] = await Promise.all([
            accept(token),
            remove === 'delete'
              ? t.call('DELETE', `/api/user/${b.id}`, t.admin)
              : t.call('GET', `/api/user/${b.id}/demote-manager?role=ROLE_STAFF`, t.admin),
          ]);
          // Never a deadlock or a half of each: the removal succeeds, and the invitation is either accepted
          // (the account exists, nothing withdrawn) or withdrawn (no account, the link refused).
          expect(removed.statusCode, removed.body).toBe(remove === 'delete' ? 204 : 200);
          const [row] = await t.database.db.select().from(invitations).where(eq(invitations.id, id));
          const account = await t.database.db.select().from(users).where(eq(users.email, email));
          if (accepted.statusCode === 201) {
            expect([row!.acceptedAt, row!.withdrawnAt === null, account.length]).toEqual([
              expect.any(Date),
              true,
              1,
            ]);
          } else {
            expect(accepted.json().errors).toEqual([{ property: 'token', message: 'object/not-found' }]);
            expect([row!.acceptedAt, row!.withdrawnAt, account.length]).toEqual([null, expect.any(Date), 0]);
          }
        }
      }
    });

    // PostgreSQL only: PGlite has one connection, so nothing there runs at the same moment.
    it.runIf(kind === 'postgres')(
      'makes an acceptance that reaches the sender while it is being removed wait, then refuses it',
      async () => {
        const db = t.database.db;
        const b = await adminB();
        const { id, email, token } = await invitedBy(b.session);
        let answer: Promise<{ statusCode: number; body: string }> | undefined;
        await db.transaction(async (tx) => {
          // A removal of B under way: B's row locked first, as DELETE /user and the demotion take it…
          await tx.select().from(users).where(eq(users.id, b.id)).for('update');
          // …when the link is used: it must wait for the removal, not take the invitation row first
          // (the removal takes that next, and the two would deadlock).
          answer = accept(token);
          await vi.waitFor(
            async () => {
              const [waiting] = await queryRows<{ n: number }>(
                db,
                sql`SELECT count(*)::int AS n FROM pg_stat_activity
                     WHERE datname = current_database() AND wait_event_type = 'Lock'`,
              );
              expect(waiting!.n).toBeGreaterThan(0);
            },
            { timeout: 20_000, interval: 20 },
          );
          await withdrawInvitationsOfSender(tx, b.id, 'sender_deleted', { actorUserId: t.admin.userId });
          await tx.delete(users).where(eq(users.id, b.id));
        });
        const res = await answer!;
        expect(res.statusCode, res.body).toBe(400);
        expect(JSON.parse(res.body).errors).toEqual([{ property: 'token', message: 'object/not-found' }]);
        const [row] = await db.select().from(invitations).where(eq(invitations.id, id));
        expect([row!.acceptedAt, row!.withdrawnAt]).toEqual([null, expect.any(Date)]);
        expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
      },
    );

    it('lists open invitations with their sender in the access review CSV (nl, en, de)', async () => {
      const b = await adminB();
      const { email } = await invitedBy(b.session, 'ROLE_STAFF');
      const gone = await adminB();
      const orphan = await invitedBy(gone.session);
      await t.database.db.delete(users).where(eq(users.id, gone.id));
      const withdrawn = await invitedBy(t.admin);
      expect((await t.call('DELETE', `/api/users/invitation/${withdrawn.id}`, t.admin)).statusCode).toBe(204);

      const en = (await t.call('GET', '/api/users/access-review.csv?language=en', t.admin)).body;
      const lines = en.split('\n');
      const section = lines.indexOf('Open invitations');
      expect(section).toBeGreaterThan(1);
      expect(lines[section + 1]).toBe('E-mail address;Role;Invited by;Sent;Link valid until');
      const row = (address: string) => lines.find((l) => l.startsWith(`${address};`));
      const date = '\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d';
      expect(row(email)).toMatch(
        new RegExp(`;Staff;Tess Twee \\d+ <${b.email.replace(/\./g, '\\.')}>;${date};${date}$`),
      );
      expect(row(orphan.email)).toMatch(new RegExp(`;Admin;deleted account;${date};${date}$`));
      expect(row(withdrawn.email)).toBeUndefined();
      // The accounts come first, as before.
      expect(lines[0]).toBe('\uFEFFE-mail address;Name;Role;Two-step sign-in;Last signed in;Created');

      const nl = (await t.call('GET', '/api/users/access-review.csv', t.admin)).body.split('\n');
      expect(nl[nl.indexOf('Openstaande uitnodigingen') + 1]).toBe(
        'E-mailadres;Rol;Uitgenodigd door;Verstuurd;Link geldig tot',
      );
      expect(nl.find((l) => l.startsWith(`${orphan.email};`))).toContain(';Beheerder;verwijderd account;');
      const de = (await t.call('GET', '/api/users/access-review.csv?language=de', t.admin)).body.split('\n');
      expect(de[de.indexOf('Offene Einladungen') + 1]).toBe(
        'E-Mail-Adresse;Rolle;Eingeladen von;Gesendet;Link gültig bis',
      );
      expect(de.find((l) => l.startsWith(`${orphan.email};`))).toContain(';Administrator;gelöschtes Konto;');
    });
  });
});
