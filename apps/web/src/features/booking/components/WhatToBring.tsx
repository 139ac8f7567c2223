import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Product } from '@balie/shared';

/**
 * What to bring: the notice of each chosen product that has one, in the interface language (the same
 * notices the confirmation mail lists). Nothing at all when no chosen product has a notice.
 */
export function WhatToBring({ products }: { products: Array<Pick<Product, 'id' | 'title' | 'notice'>> }) {
  const { t } = useTranslation('booking');
  const withNotice = products.filter((p) => p.notice.trim() !== '');
  if (withNotice.length === 0) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="what-to-bring-heading" sx={{ p: 2 }}>
      <Typography
        id="what-to-bring-heading"
        component="h2"
        variant="subtitle1"
        sx={{ fontWeight: 600, mb: 1 }}
      >
        {t('success.whatToBring')}
      </Typography>
      <Typography component="ul" sx={{ m: 0, pl: 2.5 }}>
        {withNotice.map((p) => (
          <li key={p.id}>
            <Typography component="span" sx={{ fontWeight: 600 }}>
              {p.title}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-line' }}>{p.notice}</Typography>
          </li>
        ))}
      </Typography>
    </Paper>
  );
}
