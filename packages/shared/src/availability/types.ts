import type { DayPart } from '../constants.js';

/** Share of open minutes held back from online booking per day part, 0–100 (DESIGN §4). */
export type OverflowPercentages = Record<DayPart, number>;

/** One weekly opening interval in the provider's wall clock; `closes` may be '24:00'. */
export interface WeeklyOpening {
  /** 1 = Monday … 7 = Sunday. */
  weekday: number;
  opens: string;
  closes: string;
}

/** Overflow percentages that override a desk's defaults from `from` to `until` (local dates, inclusive). */
export interface OverflowPeriod extends OverflowPercentages {
  from: string;
  until: string;
}

/** What the engine needs to know of a desk: plain data, as loaded by the API. */
export interface DeskSchedule {
  id: number;
  /** The location the desk is in (DESIGN §4b). */
  locationId: number;
  /** The products the desk serves; null for every product, also ones made later. */
  productIds: readonly number[] | null;
  openingHours: readonly WeeklyOpening[];
  overflow: OverflowPercentages;
  overflowPeriods: readonly OverflowPeriod[];
}

/**
 * A closure on one local date: a whole day when `from`/`until` are absent. For one desk (`deskId`), for
 * every desk of one location (`deskId` null, `locationId` set) or for every desk (both null).
 */
export interface Closure {
  deskId: number | null;
  locationId: number | null;
  date: string;
  from?: string | null;
  until?: string | null;
}

/** An active booking (valid hold or appointment) that blocks its desk; epoch milliseconds. */
export interface BusyInterval {
  deskId: number;
  start: number;
  end: number;
}

/** Everything the engine reads; no database, no clock of its own. */
export interface AvailabilityInput {
  /** IANA zone of opening hours, days and day parts. */
  zone: string;
  /** The current instant, epoch ms; only later starts are offered. */
  now: number;
  stepMinutes: number;
  windowMonths: number;
  /** Duration of the requested appointment in minutes (see appointmentDuration). */
  durationMinutes: number;
  /**
   * The products of the requested appointment: only a desk that serves every one of them can take it
   * (DESIGN §4b). Desks that do not are left out of every answer, as if they did not exist.
   */
  productIds: readonly number[];
  /** Only desks of this location count; absent or null: every location. */
  locationId?: number | null;
  desks: readonly DeskSchedule[];
  closures: readonly Closure[];
  busy: readonly BusyInterval[];
}

/** One offered start: the chosen desk for [begin, end). */
export interface Slot {
  begin: number;
  end: number;
  deskId: number;
}

export interface DaySlots {
  date: string;
  slots: Slot[];
}
