import type { Desk, DeskClosure, GlobalClosure } from '@balie/shared';
import type { ClosureRow, DeskParts, DeskRow } from './repository.js';

/** PostgreSQL `time` prints as 'HH:mm:ss'; the desk document uses 'HH:mm'. */
const hm = (value: string) => value.slice(0, 5);

/** A closure as the API returns it: `from`/`until` only for partial ones, `reason` only when set. */
export function toClosure(row: ClosureRow): DeskClosure {
  return {
    id: row.id,
    date: row.date,
    type: row.type,
    ...(row.type === 'partial' && row.fromTime !== null ? { from: hm(row.fromTime) } : {}),
    ...(row.type === 'partial' && row.untilTime !== null ? { until: hm(row.untilTime) } : {}),
    ...(row.reason !== null ? { reason: row.reason } : {}),
  };
}

/** A closure of every desk, or of every desk of one location. */
export function toGlobalClosure(row: ClosureRow): GlobalClosure {
  return { ...toClosure(row), locationId: row.locationId };
}

/** The desk document of DESIGN §5; `parts` may hold other desks' rows too (they are filtered out). */
export function toDesk(desk: DeskRow, parts: DeskParts): Desk {
  const own = <T extends { deskId: number | null }>(rows: T[]) => rows.filter((r) => r.deskId === desk.id);
  return {
    id: desk.id,
    name: desk.name,
    label: desk.label,
    active: desk.active,
    locationId: desk.locationId,
    productIds: desk.servesAllProducts ? null : own(parts.products).map((p) => p.productId),
    openingHours: own(parts.hours).map((h) => ({
      weekday: h.weekday,
      opens: hm(h.opens),
      closes: hm(h.closes),
    })),
    closures: own(parts.closures).map(toClosure),
    overflow: {
      morning: desk.overflowMorning,
      afternoon: desk.overflowAfternoon,
      evening: desk.overflowEvening,
    },
    overflowPeriods: own(parts.periods).map((p) => ({
      id: p.id,
      from: p.fromDate,
      until: p.untilDate,
      morning: p.morning,
      afternoon: p.afternoon,
      evening: p.evening,
    })),
  };
}
