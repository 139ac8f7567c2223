import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

const CheckInQr = lazy(() => import('./CheckInQr'));

const QR_SIZE = 160;

/** The check-in code as text and as a QR code, to show at the desk (DESIGN §4, decision 0170). */
export function CheckInCodePanel({ code }: { code: string }) {
  const { t } = useTranslation('booking');
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="check-in-code-heading"
      sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
    >
      {/* The box keeps its size while the QR loads, so nothing below it jumps. */}
      <Box sx={{ width: QR_SIZE, height: QR_SIZE, flex: 'none' }}>
        <Suspense fallback={null}>
          <CheckInQr code={code} label={t('success.qrLabel', { code })} size={QR_SIZE} />
        </Suspense>
      </Box>
      <Box sx={{ minWidth: 0, flex: '1 1 200px' }}>
        <Typography id="check-in-code-heading" component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('success.checkInCode')}
        </Typography>
        <Typography
          sx={{ fontFamily: 'monospace', fontSize: '1.75rem', fontWeight: 700, letterSpacing: '0.15em' }}
        >
          {code}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('success.checkInText')}
        </Typography>
      </Box>
    </Paper>
  );
}
