import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/** Shows whether a desk, product or other record is active. */
export function ActiveChip({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={t(active ? 'status.active' : 'status.inactive')}
      color={active ? 'success' : 'default'}
      variant="outlined"
    />
  );
}
