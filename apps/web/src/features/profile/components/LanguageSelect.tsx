import { useController, type Control } from 'react-hook-form';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { OfferedLanguage } from '../../../session/useOfferedLanguages';
import type { ProfileFormValues } from '../profileForm';

/** The user's language: the interface language and that of their mails (one setting, decision 0190). */
export function LanguageSelect({
  control,
  languages,
  label,
}: {
  control: Control<ProfileFormValues>;
  languages: OfferedLanguage[];
  label: string;
}) {
  const { field } = useController({ control, name: 'languageId' });
  // Keep the saved language selectable even if the offered list does not contain it.
  const known = languages.some((l) => l.id === field.value);
  return (
    <TextField
      select
      fullWidth
      margin="normal"
      label={label}
      name={field.name}
      inputRef={field.ref}
      value={known ? String(field.value) : ''}
      onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
      onBlur={field.onBlur}
    >
      {languages.map((l) => (
        <MenuItem key={l.id} value={String(l.id)}>
          {l.description}
        </MenuItem>
      ))}
    </TextField>
  );
}
