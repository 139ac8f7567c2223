import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/PageFrame';
import { QueryState } from '../../../components/QueryState';
import { useGetAllProductsQuery } from '../api';
import { ActiveChip } from '../../../components/ActiveChip';

/** /products (admin): every product including inactive ones, read-only for now. */
export default function ProductsPage() {
  const { t } = useTranslation('products');
  const { data, error, isLoading } = useGetAllProductsQuery();
  return (
    <PageFrame title={t('title')}>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('common:read_only_notice')}
      </Alert>
      <QueryState data={data} error={error} isLoading={isLoading} empty={t('empty')}>
        {(products) => (
          <TableContainer component={Paper} variant="outlined">
            <Table aria-label={t('title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('product')}</TableCell>
                  <TableCell>{t('category')}</TableCell>
                  <TableCell align="right">{t('time_unit')}</TableCell>
                  <TableCell>{t('status')}</TableCell>
                  <TableCell>{t('files')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {products.map((p) => (
                  <TableRow key={p.id}>
                    <TableCell>
                      <Link component={RouterLink} to={`/product/${p.id}`}>
                        {p.title}
                      </Link>
                    </TableCell>
                    <TableCell>{p.category?.name ?? '—'}</TableCell>
                    <TableCell align="right">{t('minutes', { count: p.timeUnit })}</TableCell>
                    <TableCell>
                      <ActiveChip active={p.active} />
                    </TableCell>
                    <TableCell>
                      <Link component={RouterLink} to={`/product/${p.id}/files`}>
                        {t('file_count', { count: p.files.length })}
                      </Link>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </QueryState>
    </PageFrame>
  );
}
