import { useTranslation } from 'react-i18next';

/**
 * Schema messages are error keys (spec §5, e.g. `email_required`); this turns one into text from the
 * validation namespace, with a general message for keys that have no text of their own.
 */
export function useFieldErrorText() {
  const { t } = useTranslation('validation');
  return (message: string | undefined) =>
    message ? t([`validation:${message}`, 'validation:invalid_value']) : undefined;
}
