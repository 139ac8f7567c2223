import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/PageFrame';
import { TokenPageState } from '../components/TokenPageState';
import { BOOKING_PAGE_WIDTH } from '../lib/pageWidth';
import { useConfirmWaitlistPlaceMutation } from '../api/waitlistApi';

/** /waitlist-confirm/:token: the mail's link confirms the place on opening and says so. */
export default function WaitlistConfirmPage() {
  const { token } = useParams();
  const { t } = useTranslation('waitlist');
  const [confirmPlace, result] = useConfirmWaitlistPlaceMutation();
  useEffect(() => {
    if (token) void confirmPlace(token);
  }, [token, confirmPlace]);
  const place = result.data;
  return (
    <PageFrame title={t('confirm.heading')} maxWidth={BOOKING_PAGE_WIDTH}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        {place ? (
          <Alert severity={place.status === 'active' ? 'success' : 'info'} role="status">
            {t(`confirm.status.${place.status}`)}
          </Alert>
        ) : (
          <TokenPageState isLoading={!result.error} error={result.error} />
        )}
      </Box>
    </PageFrame>
  );
}
