export * from './types.js';
export {
  addDays,
  bookingWindow,
  datesBetween,
  formatZonedIso,
  localDateOf,
  localDay,
  parseHm,
} from './clock.js';
export type { LocalDay } from './clock.js';
export {
  availableDays,
  desksForInterval,
  desksForStart,
  firstAvailableDay,
  qualifyingDesks,
  servesAll,
  timeslots,
  walkInShare,
  walkInShareSet,
} from './engine.js';
