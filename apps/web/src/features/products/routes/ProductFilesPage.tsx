import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Download from '@mui/icons-material/Download';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/PageFrame';
import { QueryState } from '../../../components/QueryState';
import { formatShortDate } from '../../../lib/dates';
import { productFileUrl, useGetProductQuery } from '../api';
import { useProductIdParam } from '../useProductIdParam';

function sizeText(bytes: number, language: string): string {
  const kb = bytes / 1024;
  const format = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  return kb < 1024 ? `${format.format(kb)} kB` : `${format.format(kb / 1024)} MB`;
}

/** /product/:productId/files (admin): the product's files with download links; upload comes later. */
export default function ProductFilesPage() {
  const { t, i18n } = useTranslation('products');
  const id = useProductIdParam();
  const { data, error, isLoading } = useGetProductQuery(id ?? skipToken);
  return (
    <PageFrame
      title={t('files_title')}
      actions={
        id && (
          <Button component={RouterLink} to={`/product/${id}`} startIcon={<ArrowBack />}>
            {t('back_to_product')}
          </Button>
        )
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
        {(product) => (
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography variant="h6" component="h2">
              {product.title}
            </Typography>
            {product.files.length === 0 ? (
              <Typography color="text.secondary" sx={{ mt: 1 }}>
                {t('no_files')}
              </Typography>
            ) : (
              <List>
                {product.files.map((f) => (
                  <ListItemButton key={f.id} component="a" href={productFileUrl(product.id, f.id)} download>
                    <ListItemIcon>
                      <Download />
                    </ListItemIcon>
                    <ListItemText
                      primary={f.fileName}
                      secondary={`${sizeText(f.size, i18n.language)} · ${formatShortDate(f.createdAt, i18n.language)}`}
                    />
                  </ListItemButton>
                ))}
              </List>
            )}
          </Paper>
        )}
      </QueryState>
    </PageFrame>
  );
}
