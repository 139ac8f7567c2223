import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { httpStatusOf } from '../../../lib/apiError';
import { InlineLoading } from '../../../components/InlineLoading';

/** Loading and failure states of a page opened from a mailed link. */
export function TokenPageState({ isLoading, error }: { isLoading: boolean; error: unknown }) {
  const { t } = useTranslation('booking');
  if (isLoading) {
    return <InlineLoading text={t('loading')} />;
  }
  // 404 (unknown or used-up token) and a malformed token (400) both mean the link is no good.
  const status = httpStatusOf(error);
  return (
    <Alert severity="error" role="alert">
      {status === 404 || status === 400 ? t('errors.invalidApplication') : t('errors.generic')}
    </Alert>
  );
}
