import { use, useEffect, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SiteNameContext } from './siteName';

/** A page's heading (the one h1) and body; also names the browser tab after the page and whose site it is. */
export function PageFrame({
  title,
  actions,
  maxWidth,
  children,
}: {
  title: string;
  actions?: ReactNode;
  maxWidth?: number | string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const siteName = use(SiteNameContext);
  useEffect(() => {
    document.title = siteName ? `${title} — ${siteName}` : `${title} · ${t('app_name')}`;
  }, [title, t, siteName]);
  return (
    <Box sx={{ maxWidth, mx: maxWidth ? 'auto' : undefined, width: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {actions}
      </Box>
      {children}
    </Box>
  );
}
