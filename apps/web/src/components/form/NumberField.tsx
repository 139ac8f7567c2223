import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { useFieldErrorText } from './useFieldErrorText';

/**
 * A whole number bound to react-hook-form and held as a number (an empty field holds NaN, which the
 * schema rejects); `unit` is shown after the value, its error key translated under the field (in place of
 * `helperText`, which explains the field while it is valid).
 */
export function NumberField<T extends FieldValues>({
  control,
  name,
  label,
  min,
  max,
  unit,
  helperText,
  size,
  sx,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  min?: number;
  max?: number;
  unit?: string;
  helperText?: string;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
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
      size={size}
      value={Number.isNaN(field.value) ? '' : field.value}
      onChange={(e) => field.onChange(e.target.value === '' ? NaN : Number(e.target.value))}
      onBlur={field.onBlur}
      error={Boolean(message)}
      helperText={message ?? helperText}
      margin="normal"
      slotProps={{
        htmlInput: { min, max, step: 1, inputMode: 'numeric' },
        input: unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : undefined,
      }}
      sx={sx}
    />
  );
}
