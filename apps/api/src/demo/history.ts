import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import type { Tx } from '../db/client.js';
import { appointmentItems, appointments, queueEntries, queueEntryItems } from '../db/schema/index.js';

/** How many weeks of what happened the demo data brings: the statistics page's eight weeks. */
export const DEMO_HISTORY_WEEKS = 8;

/** A demo desk as the history needs it: where it is, when it is open, what it serves. */
export interface HistoryDesk {
  id: number;
  locationId: number;
  /** Opening intervals per ISO weekday, 'HH:mm'. */
  hours: ReadonlyArray<{ weekday: number; opens: string; closes: string }>;
  products: ReadonlyArray<{ id: number; timeUnit: number }>;
}

/** A small seeded generator (mulberry32): the same demo history on every first start. */
export function generator(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const minutesOf = (hm: string) => Number(hm.slice(0, 2)) * 60 + Number(hm.slice(3, 5));
const LEAD_DAYS = [0, 1, 1, 2, 3, 4, 6, 7, 9, 13, 20, 28, 41];
/** The demo's appointment grid in minutes: no two demo appointments of a desk overlap. */
export const CELL = 24;

/**
 * What happened at the demo desks in the weeks before today (decision 0404), so that the statistics
 * page shows something on a first start: appointments on a 24-minute grid (about 60 % of the morning, half
 * the afternoon) that were checked in, called and served, did not come (more on Monday mornings) or were
 * cancelled, and walk-ins at each location. The visitors are made up and carry no e-mail or phone.
 */
export async function seedDemoHistory(
  tx: Tx,
  options: { zone: string; now: number; desks: readonly HistoryDesk[] },
): Promise<void> {
  const random = generator(20300311);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const today = DateTime.fromMillis(options.now, { zone: options.zone }).startOf('day');
  const visits: Array<{
    row: typeof appointments.$inferInsert;
    productId: number;
    queue?: Omit<typeof queueEntries.$inferInsert, 'appointmentId'>;
  }> = [];
  const walkIns: Array<{ row: typeof queueEntries.$inferInsert; productId: number }> = [];
  let n = 0;
  for (let back = DEMO_HISTORY_WEEKS * 7; back >= 1; back--) {
    const day = today.minus({ days: back });
    const date = day.toISODate()!;
    for (const desk of options.desks) {
      for (const interval of desk.hours.filter((h) => h.weekday === day.weekday)) {
        const evening = minutesOf(interval.opens) >= 17 * 60;
        const morning = minutesOf(interval.opens) < 12 * 60;
        const fill = evening ? 0.7 : morning ? 0.65 : 0.5;
        for (let m = minutesOf(interval.opens); m + CELL <= minutesOf(interval.closes); m += CELL) {
          if (random() >= fill) continue;
          const product = pick(desk.products);
          const start = day.plus({ minutes: m });
          const end = start.plus({ minutes: Math.min(product.timeUnit, CELL) });
          const created = start.minus({ days: pick(LEAD_DAYS), hours: 2 + Math.floor(random() * 6) });
          const r = random();
          const noShowChance = day.weekday === 1 && morning ? 0.25 : 0.1;
          const status = r < 0.06 ? 'cancelled' : r < 0.06 + noShowChance ? 'no_show' : 'checked_in';
          n += 1;
          const row: typeof appointments.$inferInsert = {
            reservationId: randomUUID(),
            groupKey: randomUUID(),
            status,
            deskId: desk.id,
            during: { from: start.toJSDate(), until: end.toJSDate() },
            initials: 'A.',
            lastName: `Bezoeker ${n}`,
            language: 'nl',
            createdAt: created.toJSDate(),
            confirmedAt: created.toJSDate(),
            cancelledAt: status === 'cancelled' ? created.plus({ hours: 20 }).toJSDate() : null,
          };
          if (status !== 'checked_in') {
            visits.push({ row, productId: product.id });
            continue;
          }
          const checkedIn = start.minus({ minutes: Math.floor(random() * 12) });
          const due = checkedIn > start ? checkedIn : start;
          const called = due.plus({ minutes: Math.floor(random() * random() * 25) });
          const served = called.plus({
            minutes: Math.max(4, product.timeUnit - 4 + Math.floor(random() * 10)),
          });
          row.checkedInAt = checkedIn.toJSDate();
          visits.push({
            row,
            productId: product.id,
            queue: {
              locationId: desk.locationId,
              day: date,
              kind: 'appointment',
              minutes: product.timeUnit,
              state: 'served',
              dueAt: due.toJSDate(),
              checkedInAt: checkedIn.toJSDate(),
              calledAt: called.toJSDate(),
              servedAt: served.toJSDate(),
              deskId: desk.id,
            },
          });
        }
      }
    }
    // Walk-ins per location: a few each morning and afternoon the location is open, served by its desk.
    const byLocation = new Map<number, HistoryDesk>();
    for (const d of options.desks) if (!byLocation.has(d.locationId)) byLocation.set(d.locationId, d);
    for (const desk of byLocation.values()) {
      const times: number[] = [];
      for (const interval of desk.hours.filter((h) => h.weekday === day.weekday)) {
        const count = Math.floor(random() * (minutesOf(interval.opens) < 12 * 60 ? 6 : 4));
        for (let i = 0; i < count; i++) {
          const span = minutesOf(interval.closes) - minutesOf(interval.opens) - 30;
          times.push(minutesOf(interval.opens) + Math.floor(random() * span));
        }
      }
      times.sort((a, b) => a - b);
      times.forEach((m, i) => {
        const product = pick(desk.products);
        const came = day.plus({ minutes: m });
        const left = random() < 0.1;
        const called = came.plus({ minutes: 3 + Math.floor(random() * 22) });
        walkIns.push({
          productId: product.id,
          row: {
            locationId: desk.locationId,
            day: date,
            kind: 'walk_in',
            walkInNumber: i + 1,
            minutes: product.timeUnit,
            state: left ? 'no_show' : 'served',
            dueAt: came.toJSDate(),
            checkedInAt: came.toJSDate(),
            calledAt: left ? null : called.toJSDate(),
            servedAt: left ? null : called.plus({ minutes: product.timeUnit }).toJSDate(),
            deskId: left ? null : desk.id,
          },
        });
      });
    }
  }
  const ids = await insertDemoAppointments(tx, visits);
  // The appointments' queue entries, then the walk-ins: one list, as each is a queue entry of one product.
  const entries = [
    ...visits.flatMap((v, k) =>
      v.queue ? [{ row: { ...v.queue, appointmentId: ids[k]! }, productId: v.productId }] : [],
    ),
    ...walkIns,
  ];
  for (let i = 0; i < entries.length; i += 500) {
    const chunk = entries.slice(i, i + 500);
    const made = await tx
      .insert(queueEntries)
      .values(chunk.map((e) => e.row))
      .returning({ id: queueEntries.id });
    await tx
      .insert(queueEntryItems)
      .values(chunk.map((e, k) => ({ entryId: made[k]!.id, productId: e.productId, amount: 1 })));
  }
}

/**
 * Inserts demo appointments of one product each, with their items, in chunks (a parameter list has a
 * limit); returns their ids in the order given.
 */
export async function insertDemoAppointments(
  tx: Tx,
  visits: ReadonlyArray<{ row: typeof appointments.$inferInsert; productId: number }>,
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < visits.length; i += 500) {
    const chunk = visits.slice(i, i + 500);
    const made = await tx
      .insert(appointments)
      .values(chunk.map((v) => v.row))
      .returning({ id: appointments.id });
    await tx
      .insert(appointmentItems)
      .values(chunk.map((v, k) => ({ appointmentId: made[k]!.id, productId: v.productId, amount: 1 })));
    ids.push(...made.map((m) => m.id));
  }
  return ids;
}
