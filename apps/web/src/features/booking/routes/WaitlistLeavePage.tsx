import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/PageFrame';
import { TokenPageState } from '../components/TokenPageState';
import { BOOKING_PAGE_WIDTH } from '../lib/pageWidth';
import { useLeaveWaitlistMutation } from '../api/waitlistApi';

/** /waitlist-leave/:token: every waitlist mail's way off the list; asks first (a link scanner must not). */
export default function WaitlistLeavePage() {
  const { token } = useParams();
  const { t } = useTranslation('waitlist');
  const [leave, result] = useLeaveWaitlistMutation();
  let body;
  if (result.isSuccess)
    body = (
      <Alert severity="success" role="status">
        {t('leave.done')}
      </Alert>
    );
  else if (result.error) body = <TokenPageState isLoading={false} error={result.error} />;
  else
    body = (
      <>
        <Typography>{t('leave.question')}</Typography>
        <Box>
          <Button variant="contained" onClick={() => token && leave(token)} disabled={result.isLoading}>
            {t('leave.confirm')}
          </Button>
        </Box>
      </>
    );
  return (
    <PageFrame title={t('leave.heading')} maxWidth={BOOKING_PAGE_WIDTH}>
      <Box sx={{ display: 'grid', gap: 2 }}>{body}</Box>
    </PageFrame>
  );
}
