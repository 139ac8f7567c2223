import { useController, useFieldArray, type Control } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import { DEFAULT_REMINDERS, MAX_REMINDERS, REMINDER_HOURS } from '@balie/shared';
import { useFieldErrorText } from '../../../components/form/useFieldErrorText';
import type { FormValues } from '../organisationForm';

/** One reminder's hours before the appointment, as a whole number (the field gives text). */
function HoursField({ control, index }: { control: Control<FormValues>; index: number }) {
  const { t } = useTranslation('reminders');
  const errorText = useFieldErrorText();
  const { field, fieldState } = useController({ name: `reminders.${index}.hoursBefore`, control });
  const message = errorText(fieldState.error?.message);
  return (
    <TextField
      name={field.name}
      inputRef={field.ref}
      type="number"
      label={t('organisation.hoursBefore', { number: index + 1 })}
      value={Number.isNaN(field.value) ? '' : field.value}
      onChange={(e) => field.onChange(e.target.value === '' ? Number.NaN : Number(e.target.value))}
      onBlur={field.onBlur}
      error={Boolean(message)}
      helperText={message ?? t('organisation.hoursHelp')}
      margin="normal"
      required
      slotProps={{ htmlInput: { min: REMINDER_HOURS.min, max: REMINDER_HOURS.max, step: 1 } }}
      sx={{ maxWidth: 320, flex: 1 }}
    />
  );
}

/**
 * The reminders before each appointment (DESIGN §4c *Reminders that ask*): none, one or two, each some
 * hours before; every reminder asks "Ik kom" or "Ik kan niet".
 */
export function ReminderFields({ control }: { control: Control<FormValues> }) {
  const { t } = useTranslation('reminders');
  const errorText = useFieldErrorText();
  const { fields, append, remove } = useFieldArray({ control, name: 'reminders' });
  const { fieldState } = useController({ name: 'reminders', control });
  // A fault of the list itself (two reminders at the same hour) rather than of one field.
  const listError = errorText(fieldState.error?.message ?? fieldState.error?.root?.message);
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 3 }}>
      <Typography variant="h6" component="legend" sx={{ mb: 1 }}>
        {t('organisation.heading')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('organisation.intro')}
      </Typography>
      {fields.length === 0 && <Typography sx={{ mt: 1 }}>{t('organisation.none')}</Typography>}
      {fields.map((f, index) => (
        <Box key={f.id} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <HoursField control={control} index={index} />
          <IconButton
            aria-label={t('organisation.remove', { number: index + 1 })}
            onClick={() => remove(index)}
            sx={{ mt: 3 }}
          >
            <DeleteOutlined />
          </IconButton>
        </Box>
      ))}
      {listError && (
        <Typography color="error" role="alert" variant="body2">
          {listError}
        </Typography>
      )}
      {fields.length < MAX_REMINDERS && (
        <Button
          onClick={() => append({ hoursBefore: fields.length === 0 ? DEFAULT_REMINDERS[0].hoursBefore : 72 })}
          sx={{ mt: 1 }}
        >
          {t('organisation.add')}
        </Button>
      )}
    </Box>
  );
}
