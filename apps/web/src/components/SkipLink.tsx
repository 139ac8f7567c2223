import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

/** WCAG 2.4.1: the first Tab stop jumps past the header and navigation to the page's main landmark. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <Box
      component="a"
      href="#main-content"
      sx={{
        position: 'absolute',
        left: 8,
        top: -64,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        p: 1.5,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 600,
        borderRadius: 1,
        boxShadow: 3,
        '&:focus': { top: 8 },
      }}
    >
      {t('skip_to_content')}
    </Box>
  );
}
