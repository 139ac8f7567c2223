import {
  formatZonedIso,
  productTitleIn,
  type DisplayCall,
  type QueueEntry,
  type UiLanguage,
  walkInTicket,
} from '@balie/shared';
import type { QueueEntryView } from './repository.js';

/** The ticket a visitor hears and sees: `W001` for a walk-in, the check-in code's first four characters. */
export function ticketOf(view: Pick<QueueEntryView, 'row' | 'checkInCode'>): string {
  const n = view.row.walkInNumber;
  if (n !== null) return walkInTicket(n);
  // An appointment whose personal data the retention job erased (long after its day) has no code left.
  return view.checkInCode?.slice(0, 4) ?? '';
}

/** A queue entry as staff see it (DESIGN §5), product titles in `language`. */
export function toQueueEntry(view: QueueEntryView, zone: string, language: UiLanguage): QueueEntry {
  const { row } = view;
  const iso = (d: Date | null) => (d ? formatZonedIso(d.getTime(), zone) : null);
  return {
    id: row.id,
    ticket: ticketOf(view),
    kind: row.kind,
    appointmentId: row.appointmentId,
    locationId: row.locationId,
    products: view.items.map((i) => ({
      product: { id: i.product.id, title: productTitleIn(i.product, language) },
      amount: i.amount,
    })),
    minutes: row.minutes,
    state: row.state,
    startsAt: iso(view.startsAt),
    checkedInAt: iso(row.checkedInAt)!,
    calledAt: iso(row.calledAt),
    servedAt: iso(row.servedAt),
    desk: view.desk,
  };
}

/** A call as the waiting room's display shows it: the ticket and the desk, never who it is. */
export function toDisplayCall(view: QueueEntryView, zone: string): DisplayCall {
  return {
    id: view.row.id,
    ticket: ticketOf(view),
    desk: { name: view.desk?.name ?? '', label: view.desk?.label ?? null },
    calledAt: formatZonedIso((view.row.calledAt ?? view.row.checkedInAt).getTime(), zone),
  };
}
