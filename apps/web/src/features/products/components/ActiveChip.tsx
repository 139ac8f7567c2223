import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

export function ActiveChip({ active }: { active: boolean }) {
  const { t } = useTranslation('products');
  return (
    <Chip
      size="small"
      label={t(active ? 'active' : 'inactive')}
      color={active ? 'success' : 'default'}
      variant="outlined"
    />
  );
}
