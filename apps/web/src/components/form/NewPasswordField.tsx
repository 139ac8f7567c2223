import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from './FormTextField';

type Props<T extends FieldValues> = Omit<
  Parameters<typeof FormTextField<T>>[0],
  'type' | 'helperText' | 'autoComplete' | 'required'
>;

/**
 * A password being chosen (register, setup, reset, invitation): required, with the password rules
 * under it and `autocomplete="new-password"` so that password managers offer a strong one.
 */
export function NewPasswordField<T extends FieldValues>(props: Props<T>) {
  const { t } = useTranslation('auth');
  return (
    <FormTextField
      {...props}
      type="password"
      helperText={t('password_rules')}
      autoComplete="new-password"
      required
    />
  );
}
