/** Business constants of spec §9 and DESIGN §3/§4, shared by server and client. */
export const MAX_PRODUCTS_PER_APPOINTMENT = 4;
export const DEFAULT_MAX_AMOUNT = 10;
export const RESERVATION_MINUTES = 10;
/** The reservation banner offers 'extend' once fewer than this many seconds are left. */
export const EXTEND_OFFER_SECONDS = 120;
export const COUNTDOWN_TICK_MS = 1000;
export const SLOT_STEP_MINUTES = 12;
export const BOOKING_WINDOW_MONTHS = 3;
export const PROVIDER_TIMEZONE = 'Europe/Amsterdam';
export const PASSWORD_MIN_LENGTH = 8;
export const CURRENT_USER_CACHE_SECONDS = 600;
export const UNUSED_DATA_CACHE_SECONDS = 60;
export const SNACKBAR_AUTO_HIDE_MS = 3000;
export const TRANSLATION_LOAD_RETRIES = 5;
export const TRANSLATION_RETRY_DELAY_MS = 350;
export const EXPORT_CSV_FILENAME = 'afspraken.csv';
export const EXPORT_PDF_FILENAME = 'afspraken.pdf';

/** Day parts (spec §9): morning until 12:00, afternoon 12:00–17:00, evening from 17:00. */
export const DAY_PARTS = ['morning', 'afternoon', 'evening'] as const;
export type DayPart = (typeof DAY_PARTS)[number];
export const AFTERNOON_STARTS_MINUTE = 12 * 60;
export const EVENING_STARTS_MINUTE = 17 * 60;

/** The day part a local minute-of-day falls in. */
export function dayPartOf(minuteOfDay: number): DayPart {
  if (minuteOfDay < AFTERNOON_STARTS_MINUTE) return 'morning';
  if (minuteOfDay < EVENING_STARTS_MINUTE) return 'afternoon';
  return 'evening';
}

/** Greeting of the dashboard (spec §9): morning before 12, afternoon before 18, evening otherwise. */
export type Greeting = 'good_morning' | 'good_afternoon' | 'good_evening';
export function greetingFor(hour: number): Greeting {
  if (hour < 12) return 'good_morning';
  if (hour < 18) return 'good_afternoon';
  return 'good_evening';
}

/** Languages (spec §1, §3): nl-NL id 251 is default and fallback. */
export const DEFAULT_LANGUAGE = { id: 251, code: 'nl-NL', description: 'Nederlands', short: 'NL' } as const;
export const UI_LANGUAGES = ['nl', 'en', 'de'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];
/** The interface language of a visitor who never chose one (spec §1: Dutch is default and fallback). */
export const DEFAULT_UI_LANGUAGE: UiLanguage = 'nl';
/**
 * The language list offered to users is reduced to these codes (spec §1), German included: every
 * interface text, mail and product text exists in German too (decision 0424 lifts the spec's reduction
 * to en-GB and nl-NL for German).
 */
export const OFFERED_LANGUAGE_CODES = ['en-GB', 'de-DE', 'nl-NL'] as const;

/** Maps a locale code such as 'en-GB' or 'nl' onto an interface language, falling back to Dutch. */
export function uiLanguageOf(code: string | null | undefined): UiLanguage {
  const short = (code ?? '').slice(0, 2).toLowerCase();
  return (UI_LANGUAGES as readonly string[]).includes(short) ? (short as UiLanguage) : DEFAULT_UI_LANGUAGE;
}

// The server-rendered /new (decision 0280); here, not beside its schema, so that the browser's first load
// does not take zod in with them (the schema module's top-level calls are kept by the bundler).
/** The id of the `<script type="application/json">` that carries the state. */
export const FRONT_DOOR_STATE_ID = 'front-door-state';

/** The translation namespaces the first paint of /new reads (the client's i18next loads these first). */
export const FRONT_DOOR_NAMESPACES = ['common', 'validation', 'booking'] as const;
