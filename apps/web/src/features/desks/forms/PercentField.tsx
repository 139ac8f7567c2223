import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { NumberField } from '../../../components/form/NumberField';

/** A whole percentage 0–100. */
export function PercentField<T extends FieldValues>({
  control,
  name,
  label,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
}) {
  return (
    <NumberField
      control={control}
      name={name}
      label={label}
      min={0}
      max={100}
      unit="%"
      size="small"
      sx={{ width: 150 }}
    />
  );
}
