import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import type { TextFieldProps } from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { FormTextField } from './FormTextField';
import { normaliseTimeOfDay } from './timeOfDay';

/**
 * A time of day on 24 hours, whatever the browser's language: a text field (the browser's own
 * `type="time"` shows AM/PM in an English browser, decision 0232) that writes '9:00' as '09:00' when left.
 */
export function TimeOfDayField<T extends FieldValues>({
  control,
  name,
  label,
  ariaLabel,
  size,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  /** A longer name for screen readers where the visible label is short ('Open, monday, block 1'). */
  ariaLabel?: string;
  size?: TextFieldProps['size'];
}) {
  const { t } = useTranslation('desks');
  return (
    <FormTextField
      control={control}
      name={name}
      label={label}
      size={size}
      normaliseOnBlur={normaliseTimeOfDay}
      placeholder={t('time_placeholder')}
      autoComplete="off"
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { inputMode: 'numeric', maxLength: 5, 'aria-label': ariaLabel },
      }}
      sx={{ maxWidth: 160 }}
    />
  );
}
