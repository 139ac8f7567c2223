import { and, asc, eq, inArray } from 'drizzle-orm';
import { productTitleIn, type AppointmentLocation, type UiLanguage } from '@balie/shared';
import type { DbOrTx } from '../../db/client.js';
import { appointmentItems, appointments, desks, locations, products } from '../../db/schema/index.js';

export type AppointmentRow = typeof appointments.$inferSelect;
export type DeskRow = typeof desks.$inferSelect;
export interface ItemView {
  product: { id: number; title: string };
  amount: number;
}
/** A row with what the appointment object shows of its desk and items. */
export interface AppointmentView {
  row: AppointmentRow;
  desk: Pick<DeskRow, 'id' | 'name' | 'label'> & { location: AppointmentLocation };
  items: ItemView[];
}

export async function findAppointment(db: DbOrTx, id: number): Promise<AppointmentRow | undefined> {
  const [row] = await db.select().from(appointments).where(eq(appointments.id, id));
  return row;
}

export async function findByTokenHash(db: DbOrTx, hash: string): Promise<AppointmentRow | undefined> {
  const [row] = await db.select().from(appointments).where(eq(appointments.tokenHash, hash));
  return row;
}

/** The row a hold id names; locked for the rest of the transaction when `lock` is set. */
export async function findByReservationId(
  db: DbOrTx,
  reservationId: string,
  lock = false,
): Promise<AppointmentRow | undefined> {
  const query = db.select().from(appointments).where(eq(appointments.reservationId, reservationId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/**
 * Desks and items of many rows in two queries, never one per row. Product titles are in `language`, or
 * without it in each appointment's own language (its mails and .ics).
 */
export async function viewsOf(
  db: DbOrTx,
  rows: readonly AppointmentRow[],
  language?: UiLanguage,
): Promise<AppointmentView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  // One after another: appointment changes read their rows back in their transaction.
  const deskRows = await db
    .select({
      id: desks.id,
      name: desks.name,
      label: desks.label,
      location: {
        id: locations.id,
        name: locations.name,
        street: locations.street,
        postcode: locations.postcode,
        city: locations.city,
      },
    })
    .from(desks)
    .innerJoin(locations, eq(locations.id, desks.locationId))
    .where(inArray(desks.id, [...new Set(rows.map((r) => r.deskId))]));
  const itemRows = await db
    .select({
      appointmentId: appointmentItems.appointmentId,
      amount: appointmentItems.amount,
      product: { id: products.id, title: products.title },
      translations: products.translations,
    })
    .from(appointmentItems)
    .innerJoin(products, eq(products.id, appointmentItems.productId))
    .where(inArray(appointmentItems.appointmentId, ids))
    .orderBy(asc(appointmentItems.appointmentId), asc(products.position), asc(products.id));
  return rows.map((row) => ({
    row,
    // Every appointment has a desk (a foreign key without ON DELETE SET NULL), so the find always finds.
    desk: deskRows.find((d) => d.id === row.deskId)!,
    items: itemRows
      .filter((i) => i.appointmentId === row.id)
      .map(({ product, translations, amount }) => ({
        product: {
          id: product.id,
          title: productTitleIn({ title: product.title, translations }, language ?? row.language),
        },
        amount,
      })),
  }));
}

export async function viewOf(
  db: DbOrTx,
  row: AppointmentRow,
  language?: UiLanguage,
): Promise<AppointmentView> {
  const [view] = await viewsOf(db, [row], language);
  return view!;
}

/** Replaces the items of an appointment (a move takes the items of its hold). */
export async function copyItems(db: DbOrTx, fromId: number, toId: number): Promise<void> {
  const items = await db.select().from(appointmentItems).where(eq(appointmentItems.appointmentId, fromId));
  await db.delete(appointmentItems).where(eq(appointmentItems.appointmentId, toId));
  if (items.length > 0) {
    await db.insert(appointmentItems).values(items.map((i) => ({ ...i, appointmentId: toId })));
  }
}

/** Drops the change-holds still pending for an appointment (when it is cancelled or moved). */
export async function deleteChangeHolds(db: DbOrTx, appointmentId: number): Promise<void> {
  await db
    .delete(appointments)
    .where(and(eq(appointments.replacesAppointmentId, appointmentId), eq(appointments.status, 'reserved')));
}
