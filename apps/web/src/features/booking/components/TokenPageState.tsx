import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { httpStatusOf } from '../../../lib/apiError';
import { InlineLoading } from '../../../components/InlineLoading';
import { OrganisationContact } from '../../../components/organisation/OrganisationContact';

/** Loading and failure states of a page opened from a mailed link. */
export function TokenPageState({ isLoading, error }: { isLoading: boolean; error: unknown }) {
  const { t } = useTranslation('booking');
  if (isLoading) {
    return <InlineLoading text={t('loading')} />;
  }
  // 404 (unknown or used-up token) and a malformed token (400) both mean the link is no good: say what
  // happened and show the way on — a new appointment, or the provider (issue 9 item 4).
  const status = httpStatusOf(error);
  const badLink = status === 404 || status === 400;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity="error" role="alert">
        {badLink ? (
          <>
            <AlertTitle>{t('errors.invalidApplication')}</AlertTitle>
            {t('errors.invalidLinkHelp')}
          </>
        ) : (
          t('errors.generic')
        )}
      </Alert>
      {badLink && (
        <>
          <Box>
            <Button variant="contained" component={RouterLink} to="/new">
              {t('cancel.bookNew')}
            </Button>
          </Box>
          <OrganisationContact />
        </>
      )}
    </Box>
  );
}
