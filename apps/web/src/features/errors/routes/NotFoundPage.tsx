import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import SearchOff from '@mui/icons-material/SearchOff';
import { useTranslation } from 'react-i18next';
import { ErrorScreen } from '../components/ErrorScreen';

export default function NotFoundPage() {
  const { t } = useTranslation('errors');
  return (
    <ErrorScreen title={t('not_found.title')} illustration={<SearchOff sx={{ fontSize: 120 }} />}>
      <p>{t('not_found.text')}</p>
      <Button component={RouterLink} to="/" variant="contained">
        {t('to_start')}
      </Button>
    </ErrorScreen>
  );
}
