import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { EXPORTS, useDownloadExportMutation, type ExportKind } from '../../api/todayApi';

/**
 * afspraken.csv and afspraken.pdf of today, of the location the list shows (or of all); spec §8:
 * 'Generation failed' when the server cannot make one.
 */
export function ExportButtons({ locationId }: { locationId: number | null }) {
  const { t, i18n } = useTranslation('appointments');
  // The mutation's state is the last download's: a new one clears the message, a failed one shows it.
  const [download, { isLoading, isError }] = useDownloadExportMutation();

  const run = (kind: ExportKind) =>
    void download({
      kind,
      language: i18n.resolvedLanguage ?? i18n.language,
      ...(locationId !== null && { locationId }),
    });

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {(Object.keys(EXPORTS) as ExportKind[]).map((kind) => (
          <Button key={kind} variant="outlined" size="small" disabled={isLoading} onClick={() => run(kind)}>
            {t(`today.export.${kind}`)}
          </Button>
        ))}
      </Box>
      <Box role="alert">{isError && <Alert severity="error">{t('today.export.failed')}</Alert>}</Box>
    </Box>
  );
}
