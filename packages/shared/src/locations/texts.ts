import type { UiLanguage } from '../constants.js';
import type { LocationTranslations } from './schemas.js';

/**
 * A location's notice for visitors in one interface language: the translation, or the Dutch notice where
 * that language has none (as product texts, decision 0180). Mails and GET /locations answer with it.
 */
export function locationNoticeIn(
  location: { notice: string; translations: LocationTranslations },
  language: UiLanguage,
): string {
  const translated = language === 'nl' ? undefined : location.translations[language]?.notice;
  return translated || location.notice;
}
