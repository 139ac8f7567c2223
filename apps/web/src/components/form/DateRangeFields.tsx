import TextField from '@mui/material/TextField';

interface DateRange {
  from?: string;
  until?: string;
}

/** "From" and "until" date fields of a list's filters (`YYYY-MM-DD`, empty = no bound). */
export function DateRangeFields({
  value,
  labels,
  onChange,
  fieldSx,
}: {
  value: DateRange;
  labels: { from: string; until: string };
  onChange: (patch: DateRange) => void;
  fieldSx?: object;
}) {
  return (['from', 'until'] as const).map((key) => (
    <TextField
      key={key}
      type="date"
      size="small"
      label={labels[key]}
      value={value[key] ?? ''}
      onChange={(e) => onChange({ [key]: e.target.value || undefined })}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={fieldSx}
    />
  ));
}
