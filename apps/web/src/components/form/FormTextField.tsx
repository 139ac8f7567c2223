import { useState } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from './useFieldErrorText';

type Props<T extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error'
> & {
  name: FieldPath<T>;
  control: Control<T>;
  /** Empty input becomes null, for optional fields the schema allows to be null. */
  emptyAsNull?: boolean;
  /** Rewrites the text when the field is left (e.g. '9:00' → '09:00'), before it is validated. */
  normaliseOnBlur?: (value: string) => string;
};

/** An MUI text field bound to react-hook-form; its error key is shown translated under the field. */
export function FormTextField<T extends FieldValues>({
  name,
  control,
  emptyAsNull,
  normaliseOnBlur,
  type,
  helperText,
  slotProps,
  ...rest
}: Props<T>) {
  const { t } = useTranslation();
  const errorText = useFieldErrorText();
  const { field, fieldState } = useController({ name, control });
  const [shown, setShown] = useState(false);
  const isPassword = type === 'password';
  const message = errorText(fieldState.error?.message);
  return (
    <TextField
      {...rest}
      name={field.name}
      inputRef={field.ref}
      value={field.value ?? ''}
      onChange={(e) => field.onChange(emptyAsNull && e.target.value === '' ? null : e.target.value)}
      onBlur={() => {
        if (normaliseOnBlur && typeof field.value === 'string') {
          const normalised = normaliseOnBlur(field.value);
          if (normalised !== field.value) field.onChange(normalised);
        }
        field.onBlur();
      }}
      type={isPassword && shown ? 'text' : type}
      error={Boolean(message)}
      helperText={message ?? helperText}
      fullWidth
      margin="normal"
      slotProps={{
        ...slotProps,
        input: isPassword
          ? {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    aria-label={t(shown ? 'hide_password' : 'show_password')}
                    onClick={() => setShown((s) => !s)}
                    edge="end"
                  >
                    {shown ? <VisibilityOff /> : <Visibility />}
                  </IconButton>
                </InputAdornment>
              ),
            }
          : slotProps?.input,
      }}
    />
  );
}
