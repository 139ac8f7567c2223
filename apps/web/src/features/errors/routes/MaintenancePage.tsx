import Construction from '@mui/icons-material/Construction';
import { useTranslation } from 'react-i18next';
import { ErrorScreen } from '../components/ErrorScreen';

export default function MaintenancePage() {
  const { t } = useTranslation('errors');
  return (
    <ErrorScreen title={t('maintenance.title')} illustration={<Construction sx={{ fontSize: 120 }} />}>
      <p>{t('maintenance.text')}</p>
    </ErrorScreen>
  );
}
