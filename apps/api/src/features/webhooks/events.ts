import { randomUUID } from 'node:crypto';
import { arrayContains, eq } from 'drizzle-orm';
import {
  walkInTicket,
  WEBHOOK_TEST_EVENT_TYPE,
  type AppointmentEventData,
  type QueueEventData,
  type WebhookEventType,
} from '@balie/shared';
import type { Config } from '../../config.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import {
  appointmentItems,
  appointments,
  desks,
  locations,
  organisation,
  outbox,
  queueEntries,
  webhooks,
  WEBHOOK_OUTBOX_KIND,
} from '../../db/schema/index.js';

/** A structured CloudEvent 1.0 in the NL GOV profile (decision 0442). */
export interface CloudEvent {
  specversion: '1.0';
  id: string;
  source: string;
  type: string;
  time: string;
  subject: string;
  datacontenttype: 'application/json';
  dataref?: string;
  data: AppointmentEventData | QueueEventData | Record<string, unknown>;
}

/** What an outbox row of kind `webhook` holds: the event, nothing else. */
export interface WebhookPayload {
  event: CloudEvent;
}

/**
 * The `source` of every event: the organisation's OIN as the NL GOV profile's URN when it has one, else
 * the product's public address (decision 0442).
 */
export function eventSource(config: Pick<Config, 'publicUrl'>, oin: string): string {
  return oin ? `urn:nld:oin:${oin}:systeem:balie` : config.publicUrl;
}

/** Where an authorised client reads the appointment (DESIGN §5 `GET /appointment/{id}`). */
export function appointmentDataref(config: Pick<Config, 'publicUrl'>, appointmentId: number): string {
  return `${config.publicUrl}/api/appointment/${appointmentId}`;
}

async function organisationOin(tx: DbOrTx): Promise<string> {
  const [row] = await tx.select({ oin: organisation.oin }).from(organisation).where(eq(organisation.id, 1));
  return row?.oin ?? '';
}

/** The subscriptions (paused ones too: they keep their events until resumed, decision 0441) of a type. */
async function subscribersOf(tx: DbOrTx, type: WebhookEventType): Promise<number[]> {
  const rows = await tx
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(arrayContains(webhooks.events, [type]));
  return rows.map((r) => r.id);
}

/** One outbox row per subscription, in the caller's transaction; the key keeps one subject in order. */
export async function queueDeliveries(tx: DbOrTx, event: CloudEvent, webhookIds: number[]): Promise<void> {
  if (webhookIds.length === 0) return;
  await tx.insert(outbox).values(
    webhookIds.map((webhookId) => ({
      kind: WEBHOOK_OUTBOX_KIND,
      payload: { event } satisfies WebhookPayload as unknown as Record<string, unknown>,
      webhookId,
      orderingKey: `${webhookId}:${event.subject}`,
    })),
  );
}

function newEvent(
  config: Pick<Config, 'publicUrl'>,
  oin: string,
  fields: Pick<CloudEvent, 'type' | 'subject' | 'data'> & { dataref?: string },
  now: Date,
): CloudEvent {
  return {
    specversion: '1.0',
    id: randomUUID(),
    source: eventSource(config, oin),
    type: fields.type,
    time: now.toISOString(),
    subject: fields.subject,
    datacontenttype: 'application/json',
    ...(fields.dataref ? { dataref: fields.dataref } : {}),
    data: fields.data,
  };
}

/**
 * Writes an appointment event for every subscription of its type, in the transaction of the change
 * (DESIGN §4c): a rolled-back change sends nothing, a committed one is delivered. The data is read from
 * the appointment as the transaction now sees it and holds no personal value (DESIGN §5): the visitor's
 * details are for clients that read `dataref` with their own authorisation. Without a subscriber it costs
 * one indexed query.
 */
export async function emitAppointmentEvent(
  tx: Tx,
  config: Pick<Config, 'publicUrl'>,
  type: Exclude<WebhookEventType, `nl.balie.queue.${string}`>,
  appointmentId: number,
  now = new Date(),
  /** `deleted` for an appointment an admin deletes: written just before the row goes (decision 0445). */
  status?: 'deleted',
): Promise<void> {
  const subscribers = await subscribersOf(tx, type);
  if (subscribers.length === 0) return;
  const [row] = await tx
    .select({
      status: appointments.status,
      during: appointments.during,
      deskId: desks.id,
      deskName: desks.name,
      locationId: locations.id,
      locationName: locations.name,
    })
    .from(appointments)
    .innerJoin(desks, eq(desks.id, appointments.deskId))
    .leftJoin(locations, eq(locations.id, desks.locationId))
    .where(eq(appointments.id, appointmentId));
  if (!row) return;
  const items = await tx
    .select({ productId: appointmentItems.productId, amount: appointmentItems.amount })
    .from(appointmentItems)
    .where(eq(appointmentItems.appointmentId, appointmentId))
    .orderBy(appointmentItems.productId);
  const data: AppointmentEventData = {
    appointmentId,
    status: status ?? row.status,
    fromDateTime: row.during.from.toISOString(),
    untilDateTime: row.during.until.toISOString(),
    location: row.locationId !== null ? { id: row.locationId, name: row.locationName ?? '' } : null,
    desk: { id: row.deskId, name: row.deskName },
    items,
  };
  const event = newEvent(
    config,
    await organisationOin(tx),
    { type, subject: String(appointmentId), data, dataref: appointmentDataref(config, appointmentId) },
    now,
  );
  await queueDeliveries(tx, event, subscribers);
}

/**
 * A queue event (called, served) for every subscription of its type. The subject is the appointment's id
 * when the visitor came for one (so it stays in order with that appointment's events), else the walk-in's
 * entry (`queue-entry/{id}`). An appointment's ticket is part of its check-in code: it is left out.
 */
export async function emitQueueEvent(
  tx: Tx,
  config: Pick<Config, 'publicUrl'>,
  type: Extract<WebhookEventType, `nl.balie.queue.${string}`>,
  entryId: number,
  now = new Date(),
): Promise<void> {
  const subscribers = await subscribersOf(tx, type);
  if (subscribers.length === 0) return;
  const [entry] = await tx
    .select({
      appointmentId: queueEntries.appointmentId,
      walkInNumber: queueEntries.walkInNumber,
      locationId: queueEntries.locationId,
      deskId: queueEntries.deskId,
    })
    .from(queueEntries)
    .where(eq(queueEntries.id, entryId));
  if (!entry) return;
  const data: QueueEventData = {
    entryId,
    ticket: entry.walkInNumber !== null ? walkInTicket(entry.walkInNumber) : null,
    ...(entry.appointmentId !== null ? { appointmentId: entry.appointmentId } : {}),
    locationId: entry.locationId,
    deskId: entry.deskId,
  };
  const event = newEvent(
    config,
    await organisationOin(tx),
    entry.appointmentId !== null
      ? {
          type,
          subject: String(entry.appointmentId),
          data,
          dataref: appointmentDataref(config, entry.appointmentId),
        }
      : { type, subject: `queue-entry/${entryId}`, data },
    now,
  );
  await queueDeliveries(tx, event, subscribers);
}

/** The event of POST /webhook/{id}/test, to that subscription only. */
export async function emitTestEvent(
  tx: Tx,
  config: Pick<Config, 'publicUrl'>,
  webhookId: number,
  now = new Date(),
): Promise<CloudEvent> {
  const event = newEvent(
    config,
    await organisationOin(tx),
    { type: WEBHOOK_TEST_EVENT_TYPE, subject: `webhook/${webhookId}`, data: { webhookId } },
    now,
  );
  await queueDeliveries(tx, event, [webhookId]);
  return event;
}
