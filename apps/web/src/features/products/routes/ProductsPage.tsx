import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import type { ProductCategory } from '@balie/shared';
import { ActiveChip } from '../../../components/ActiveChip';
import { NativeSelectField } from '../../../components/form/NativeSelectField';
import { PageFrame } from '../../../components/PageFrame';
import { QueryState } from '../../../components/QueryState';
import { useGetAllProductsQuery, useGetProductCategoriesQuery } from '../api';
import { CategoriesSection } from '../components/CategoriesSection';
import { filterProducts, type CategoryFilter } from '../lib/filterProducts';

// Columns a phone leaves out; the category is then shown under the title.
const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;

function Filters({
  search,
  onSearch,
  category,
  onCategory,
  categories,
}: {
  search: string;
  onSearch: (s: string) => void;
  category: CategoryFilter;
  onCategory: (c: CategoryFilter) => void;
  categories: ProductCategory[];
}) {
  const { t } = useTranslation('products');
  return (
    <Box
      role="search"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, gap: 2, mb: 2 }}
    >
      <TextField
        type="search"
        label={t('search')}
        value={search}
        onChange={(e) => onSearch(e.target.value)}
        size="small"
      />
      <NativeSelectField
        size="small"
        label={t('category_filter')}
        value={String(category)}
        onChange={(e) =>
          onCategory(
            e.target.value === 'all' || e.target.value === 'none' ? e.target.value : Number(e.target.value),
          )
        }
      >
        <option value="all">{t('all_categories')}</option>
        {categories.map((c) => (
          <option key={c.id} value={String(c.id)}>
            {c.name}
          </option>
        ))}
        <option value="none">{t('no_category')}</option>
      </NativeSelectField>
    </Box>
  );
}

/** /products (admin): every product including inactive ones, searchable by text and category; the categories. */
export default function ProductsPage() {
  const { t } = useTranslation('products');
  const products = useGetAllProductsQuery();
  const categories = useGetProductCategoriesQuery();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<CategoryFilter>('all');
  return (
    <PageFrame
      title={t('title')}
      maxWidth={1000}
      actions={
        <Button component={RouterLink} to="/products/new" variant="contained" startIcon={<Add />}>
          {t('new')}
        </Button>
      }
    >
      <Filters
        search={search}
        onSearch={setSearch}
        category={category}
        onCategory={setCategory}
        categories={categories.data ?? []}
      />
      <QueryState
        data={products.data}
        error={products.error}
        isLoading={products.isLoading}
        empty={t('empty')}
      >
        {(all) => {
          const shown = filterProducts(all, search, category);
          if (shown.length === 0) return <Alert severity="info">{t('no_match')}</Alert>;
          return (
            <TableContainer component={Paper} variant="outlined" sx={{ mb: 3 }}>
              <Table aria-label={t('title')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('product')}</TableCell>
                    <TableCell sx={wideOnly}>{t('category')}</TableCell>
                    <TableCell sx={wideOnly} align="right">
                      {t('time_unit')}
                    </TableCell>
                    <TableCell>{t('status')}</TableCell>
                    <TableCell sx={wideOnly}>{t('files')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {shown.map((p) => (
                    <TableRow key={p.id}>
                      <TableCell>
                        <Link component={RouterLink} to={`/product/${p.id}`}>
                          {p.title}
                        </Link>
                        <Typography variant="body2" color="text.secondary" sx={{ display: { sm: 'none' } }}>
                          {p.category?.name ?? t('no_category')}
                        </Typography>
                      </TableCell>
                      <TableCell sx={wideOnly}>{p.category?.name ?? '—'}</TableCell>
                      <TableCell sx={wideOnly} align="right">
                        {t('minutes', { count: p.timeUnit })}
                      </TableCell>
                      <TableCell>
                        <ActiveChip active={p.active} />
                      </TableCell>
                      <TableCell sx={wideOnly}>
                        <Link component={RouterLink} to={`/product/${p.id}/files`}>
                          {t('file_count', { count: p.files.length })}
                        </Link>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          );
        }}
      </QueryState>
      <QueryState data={categories.data} error={categories.error} isLoading={categories.isLoading}>
        {(list) => <CategoriesSection categories={list} />}
      </QueryState>
    </PageFrame>
  );
}
