import { useTranslation } from 'react-i18next';
import { localeOf } from '../../lib/i18n';
import { formatMoment } from './useAuditText';

/** Longer values (a whole desk's opening hours) are cut; the trail row stays one glance. */
const MAX_VALUE = 80;

/** 1 = Monday … 7 = Sunday, as opening hours number them: 1–7 January 2024 ran Monday to Sunday. */
function weekdayName(weekday: number, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, weekday)),
  );
}

/** "nl-NL" as the reader's language names it: "Nederlands (Nederland)", "Dutch (Netherlands)". */
function languageName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([localeOf(language)], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A changed field's value before or after, as a person reads it rather than as stored JSON: roles by
 * their names, yes/no, moments (`…DateTime`, `…At`) as "12-3-2030 09:00", lists item by item, opening
 * hours as "Monday 08:30–12:30", other objects as "label value" pairs, all in the interface language.
 */
export function useAuditValueText() {
  const { t, i18n } = useTranslation(['audit', 'users']);

  const label = (field: string) => t(`audit:field.${field}`, { defaultValue: field });
  const isEmpty = (value: unknown) =>
    value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

  function text(field: string, value: unknown): string {
    if (isEmpty(value)) return t('audit:empty_value');
    if (typeof value === 'boolean') return t(value ? 'audit:value.yes' : 'audit:value.no');
    if (field === 'roles' && typeof value === 'string')
      return t(`users:role.${value}`, { defaultValue: value });
    if (typeof value === 'string' && /(DateTime|At)$/.test(field) && !Number.isNaN(Date.parse(value)))
      return formatMoment(value, i18n.language);
    if (field === 'weekday' && typeof value === 'number') return weekdayName(value, i18n.language);
    if (field === 'uiLocale' && typeof value === 'string') return languageName(value, i18n.language);
    if (Array.isArray(value)) {
      // Items that are objects hold commas of their own; a semicolon keeps them apart.
      const separator = value.some(isRecord) ? '; ' : ', ';
      return value.map((item) => text(field, item)).join(separator);
    }
    if (isRecord(value)) {
      if (typeof value.opens === 'string' && typeof value.closes === 'string') {
        const day = typeof value.weekday === 'number' ? `${weekdayName(value.weekday, i18n.language)} ` : '';
        return `${day}${value.opens}–${value.closes}`;
      }
      return Object.entries(value)
        .filter(([, v]) => !isEmpty(v))
        .map(([k, v]) => `${label(k)} ${text(k, v)}`)
        .join(', ');
    }
    return String(value);
  }

  /** The value shown in a trail row, cut when long. */
  return (field: string, value: unknown): string => {
    const shown = text(field, value);
    return shown.length > MAX_VALUE ? `${shown.slice(0, MAX_VALUE - 1)}…` : shown;
  };
}
