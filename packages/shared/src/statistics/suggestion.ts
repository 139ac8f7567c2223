/** What one desk did in one day part over the last eight weeks (sums over the days it was open then). */
export interface PartHistory {
  /** Days the desk was open in that part. */
  days: number;
  openMinutes: number;
  walkIns: number;
  walkInMinutes: number;
  checkedIn: number;
  noShow: number;
  noShowMinutes: number;
}

/** Rounded to one decimal. */
const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/**
 * The walk-in share (overflow percentage, DESIGN §4) suggested from history (decision 0403): walk-ins
 * need their minutes; the minutes that no-shows leave idle serve walk-ins anyway, so only what they do
 * not cover is held back from online booking, as a share of the open minutes, rounded up to whole 5 %,
 * at most 100. Null when the desk was never open in that part.
 */
export function suggestWalkInShare(h: PartHistory) {
  if (h.days <= 0 || h.openMinutes <= 0) return null;
  const uncovered = Math.max(0, h.walkInMinutes - h.noShowMinutes);
  const steps = uncovered === 0 ? 0 : Math.ceil((uncovered / h.openMinutes) * 20 - 1e-9);
  const suggested = Math.min(100, steps * 5);
  const recorded = h.checkedIn + h.noShow;
  return {
    suggested,
    days: h.days,
    walkInsPerDay: oneDecimal(h.walkIns / h.days),
    walkInMinutesPerDay: oneDecimal(h.walkInMinutes / h.days),
    noShowRate: recorded === 0 ? null : Math.round((h.noShow / recorded) * 1000) / 1000,
    noShowMinutesPerDay: oneDecimal(h.noShowMinutes / h.days),
    openMinutesPerDay: oneDecimal(h.openMinutes / h.days),
  };
}
