import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { AdminLocation, Appointment, Desk } from '@balie/shared';
import { outbox, waitlistOffers, waitlistPlaces } from '../../db/schema/index.js';
import { deriveToken } from '../../security/tokens.js';
import { loginAs, testDatabases, useTestApp } from '../../test/index.js';
import { confirm, holdOk, slotsOn } from '../booking/test-support/helpers.js';
import { runRetention } from '../privacy/retention.js';
import { matchWaitlist } from './matcher.js';

/** Monday 11 March 2030, 09:00 in Amsterdam: the test clock. */
const MONDAY = new Date('2030-03-11T09:00:00+01:00');
const WEDNESDAY = '2030-03-13';
const ITEMS = [{ productId: 1, amount: 1 }];

describe.each(testDatabases)('the waitlist on %s', (kind) => {
  const t = useTestApp(kind, { sessions: ['admin'], now: MONDAY });
  let location: AdminLocation;
  let booked: Array<Appointment & { token: string }> = [];

  /** A location whose one desk is open Wednesday 09:00–09:24 only: two slots, both booked. */
  async function fullWorld() {
    // Signed in afresh: earlier tests move the clock past the first session's access token.
    const admin = await loginAs(t.app, 'admin');
    const made = async <T>(path: string, body: object): Promise<T> => {
      const res = await t.call('POST', `/api${path}`, admin, body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json<T>();
    };
    location = await made<AdminLocation>('/locations', {
      name: 'Wachtkamer',
      street: 'Wachtstraat 1',
      postcode: '1234 AB',
      city: 'Voorbeeld',
    });
    await made<Desk>('/desks', {
      name: 'Balie W',
      locationId: location.id,
      openingHours: [{ weekday: 3, opens: '09:00', closes: '09:24' }],
    });
    const slots = await slotsOn(t.app, WEDNESDAY, { locationId: location.id });
    expect(slots.map((s) => s.beginTime.slice(11, 16))).toEqual(['09:00', '09:12']);
    booked = [];
    for (const [i, s] of slots.entries()) {
      const hold = await holdOk(t.app, s.beginTime, { locationId: location.id });
      const res = await confirm(t.app, hold.id, { email: `booked-${i}@example.org` });
      expect(res.statusCode, res.body).toBe(201);
      booked.push(res.json());
    }
  }

  const join = (email: string, extra: Record<string, unknown> = {}) =>
    t.call('POST', '/api/waitlist', null, {
      appointmentItems: ITEMS,
      locationId: location.id,
      from: '2030-03-11',
      until: '2030-03-15',
      email,
      ...extra,
    });
  async function placeOf(email: string) {
    const [row] = await t.database.db.select().from(waitlistPlaces).where(eq(waitlistPlaces.email, email));
    return { ...row!, token: deriveToken(t.config.secret, row!.tokenNonce!) };
  }
  async function openOffer(email: string) {
    const place = await placeOf(email);
    const [offer] = await t.database.db
      .select()
      .from(waitlistOffers)
      .where(sql`${waitlistOffers.placeId} = ${place.id} AND ${waitlistOffers.status} = 'open'`);
    return offer ? { ...offer, token: deriveToken(t.config.secret, offer.tokenNonce!) } : undefined;
  }
  const mailsTo = async (kindOfMail: string) =>
    (await t.database.db.select().from(outbox)).filter((m) => m.kind === kindOfMail);
  const freeAt = async () =>
    (await slotsOn(t.app, WEDNESDAY, { locationId: location.id })).map((s) => s.beginTime.slice(11, 16));

  it('refuses bad sign-ups naming the field, and a fourth place of one address', async () => {
    await fullWorld();
    const bad = await join('x@example.org', { until: '2030-03-10' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].property).toBe('until');
    const unknown = await join('x@example.org', { appointmentItems: [{ productId: 9999, amount: 1 }] });
    expect(unknown.statusCode).toBe(400);
    for (let i = 0; i < 3; i++) expect((await join('many@example.org')).statusCode).toBe(202);
    const fourth = await join('MANY@example.org');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().code).toBe('too_many_waitlist_places');
    // Only the mails that ask to confirm: nothing else goes to an address that did not click.
    expect((await mailsTo('waitlist-confirm')).length).toBe(3);
    expect(await mailsTo('waitlist-offer')).toHaveLength(0);
  });

  it('offers a freed slot to the first in line, hidden from others; declined or lapsed, to the next', async () => {
    for (const who of ['first', 'second', 'third'])
      expect((await join(`${who}@example.org`)).statusCode).toBe(202);
    // The first two confirm (in this order); the third never clicks and is never offered anything.
    for (const who of ['first', 'second']) {
      const res = await t.call('GET', `/api/waitlist/confirm/${(await placeOf(`${who}@example.org`)).token}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe('active');
    }
    await t.app.background.settled();
    expect(await matchWaitlist(t.app)).toBe(0);

    // A cancellation at 09:00: offered to the first in line at once, and nobody else sees it.
    const cancel = await t.call('GET', `/api/appointment/by-token/${booked[0]!.token}/cancel`);
    expect(cancel.statusCode).toBe(200);
    await t.app.background.settled();
    const first = await openOffer('first@example.org');
    expect(first).toBeDefined();
    expect(await openOffer('second@example.org')).toBeUndefined();
    expect(await freeAt()).toEqual([]);
    const shown = await t.call('GET', `/api/waitlist/offer/${first!.token}`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().reservation.fromDateTime).toBe(booked[0]!.fromDateTime);
    expect((await mailsTo('waitlist-offer')).map((m) => m.payload)).toEqual([{ offerId: first!.id }]);

    // Declined: the next in line gets it.
    expect((await t.call('POST', `/api/waitlist/offer/${first!.token}/decline`)).statusCode).toBe(204);
    await t.app.background.settled();
    expect((await t.call('GET', `/api/waitlist/offer/${first!.token}`)).statusCode).toBe(410);
    const second = await openOffer('second@example.org');
    expect(second?.startsAt.toISOString()).toBe(new Date(booked[0]!.fromDateTime).toISOString());
    expect(await freeAt()).toEqual([]);

    // Lapsed after WAITLIST_OFFER_MINUTES: nobody else waits who has not had it, so it is free for all.
    vi.setSystemTime(new Date(MONDAY.getTime() + 16 * 60_000));
    await matchWaitlist(t.app);
    expect(await openOffer('second@example.org')).toBeUndefined();
    expect(await openOffer('first@example.org')).toBeUndefined();
    expect(await freeAt()).toEqual(['09:00']);

    // The next cancellation (09:12) goes to the first in line again, who books it.
    vi.setSystemTime(new Date(MONDAY.getTime() + 20 * 60_000));
    await t.call('GET', `/api/appointment/by-token/${booked[1]!.token}/cancel`);
    await t.app.background.settled();
    const again = await openOffer('first@example.org');
    expect(again?.startsAt.toISOString()).toBe(new Date(booked[1]!.fromDateTime).toISOString());
    const offer = (await t.call('GET', `/api/waitlist/offer/${again!.token}`)).json();
    const book = await confirm(t.app, offer.reservation.id, { email: 'first@example.org' });
    expect(book.statusCode, book.body).toBe(201);
    await matchWaitlist(t.app);
    expect((await placeOf('first@example.org')).status).toBe('booked');

    const admin = await loginAs(t.app, 'admin');
    const list = await t.call('GET', `/api/waitlist?productId=1&locationId=${location.id}`, admin);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().counts).toMatchObject({ waiting: 1, filledThisWeek: 1, filledTotal: 1 });
    expect(list.json().places.map((p: { email: string }) => p.email)).toContain('second@example.org');
    expect((await t.call('GET', '/api/waitlist', null)).statusCode).toBe(401);

    // Leaving ends the place; the link then shows it left.
    const second2 = await placeOf('second@example.org');
    expect((await t.call('DELETE', `/api/waitlist/${second2.token}`)).statusCode).toBe(204);
    expect((await placeOf('second@example.org')).status).toBe('left');
    vi.setSystemTime(MONDAY);
  });

  it('forgets places: erased with the address on request, and by retention once ended', async () => {
    expect((await join('erase-me@example.org')).statusCode).toBe(202);
    expect((await join('ended@example.org')).statusCode).toBe(202);
    await t.call('GET', `/api/waitlist/confirm/${(await placeOf('erase-me@example.org')).token}`);
    const ended = await placeOf('ended@example.org');
    await t.call('DELETE', `/api/waitlist/${ended.token}`);
    const admin = await loginAs(t.app, 'admin');
    const erase = await t.call('POST', '/api/privacy/erase', admin, { email: 'Erase-Me@example.org' });
    expect(erase.statusCode, erase.body).toBe(200);
    const left = await t.database.db.select().from(waitlistPlaces);
    expect(left.map((p) => p.email)).not.toContain('erase-me@example.org');
    expect(JSON.stringify(await t.database.db.select().from(outbox))).not.toContain(
      `"placeId":${ended.id - 1}}`,
    );
    // Retention: the place that ended goes once the period (30 days) has passed since.
    await runRetention(t.database.db, t.config, new Date(MONDAY.getTime() + 29 * 86_400_000));
    expect((await t.database.db.select().from(waitlistPlaces)).map((p) => p.email)).toContain(
      'ended@example.org',
    );
    await runRetention(t.database.db, t.config, new Date(MONDAY.getTime() + 31 * 86_400_000));
    expect((await t.database.db.select().from(waitlistPlaces)).map((p) => p.email)).not.toContain(
      'ended@example.org',
    );
  });

  it('offers capacity that no cancellation announced: a desk added, longer opening hours (the minute’s pass)', async () => {
    await fullWorld();
    expect((await join('capacity@example.org')).statusCode).toBe(202);
    await t.call('GET', `/api/waitlist/confirm/${(await placeOf('capacity@example.org')).token}`);
    await t.app.background.settled();
    expect(await openOffer('capacity@example.org')).toBeUndefined();
    // A second desk at the location, open on Wednesday morning: the next pass offers its first slot.
    const admin = await loginAs(t.app, 'admin');
    const desk = await t.call('POST', '/api/desks', admin, {
      name: 'Balie W2',
      locationId: location.id,
      openingHours: [{ weekday: 3, opens: '10:00', closes: '10:12' }],
    });
    expect(desk.statusCode, desk.body).toBe(201);
    expect(await matchWaitlist(t.app)).toBeGreaterThanOrEqual(1);
    const offer = await openOffer('capacity@example.org');
    expect(offer?.startsAt.toISOString()).toBe(new Date(`${WEDNESDAY}T10:00:00+01:00`).toISOString());
    // Declined, and the desk opens longer: the pass offers the new time.
    await t.call('POST', `/api/waitlist/offer/${offer!.token}/decline`);
    await t.app.background.settled();
    const longer = await t.call('PATCH', `/api/desk/${desk.json().id}`, admin, {
      openingHours: [{ weekday: 3, opens: '10:00', closes: '10:24' }],
    });
    expect(longer.statusCode, longer.body).toBe(200);
    await matchWaitlist(t.app);
    const next = await openOffer('capacity@example.org');
    expect(next?.startsAt.toISOString()).toBe(new Date(`${WEDNESDAY}T10:12:00+01:00`).toISOString());
  });
});
