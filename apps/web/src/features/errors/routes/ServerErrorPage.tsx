import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { BrokenDeskIllustration } from '../components/BrokenDeskIllustration';
import { ErrorScreen } from '../components/ErrorScreen';

/** The general error page (spec §2): illustration, apology, retry later or contact the provider. */
export default function ServerErrorPage() {
  const { t } = useTranslation('errors');
  return (
    <ErrorScreen title={t('server_error.title')} illustration={<BrokenDeskIllustration />}>
      <p>{t('server_error.apology')}</p>
      <p>{t('server_error.advice')}</p>
      {/* A full page load, so a broken client state is gone too. */}
      <Button href="/" variant="contained">
        {t('to_start')}
      </Button>
    </ErrorScreen>
  );
}
