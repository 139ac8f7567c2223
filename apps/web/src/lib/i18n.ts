import i18n, { type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { translationBackend } from './translationBackend';
import {
  DEFAULT_UI_LANGUAGE,
  FRONT_DOOR_NAMESPACES,
  TRANSLATION_LOAD_RETRIES,
  TRANSLATION_RETRY_DELAY_MS,
  UI_LANGUAGES,
  uiLanguageOf,
  type UiLanguage,
} from '@balie/shared';

/** Interface languages (spec §1): Dutch is default and fallback; `locale` feeds Luxon and the date pickers. */
export const LANGUAGES: ReadonlyArray<{ code: UiLanguage; locale: string; label: string }> = [
  { code: 'nl', locale: 'nl-NL', label: 'Nederlands' },
  { code: 'en', locale: 'en-GB', label: 'English' },
  { code: 'de', locale: 'de-DE', label: 'Deutsch' },
];
export const FALLBACK_LANGUAGE: UiLanguage = DEFAULT_UI_LANGUAGE;

/** One namespace per feature; files live in public/locales/{lng}/{ns}.json. */
export const NAMESPACES = [
  'common',
  'auth',
  'dashboard',
  'profile',
  'errors',
  'validation',
  'locations',
  'desks',
  'products',
  'booking',
  'appointments',
  'organisation',
  'users',
  'audit',
  'setup',
  'queue',
  'privacy',
  'statistics',
  'accessibility',
  'integrations',
  'webhooks',
  'identityProvider',
  'system',
  'reminders',
  'waitlist',
] as const;

/** A guest's own choice survives a reload; a signed-in user's choice is stored on the server (uiSettings). */
const LANGUAGE_STORAGE_KEY = 'ui_language';

/** The language this browser chose before, or null when it never chose one. */
export function chosenLanguage(): UiLanguage | null {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return stored === null ? null : uiLanguageOf(stored);
  } catch {
    return null;
  }
}

/**
 * The first of the browser's languages that is an interface language (nl, en, de), or null (decision
 * 0424). A German browser gets German on its first visit; Dutch stays the fallback for any other.
 */
export function browserLanguage(): UiLanguage | null {
  if (typeof navigator === 'undefined') return null;
  const wanted = navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const code of wanted) {
    const short = (code ?? '').slice(0, 2).toLowerCase();
    if ((UI_LANGUAGES as readonly string[]).includes(short)) return short as UiLanguage;
  }
  return null;
}

/** The language a page starts in: the one this browser chose before, else the browser's, else Dutch. */
export function startLanguage(): UiLanguage {
  return chosenLanguage() ?? browserLanguage() ?? FALLBACK_LANGUAGE;
}

/** The Luxon / MUI X locale of an interface language. */
export function localeOf(language: string | undefined): string {
  return LANGUAGES.find((l) => l.code === uiLanguageOf(language))?.locale ?? 'nl-NL';
}

/** Translations already in the page: the server-rendered /new brings those of its first paint (decision 0280). */
export interface EmbeddedTranslations {
  language: UiLanguage;
  translations: Record<string, Record<string, unknown>>;
}

/** The options of the app's i18next instance; the server renders /new with the same (app/ssr/). */
export function i18nOptions(embedded?: EmbeddedTranslations): InitOptions {
  return {
    lng: embedded?.language ?? startLanguage(),
    // Embedded namespaces count as loaded, so the first render (a hydration) has its texts at once;
    // every other namespace and language still comes through the backend.
    ...(embedded && {
      resources: { [embedded.language]: embedded.translations },
      partialBundledLanguages: true,
    }),
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: LANGUAGES.map((l) => l.code),
    // 'booking' too: the front door /new needs it for its first paint, and fetched here it comes in
    // parallel with the other texts instead of after the first render (decision 0245, LCP).
    ns: [...FRONT_DOOR_NAMESPACES],
    defaultNS: 'common',
    // Load at once, not on the next tick: the texts are fetched while the entry still runs, and
    // i18n.language is set when the store starts, so the calls prefetched for /new carry the right
    // Accept-Language (decision 0251).
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes already
    // Spec §9: retry loading a translation file up to 5 times, starting at 350 ms (i18next doubles it).
    maxRetries: TRANSLATION_LOAD_RETRIES,
    retryTimeout: TRANSLATION_RETRY_DELAY_MS,
  };
}

export function initI18n(embedded?: EmbeddedTranslations) {
  return i18n.use(translationBackend()).use(initReactI18next).init(i18nOptions(embedded));
}

/** Switches the interface language, remembers it for this browser and keeps <html lang> right for screen readers. */
export async function changeUiLanguage(code: string | null | undefined): Promise<void> {
  const language = uiLanguageOf(code);
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    /* storage unavailable: the choice lasts for this page only */
  }
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

i18n.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
});

export { i18n };
