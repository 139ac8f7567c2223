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
  openingHours: readonly WeeklyOpening[];
  overflow: OverflowPercentages;
  overflowPeriods: readonly OverflowPeriod[];
}

/** A closure on one local date: a whole day when `from`/`until` are absent, for all desks when deskId is null. */
export interface Closure {
  deskId: number | null;
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
