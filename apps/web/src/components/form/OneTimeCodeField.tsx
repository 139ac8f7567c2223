import type { Ref } from 'react';
import TextField from '@mui/material/TextField';

/**
 * The field for a code of an authenticator app (DESIGN §5 two-step sign-in): one field, so pasting the
 * whole code just works; `autocomplete="one-time-code"` lets the phone offer it, `inputMode="numeric"`
 * brings up the number pad. `kind="recovery"` takes a recovery code instead (letters too, no pad),
 * `"either"` one or the other (the phone may still offer the app's code).
 * The label names it for screen readers; `error` replaces the help text and is announced at once
 * (role alert) and again with the field (aria-describedby).
 */
export function OneTimeCodeField({
  value,
  onChange,
  label,
  helperText,
  error,
  kind = 'totp',
  autoFocus,
  inputRef,
  narrow = false,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  helperText?: string;
  error?: string | null;
  kind?: 'totp' | 'recovery' | 'either';
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** As wide as a code needs, on a page wider than a sign-in card. */
  narrow?: boolean;
}) {
  const recovery = kind !== 'totp';
  return (
    <TextField
      value={value}
      onChange={(e) => onChange(e.target.value)}
      label={label}
      name={kind === 'recovery' ? 'recovery-code' : 'one-time-code'}
      autoComplete={kind === 'recovery' ? 'off' : 'one-time-code'}
      autoFocus={autoFocus}
      inputRef={inputRef}
      required
      fullWidth
      sx={narrow ? { maxWidth: 320, display: 'flex' } : undefined}
      margin="normal"
      error={Boolean(error)}
      helperText={error ?? helperText}
      slotProps={{
        formHelperText: error ? { role: 'alert' } : {},
        htmlInput: {
          inputMode: recovery ? 'text' : 'numeric',
          // Room for a pasted code with spaces or dashes; the server reads past them.
          maxLength: recovery ? 20 : 12,
          autoCapitalize: recovery ? 'characters' : 'off',
          spellCheck: false,
          style: { fontFamily: 'monospace', fontSize: '1.25rem', letterSpacing: '0.15em' },
        },
      }}
    />
  );
}
