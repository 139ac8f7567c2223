import type { UiLanguage } from '@balie/shared';
import { de } from './locales/de.js';
import { en } from './locales/en.js';
import { nl, type AppointmentTexts } from './locales/nl.js';

const TEXTS: Record<UiLanguage, AppointmentTexts> = { nl, en, de };

export function appointmentTexts(language: UiLanguage): AppointmentTexts {
  return TEXTS[language];
}
