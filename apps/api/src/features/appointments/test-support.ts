import type { Db } from '../../db/client.js';
import { appointmentItems, appointments } from '../../db/schema/index.js';

/**
 * A confirmed 12-minute appointment of one item of product 1, written straight into the database: for
 * moments the booking rules do not allow through the API (already started, in the past). Tests only.
 */
export async function insertAppointment(
  db: Db,
  from: Date,
  values: Partial<typeof appointments.$inferInsert> = {},
) {
  const [row] = await db
    .insert(appointments)
    .values({
      reservationId: crypto.randomUUID(),
      status: 'confirmed',
      deskId: 1,
      during: { from, until: new Date(from.getTime() + 12 * 60_000) },
      groupKey: crypto.randomUUID(),
      lastName: 'Direct',
      email: 'direct@example.org',
      phone: '+31 20 1234567',
      ...values,
    })
    .returning();
  await db.insert(appointmentItems).values({ appointmentId: row!.id, productId: 1, amount: 1 });
  return row!;
}
