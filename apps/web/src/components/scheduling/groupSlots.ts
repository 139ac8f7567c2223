import { DAY_PARTS, dayPartOf, type DayPart, type Timeslot } from '@balie/shared';
import { inProviderZone } from '../../lib/providerZone';

export interface SlotGroup {
  part: DayPart;
  slots: Timeslot[];
}

/**
 * Groups slots by the day part (spec §9) their start falls in, judged in the provider's zone so a
 * browser in New York still files 09:00 Amsterdam under morning. Empty parts are left out; order is
 * morning, afternoon, evening, and by start time within a part.
 */
export function groupSlotsByDayPart(slots: readonly Timeslot[]): SlotGroup[] {
  const byPart = new Map<DayPart, Array<{ at: number; slot: Timeslot }>>();
  for (const slot of slots) {
    const start = inProviderZone(slot.beginTime);
    const part = dayPartOf(start.hour * 60 + start.minute);
    const list = byPart.get(part) ?? [];
    list.push({ at: start.toMillis(), slot });
    byPart.set(part, list);
  }
  return DAY_PARTS.flatMap((part) => {
    const list = byPart.get(part);
    return list ? [{ part, slots: list.sort((a, b) => a.at - b.at).map((e) => e.slot) }] : [];
  });
}

/** Two ISO times name the same instant (the server may spell offsets differently from what we sent). */
export function sameInstant(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  return inProviderZone(a).toMillis() === inProviderZone(b).toMillis();
}
