import { describe, expect, it } from 'vitest';
import type { AdminProduct, Reservation, Timeslot } from '@balie/shared';
import { availableDays } from '../booking/test-support/helpers.js';
import { sendTo, useServerProcesses } from '../booking/test-support/processes.js';

/**
 * DESIGN §6: what an admin changes through one API process is what every other process books against,
 * at once — no cache of the set-up decides availability, holds or confirmations (issue 18 item 3).
 * PostgreSQL only, with two real server processes: A (0) takes the admin's change, B (1) the visitor.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the catalogue across two processes on PostgreSQL', () => {
  const p = useServerProcesses({ sessions: ['admin'] });
  /** The n-th bookable day (each test its own, so their holds never meet). */
  const day = async (n: number) => (await availableDays(p.t.app))[n]!;

  const A = 0;
  const B = 1;
  const send = (i: number, method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    sendTo(p.servers, i, method, path, body, headers);
  const items = (productId: number) => [{ productId, amount: 1 }];
  const slotsOn = (i: number, productId: number, date: string) =>
    send(i, 'POST', '/timeslots', { appointmentItems: items(productId), date });
  const holdOn = (i: number, productId: number, fromDateTime: string) =>
    send(i, 'POST', '/appointment/make-reservation', { appointmentItems: items(productId), fromDateTime });

  async function createOnA(title: string): Promise<AdminProduct> {
    const res = await send(A, 'POST', '/products', { title, timeUnit: 12 }, p.t.admin.headers);
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as AdminProduct;
  }
  /** B has just read its schedule with `productId` in it: B's cache, if any, knows the product. */
  async function warmB(productId: number, date: string): Promise<Timeslot[]> {
    const res = await slotsOn(B, productId, date);
    expect(res.status).toBe(200);
    const slots = (await res.json()) as Timeslot[];
    expect(slots.length).toBeGreaterThan(0);
    return slots;
  }
  const expectUnknownProduct = async (res: Response) => {
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'validation_failed',
      errors: [{ property: 'appointmentItems.0.productId', message: 'object/not-found' }],
    });
  };

  it('a product created on A: B offers and holds it at once', async () => {
    const date = await day(2);
    await warmB(1, date);
    const created = await createOnA('Nieuw op A');
    const slots = await slotsOn(B, created.id, date);
    expect(slots.status).toBe(200);
    const [first] = (await slots.json()) as Timeslot[];
    expect(first).toBeDefined();
    const hold = await holdOn(B, created.id, first!.beginTime);
    expect(hold.status, await hold.clone().text()).toBe(201);
  });

  // The demo products below are known to B from before the change (never booked, so deletable).
  it('a product deleted on A: B answers 400 naming the item, never 500', async () => {
    const date = await day(3);
    const product = { id: 8 };
    const slots = await warmB(product.id, date);
    const deleted = await send(A, 'DELETE', `/product/${product.id}`, undefined, p.t.admin.headers);
    expect(deleted.status).toBe(204);
    await expectUnknownProduct(await holdOn(B, product.id, slots[0]!.beginTime));
    await expectUnknownProduct(await slotsOn(B, product.id, date));
    await expectUnknownProduct(
      await send(B, 'POST', '/available-days', { appointmentItems: items(product.id) }),
    );
  });

  it('a product deactivated on A: B refuses to offer or hold it at once', async () => {
    const date = await day(4);
    const product = { id: 7 };
    const slots = await warmB(product.id, date);
    const patched = await send(A, 'PATCH', `/product/${product.id}`, { active: false }, p.t.admin.headers);
    expect(patched.status).toBe(200);
    await expectUnknownProduct(await holdOn(B, product.id, slots[0]!.beginTime));
    await expectUnknownProduct(await slotsOn(B, product.id, date));
  });

  it('a product’s duration changed on A: B holds with the new duration at once', async () => {
    const date = await day(5);
    const product = { id: 6 };
    const slots = await warmB(product.id, date);
    const patched = await send(A, 'PATCH', `/product/${product.id}`, { timeUnit: 36 }, p.t.admin.headers);
    expect(patched.status).toBe(200);
    const hold = await holdOn(B, product.id, slots[0]!.beginTime);
    expect(hold.status).toBe(201);
    const held = (await hold.json()) as Reservation;
    expect(Date.parse(held.untilDateTime) - Date.parse(held.fromDateTime)).toBe(36 * 60_000);
  });

  it('a desk deactivated on A: B stops offering its slots at once', async () => {
    // A Thursday after the days above: Balie 2 alone is open in the evening, so its slots are offered
    // whatever the desk rule picks by day (on another weekday an empty day goes to Balie 1 throughout).
    const date = (await availableDays(p.t.app))
      .slice(6)
      .find((d) => new Date(`${d}T12:00:00Z`).getUTCDay() === 4)!;
    const before = await warmB(1, date);
    expect(before.some((s) => s.desk.id === 2)).toBe(true);
    const patched = await send(A, 'PATCH', '/desk/2', { active: false }, p.t.admin.headers);
    expect(patched.status, await patched.clone().text()).toBe(200);
    try {
      const after = (await (await slotsOn(B, 1, date)).json()) as Timeslot[];
      expect(after.length).toBeGreaterThan(0);
      expect(after.filter((s) => s.desk.id === 2)).toEqual([]);
    } finally {
      await send(A, 'PATCH', '/desk/2', { active: true }, p.t.admin.headers);
    }
  });
});
