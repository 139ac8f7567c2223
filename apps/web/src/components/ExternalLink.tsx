import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link, { type LinkProps } from '@mui/material/Link';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../lib/visuallyHidden';

/** A link to another site: opens in a new tab and says so, with an icon and to screen readers. */
export function ExternalLink({ href, children, ...rest }: { href: string; children: ReactNode } & LinkProps) {
  const { t } = useTranslation();
  return (
    <Link
      {...rest}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, ...rest.sx }}
    >
      {children}
      <OpenInNew fontSize="inherit" aria-hidden />
      <Box component="span" sx={visuallyHidden}>
        {t('opens_in_new_tab')}
      </Box>
    </Link>
  );
}
