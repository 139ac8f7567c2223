import { useId, type ChangeEvent } from 'react';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

interface Props {
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  type?: string;
}

/**
 * What an outlined `<TextField>` renders, built from its parts: TextField imports the MUI Select and with
 * it Menu, Popover and Modal, which the booking page /new must not load before the first click (DESIGN §10).
 * Forms use components/form/FormTextField.
 */
export function PlainTextField({ label, value, onChange, type }: Props) {
  const id = useId();
  return (
    <FormControl>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput id={id} type={type} value={value} onChange={onChange} label={label} />
    </FormControl>
  );
}
