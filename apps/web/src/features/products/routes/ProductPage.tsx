import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import AttachFile from '@mui/icons-material/AttachFile';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useTranslation } from 'react-i18next';
import type { Product } from '@balie/shared';
import { PageFrame } from '../../../components/PageFrame';
import { QueryState } from '../../../components/QueryState';
import { useGetProductQuery } from '../api';
import { ActiveChip } from '../../../components/ActiveChip';
import { useProductIdParam } from '../useProductIdParam';

function ProductDetails({ product }: { product: Product }) {
  const { t } = useTranslation('products');
  const rows: [string, string][] = [
    [t('category'), product.category?.name ?? '—'],
    [t('time_unit'), t('minutes', { count: product.timeUnit })],
    [t('extra_time_unit'), t('minutes', { count: product.extraTimeUnit })],
    [t('max_amount'), String(product.maxAmount)],
  ];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          {product.title}
        </Typography>
        <ActiveChip active={product.active} />
      </Box>
      {product.description && (
        <Typography sx={{ whiteSpace: 'pre-line', mb: 2 }}>{product.description}</Typography>
      )}
      {product.notice && (
        <Alert severity="info" sx={{ mb: 2, whiteSpace: 'pre-line' }}>
          {product.notice}
        </Alert>
      )}
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1, columnGap: 3 }}
      >
        {rows.map(([term, value]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ color: 'text.secondary' }}>
              {term}
            </Box>
            <Box component="dd" sx={{ m: 0 }}>
              {value}
            </Box>
          </Box>
        ))}
      </Box>
      <Button
        component={RouterLink}
        to={`/product/${product.id}/files`}
        startIcon={<AttachFile />}
        sx={{ mt: 2 }}
      >
        {t('file_count', { count: product.files.length })}
      </Button>
    </Paper>
  );
}

/** /product/:productId (admin): one product, read-only for now. */
export default function ProductPage() {
  const { t } = useTranslation('products');
  const id = useProductIdParam();
  const { data, error, isLoading } = useGetProductQuery(id ?? skipToken);
  return (
    <PageFrame
      title={t('product_title')}
      actions={
        <Button component={RouterLink} to="/products" startIcon={<ArrowBack />}>
          {t('back')}
        </Button>
      }
    >
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('common:read_only_notice')}
      </Alert>
      <QueryState
        data={id ? data : undefined}
        error={error}
        isLoading={isLoading}
        empty={t('not_found')}
        notFound={t('not_found')}
      >
        {(product) => <ProductDetails product={product} />}
      </QueryState>
    </PageFrame>
  );
}
