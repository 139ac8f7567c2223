import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Typography from '@mui/material/Typography';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../lib/saveFile';

/** Printing shows the codes alone: the page's header, navigation and buttons stay off the paper. */
const PRINT_CODES_ONLY = {
  '@media print': {
    'header, nav, [data-print="hide"], .MuiSnackbar-root': { display: 'none !important' },
    'main, #main-content': { padding: '0 !important' },
  },
};

/**
 * The ten recovery codes, shown once right after two-step sign-in is turned on (DESIGN §5): the server
 * keeps only their hashes. Saved as a text file or printed; `onDone` when the person has them.
 */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('profile');
  const headingId = useId();
  const download = () => {
    const text = [t('two_step.codes.file_intro'), '', ...codes, ''].join('\n');
    saveFile(t('two_step.codes.file_name'), new Blob([text], { type: 'text/plain;charset=utf-8' }));
  };
  return (
    <Box component="section" aria-labelledby={headingId}>
      <GlobalStyles styles={PRINT_CODES_ONLY} />
      <Typography id={headingId} variant="h6" component="h2" gutterBottom>
        {t('two_step.codes.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('two_step.codes.intro')}</Typography>
      <Box
        component="ol"
        aria-label={t('two_step.codes.list')}
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          gap: 1,
          pl: 4,
          my: 2,
          fontFamily: 'monospace',
          fontSize: '1.125rem',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Box data-print="hide" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
        <Button variant="outlined" startIcon={<DownloadOutlined />} onClick={download}>
          {t('two_step.codes.download')}
        </Button>
        <Button variant="outlined" startIcon={<PrintOutlined />} onClick={() => window.print()}>
          {t('two_step.codes.print')}
        </Button>
        <Button variant="contained" onClick={onDone} sx={{ ml: { sm: 'auto' } }}>
          {t('two_step.codes.done')}
        </Button>
      </Box>
    </Box>
  );
}
