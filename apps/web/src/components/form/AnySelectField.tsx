import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';

const ANY = 'any';

/**
 * A list filter's select whose first choice means "no filter": `undefined` in and out, so the filter
 * object never carries a placeholder value to the server.
 */
export function AnySelectField<T extends string>({
  label,
  anyLabel,
  value,
  options,
  optionLabel,
  onChange,
  sx,
}: {
  label: string;
  anyLabel: string;
  value: T | undefined;
  options: readonly T[];
  optionLabel: (option: T) => string;
  onChange: (next: T | undefined) => void;
  sx?: SxProps<Theme>;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? ANY}
      onChange={(e) => onChange(e.target.value === ANY ? undefined : (e.target.value as T))}
      sx={sx}
    >
      <MenuItem value={ANY}>{anyLabel}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {optionLabel(option)}
        </MenuItem>
      ))}
    </TextField>
  );
}
