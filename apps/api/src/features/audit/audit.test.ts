import { describe, expect, it } from 'vitest';
import {
  appointmentHistoryEntrySchema,
  auditEventsPageSchema,
  type AppointmentHistoryEntry,
  type AuditEventItem,
} from '@balie/shared';
import { testDatabases, useTestApp, type Session } from '../../test/index.js';
import { recordAudit } from '../../audit/audit.js';
import { confirm, holdOk, slotsOn } from '../booking/test-support/helpers.js';

/** Monday 11 March 2030, 09:00 in Amsterdam; bookings go on the next days. */
const NOW = new Date('2030-03-11T08:00:00Z');
const TODAY = '2030-03-11';

describe.each(testDatabases)('audit trail on %s', (kind) => {
  const t = useTestApp(kind, { now: NOW, sessions: ['admin', 'user'] });

  const patch = (id: number, payload: object, s?: Session) =>
    t.call('PATCH', `/api/appointment/${id}`, s, payload);
  let slot = 0;
  /** A confirmed appointment on 12 March (a fresh slot each time), as a guest or signed in. */
  async function book(s?: Session) {
    const slots = await slotsOn(t.app, '2030-03-12');
    const r = await holdOk(t.app, slots[slot++]!.beginTime);
    const res = await confirm(t.app, r.id, {}, s?.headers ?? {});
    expect(res.statusCode).toBe(201);
    return res.json();
  }
  /** Moves an appointment to a slot on 13 March, by token or as `s`. */
  async function move(a: { id: number; token?: string }, s?: Session) {
    const slots = await slotsOn(t.app, '2030-03-13');
    const r = await holdOk(t.app, slots[slot++]!.beginTime, { appointmentId: a.id, token: a.token });
    const res = await patch(a.id, { reservationId: r.id, newStatus: 'confirmed', token: a.token }, s);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  async function history(id: number, s: Session): Promise<AppointmentHistoryEntry[]> {
    const res = await t.call('GET', `/api/appointment/${id}/history`, s);
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.json();
    for (const e of entries) expect(appointmentHistoryEntrySchema.safeParse(e).success).toBe(true);
    return entries;
  }

  it('tells a guest booking, a move by link and a cancel by staff apart, with desk names', async () => {
    const a = await book();
    const moved = await move(a);
    expect((await t.call('GET', `/api/appointment/${a.id}/cancel`, t.admin)).statusCode).toBe(200);

    const entries = await history(a.id, t.admin);
    expect(entries.map((e) => [e.action, e.actor.type])).toEqual([
      ['appointment_created', 'link'],
      ['appointment_moved', 'link'],
      ['appointment_cancelled', 'user'],
    ]);
    const [created, move_, cancel] = entries;
    // Times are recorded as UTC instants.
    const utc = (iso: string) => new Date(iso).toISOString();
    expect(created!.changes).toMatchObject({
      status: { before: null, after: 'confirmed' },
      lastName: { before: null, after: 'Jansen' },
      fromDateTime: { before: null, after: utc(a.fromDateTime) },
      // Where as well as at which desk.
      desk: { before: null, after: a.desk.name },
      location: { before: null, after: a.location.name },
    });
    expect(move_!.changes).toMatchObject({
      fromDateTime: { before: utc(a.fromDateTime), after: utc(moved.fromDateTime) },
      untilDateTime: { before: utc(a.untilDateTime), after: utc(moved.untilDateTime) },
    });
    if (move_!.changes?.deskId) {
      expect(move_!.changes.desk).toEqual({ before: a.desk.name, after: moved.desk.name });
    }
    expect(cancel).toMatchObject({
      actor: {
        type: 'user',
        id: t.admin.userId,
        email: 'admin@example.com',
        name: 'Anna de Vries',
        staff: true,
      },
      changes: { status: { before: 'confirmed', after: 'cancelled' } },
    });
    expect(new Date(cancel!.at).getTime()).toBe(NOW.getTime());
    // The link token and its hash never appear in the trail.
    expect(JSON.stringify(entries)).not.toContain(a.token);
  });

  it('shows the owner their own history with staff by name only; details edits and check-in too', async () => {
    const a = await book(t.user);
    expect((await patch(a.id, { phone: '+31 6 99999999' }, t.user)).statusCode).toBe(200);
    // Sending the same value again changes nothing and records nothing.
    expect((await patch(a.id, { phone: '+31 6 99999999' }, t.user)).statusCode).toBe(200);
    await move(a, t.admin);
    expect((await t.call('GET', `/api/appointment/${a.id}/check-in`, t.admin)).statusCode).toBe(200);

    const mine = await history(a.id, t.user);
    expect(mine.map((e) => e.action)).toEqual([
      'appointment_created',
      'appointment_updated',
      'appointment_moved',
      'appointment_checked_in',
    ]);
    expect(mine[0]!.actor).toEqual({
      type: 'user',
      id: t.user.userId,
      email: 'user@example.com',
      name: 'Jan Jansen',
      staff: false,
    });
    expect(mine[1]!.changes).toEqual({ phone: { before: '+31 6 12345678', after: '+31 6 99999999' } });
    // Staff as the owner sees them: a name, no account id or e-mail address.
    expect(mine[2]!.actor).toEqual({
      type: 'user',
      id: null,
      email: null,
      name: 'Anna de Vries',
      staff: true,
    });
    expect(mine[3]!.changes).toEqual({ status: { before: 'confirmed', after: 'checked_in' } });
    expect((await history(a.id, t.admin))[2]!.actor).toMatchObject({
      id: t.admin.userId,
      email: 'admin@example.com',
    });
  });

  it('answers history only to the owner and admins; bad and unknown ids', async () => {
    const guestBooked = await book();
    expect((await t.call('GET', `/api/appointment/${guestBooked.id}/history`)).statusCode).toBe(401);
    expect((await t.call('GET', `/api/appointment/${guestBooked.id}/history`, t.user)).statusCode).toBe(404);
    expect((await t.call('GET', '/api/appointment/999999/history', t.admin)).statusCode).toBe(404);
    for (const id of ['abc', '0', '-1', '99999999999']) {
      const res = await t.call('GET', `/api/appointment/${id}/history`, t.admin);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().errors[0].property).toBe('id');
    }
  });

  it('records a delete by an admin', async () => {
    const a = await book();
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/appointment/${a.id}`,
      headers: t.admin.headers,
    });
    expect(del.statusCode).toBe(204);
    const res = await t.call('GET', `/api/audit-events?entityType=appointment&entityId=${a.id}`, t.admin);
    expect(res.json().items.map((e: AuditEventItem) => e.action)).toEqual([
      'appointment_deleted',
      'appointment_created',
    ]);
    expect(res.json().items[0].changes.status).toEqual({ before: 'confirmed', after: null });
  });

  describe('GET /audit-events', () => {
    const events = async (query: string) => {
      const res = await t.call('GET', `/api/audit-events?${query}`, t.admin);
      expect(res.statusCode, res.body).toBe(200);
      expect(auditEventsPageSchema.safeParse(res.json()).success).toBe(true);
      return res.json() as { items: AuditEventItem[]; total: number; page: number; pageSize: number };
    };

    it('is for admins only', async () => {
      expect((await t.call('GET', '/api/audit-events')).statusCode).toBe(401);
      expect((await t.call('GET', '/api/audit-events', t.user)).statusCode).toBe(403);
    });

    it('pages newest first and filters by entity, kind, date and who', async () => {
      const a = await book();
      const byEntity = await events(`entityType=appointment&entityId=${a.id}`);
      expect(byEntity).toMatchObject({ total: 1, page: 1, pageSize: 20 });
      // A cancellation by staff of its own, not one another test may or may not have made before this one.
      const cancelled = await book();
      expect((await t.call('GET', `/api/appointment/${cancelled.id}/cancel`, t.admin)).statusCode).toBe(200);
      expect(byEntity.items[0]).toMatchObject({
        action: 'appointment_created',
        entityType: 'appointment',
        entityId: String(a.id),
        entityLabel: null,
        actor: { type: 'link' },
      });

      const all = await events('pageSize=100');
      const ids = all.items.map((e) => e.id);
      expect(ids).toEqual([...ids].sort((x, y) => y - x));
      const second = await events('pageSize=2&page=2');
      expect(second.items.map((e) => e.id)).toEqual(ids.slice(2, 4));
      expect(second.total).toBe(all.total);

      // Accounts, desks and products are named as they are called now.
      const logins = await events(`action=login&entityType=user&entityId=${t.admin.userId}`);
      expect(logins.items[0]).toMatchObject({ entityLabel: 'admin@example.com' });

      const cancels = await events('action=appointment_cancelled');
      expect(cancels.total).toBeGreaterThan(0);
      expect(cancels.items.every((e) => e.action === 'appointment_cancelled')).toBe(true);

      expect((await events(`from=${TODAY}&until=${TODAY}`)).total).toBe(all.total);
      expect((await events('from=2030-03-12')).total).toBe(0);
      expect((await events('until=2030-03-10')).total).toBe(0);

      const links = await events('actorType=link&pageSize=100');
      expect(links.total).toBeGreaterThan(0);
      expect(links.items.every((e) => e.actor.type === 'link')).toBe(true);
      const byAnna = await events('actor=anna%20de&pageSize=100');
      expect(byAnna.total).toBeGreaterThan(0);
      expect(byAnna.items.every((e) => e.actor.type === 'user' && e.actor.id === t.admin.userId)).toBe(true);
      const byMail = await events('actor=USER%40example&pageSize=100');
      expect(byMail.items.every((e) => e.actor.type === 'user' && e.actor.email === 'user@example.com')).toBe(
        true,
      );
      // Logins have no actor in the trail's sense of a link; system events have no account.
      const system = await events('actorType=system&pageSize=100');
      expect(system.items.every((e) => e.actor.type === 'system')).toBe(true);
    });

    it('names desks, as subject and in a move on one page, and counts what the actor filter keeps', async () => {
      const desks = (await t.call('GET', '/api/desks', t.admin)).json<{ id: number; name: string }[]>();
      // Balie 1 at the town hall, Balie 2 at Stadswinkel Noord; a third desk in the first location.
      const [one, two] = desks;
      const three = await t.call('POST', '/api/desks', t.admin, { name: 'Balie 3' });
      expect(three.statusCode, three.body).toBe(201);
      // A move between desks, as the desk reassignment writes it (no route moves one desk to another alone).
      const recordMove = (subjectId: number, before: number, after: number) =>
        recordAudit(t.app.db, {
          actorUserId: null,
          action: 'appointment_moved',
          subjectType: 'appointment',
          subjectId,
          details: { changes: { deskId: { before, after } } },
        });
      // Within one building the location stays out of the changes; between two it is named.
      await recordMove(424241, one!.id, three.json().id);
      const sameBuilding = (await events('entityType=appointment&entityId=424241')).items[0]!.changes;
      expect(sameBuilding).toEqual({
        deskId: { before: one!.id, after: three.json().id },
        desk: { before: 'Balie 1', after: 'Balie 3' },
      });
      const renamed = await t.app.inject({
        method: 'PATCH',
        url: `/api/desk/${one!.id}`,
        payload: { name: 'Balie Noord' },
        headers: t.admin.headers,
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      await recordMove(424242, one!.id, two!.id);

      const page = await events('pageSize=2');
      expect(page.items.map((e) => [e.action, e.entityLabel, e.changes?.desk])).toEqual([
        ['appointment_moved', null, { before: 'Balie Noord', after: two!.name }],
        ['desk_updated', 'Balie Noord', undefined],
      ]);
      expect(page.items[0]!.changes?.location).toEqual({ before: 'Stadhuis', after: 'Stadswinkel Noord' });

      const byAnna = await events('actor=anna%20de&pageSize=100');
      expect(byAnna.total).toBe(byAnna.items.length);
      expect(byAnna.items.some((e) => e.action === 'desk_updated')).toBe(true);
      const all = await events('pageSize=100');
      expect(all.total).toBe(all.items.length);
      expect(all.total).toBeGreaterThan(byAnna.total);
    });

    // Issue 34 item 11: the trail showed `queue_served · queue_entry 3` and `languageId 251 → 1`.
    it('names locations and walk-in tickets, a language by its code, and records no field it cannot name', async () => {
      const [location] = (await t.call('GET', '/api/locations', t.admin)).json<
        { id: number; name: string }[]
      >();
      const walkIn = await t.call('POST', '/api/walk-ins', t.admin, {
        locationId: location!.id,
        appointmentItems: [{ productId: 1, amount: 1 }],
      });
      expect(walkIn.statusCode, walkIn.body).toBe(201);
      const renewed = await t.call('POST', `/api/location/${location!.id}/display-key`, t.admin);
      expect(renewed.statusCode, renewed.body).toBe(200);
      const language = await t.call('PATCH', `/api/user/${t.user.userId}`, t.admin, { languageId: 1 });
      expect(language.statusCode, language.body).toBe(200);
      const labels = (await events('pageSize=3')).items.map((e) => [e.action, e.entityLabel]);
      expect(labels).toEqual([
        ['user_updated', 'user@example.com'],
        ['display_key_renewed', location!.name],
        ['walk_in_created', walkIn.json<{ ticket: string }>().ticket],
      ]);
      const [updated] = (await events('pageSize=1')).items;
      expect(Object.keys(updated!.changes ?? {})).toEqual(['uiLocale']);

      await expect(
        recordAudit(t.app.db, {
          actorUserId: null,
          action: 'desk_updated',
          subjectType: 'desk',
          subjectId: 1,
          details: { changes: { colour: { before: 'red', after: 'blue' } } as never },
        }),
      ).rejects.toThrow('Audit fields missing from AUDIT_FIELDS: colour');
    });

    it('names the wrong field of bad input', async () => {
      for (const [query, property] of [
        ['page=0', 'page'],
        ['pageSize=1000', 'pageSize'],
        ['from=2030-13-01', 'from'],
        ['until=yesterday', 'until'],
        ['actorType=robot', 'actorType'],
        ['action=DROP%20TABLE', 'action'],
        ['entityType=%00', 'entityType'],
        [`actor=${'x'.repeat(101)}`, 'actor'],
      ]) {
        const res = await t.call('GET', `/api/audit-events?${query}`, t.admin);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().errors[0].property, query).toBe(property);
      }
    });
  });
});
