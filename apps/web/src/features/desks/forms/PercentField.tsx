import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useFieldErrorText } from '../../../components/form/useFieldErrorText';

/** A whole percentage 0–100 held as a number (an empty field holds NaN, which the schema rejects). */
export function PercentField<T extends FieldValues>({
  control,
  name,
  label,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
}) {
  const errorText = useFieldErrorText();
  const { field, fieldState } = useController({ control, name });
  const message = errorText(fieldState.error?.message);
  return (
    <TextField
      name={field.name}
      inputRef={field.ref}
      label={label}
      type="number"
      size="small"
      value={Number.isNaN(field.value) ? '' : field.value}
      onChange={(e) => field.onChange(e.target.value === '' ? NaN : Number(e.target.value))}
      onBlur={field.onBlur}
      error={Boolean(message)}
      helperText={message}
      margin="normal"
      slotProps={{
        htmlInput: { min: 0, max: 100, step: 1, inputMode: 'numeric' },
        input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
      }}
      sx={{ width: 150 }}
    />
  );
}
