import { useId, type ChangeEvent, type ReactNode, type Ref } from 'react';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';

interface Props {
  label: string;
  value: string | number;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  /** `<option>` elements. */
  children: ReactNode;
  size?: 'small' | 'medium';
  /** Overrides the accessible name the label gives (e.g. "Amount of Passport"). */
  ariaLabel?: string;
  /** The `<select>` itself, e.g. to move focus to it. */
  selectRef?: Ref<HTMLSelectElement>;
  sx?: SxProps<Theme>;
}

/**
 * What `<TextField select slotProps={{ select: { native: true } }}>` renders (outlined, label always
 * shrunk), built from its parts: TextField imports the MUI Select and with it Menu, Popover and Modal,
 * ~18 KB gzipped that the booking page /new must not load before the first click (DESIGN §10).
 */
export function NativeSelectField({
  label,
  value,
  onChange,
  children,
  size,
  ariaLabel,
  selectRef,
  sx,
}: Props) {
  const id = useId();
  return (
    <FormControl size={size} sx={sx}>
      <InputLabel htmlFor={id} id={`${id}-label`} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        id={id}
        value={value}
        onChange={onChange}
        input={<OutlinedInput label={label} notched inputRef={selectRef} />}
        inputProps={ariaLabel ? { 'aria-label': ariaLabel } : undefined}
      >
        {children}
      </NativeSelect>
    </FormControl>
  );
}
