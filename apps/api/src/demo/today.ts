import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import type { Tx } from '../db/client.js';
import type { appointments } from '../db/schema/index.js';
import { newCheckInCode } from '../features/appointments/check-in-code.js';
import { CELL, generator, insertDemoAppointments, minutesOf, type HistoryDesk } from './history.js';

/** How much of the rest of today the demo visitors take: the booking page keeps most of it. */
const TODAY_FILL = 0.35;
/** The first demo visitor comes at least this long after the start, so none is late at once. */
const FIRST_AFTER_MINUTES = 60;

/**
 * Visitors still to come today at the demo desks (decision 0412), so that a first start shows staff a day
 * to work: today's list, check-in by code, the queue and the display. Appointments on the history's grid,
 * from an hour after the start until closing, about a third of the cells, each for a product its desk
 * serves, confirmed with a check-in code. Nothing before that hour: no visitor is late or waiting on a
 * first start, so the queue starts empty. Made-up visitors ("A. Bezoeker n", no e-mail or phone), as in
 * the history. Nothing on a closed day.
 */
export async function seedDemoToday(
  tx: Tx,
  options: { zone: string; now: number; desks: readonly HistoryDesk[]; closedDates: ReadonlySet<string> },
): Promise<number> {
  const random = generator(20301112);
  const now = DateTime.fromMillis(options.now, { zone: options.zone });
  const today = now.startOf('day');
  if (options.closedDates.has(today.toISODate()!)) return 0;
  const from = now.plus({ minutes: FIRST_AFTER_MINUTES });
  const rows: Array<{ row: typeof appointments.$inferInsert; productId: number }> = [];
  for (const desk of options.desks) {
    for (const interval of desk.hours.filter((h) => h.weekday === today.weekday)) {
      for (let m = minutesOf(interval.opens); m + CELL <= minutesOf(interval.closes); m += CELL) {
        const start = today.plus({ minutes: m });
        if (start < from || random() >= TODAY_FILL) continue;
        const product = desk.products[Math.floor(random() * desk.products.length)]!;
        const booked = now.minus({ days: 1 + Math.floor(random() * 14), hours: Math.floor(random() * 8) });
        rows.push({
          productId: product.id,
          row: {
            reservationId: randomUUID(),
            groupKey: randomUUID(),
            status: 'confirmed',
            deskId: desk.id,
            during: {
              from: start.toJSDate(),
              until: start.plus({ minutes: Math.min(product.timeUnit, CELL) }).toJSDate(),
            },
            initials: 'A.',
            lastName: `Bezoeker ${rows.length + 1}`,
            language: 'nl',
            createdAt: booked.toJSDate(),
            confirmedAt: booked.toJSDate(),
            checkInCode: newCheckInCode(),
          },
        });
      }
    }
  }
  await insertDemoAppointments(tx, rows);
  return rows.length;
}
