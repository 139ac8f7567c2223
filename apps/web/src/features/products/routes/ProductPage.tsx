import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ArrowBack from '@mui/icons-material/ArrowBack';
import AttachFile from '@mui/icons-material/AttachFile';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useTranslation } from 'react-i18next';
import type { AdminProduct, ProductCategory } from '@balie/shared';
import { ActiveChip } from '../../../components/ActiveChip';
import { DeleteSection } from '../../../components/DeleteSection';
import { PageFrame } from '../../../components/PageFrame';
import { QueryState } from '../../../components/QueryState';
import { useNotify } from '../../../components/notifier/NotifierContext';
import { useReportSave } from '../../../components/notifier/useReportSave';
import { apiErrorOf } from '../../../lib/apiError';
import {
  useDeleteProductMutation,
  useGetProductCategoriesQuery,
  useGetProductQuery,
  usePatchProductMutation,
} from '../api';
import { WhereOffered } from '../components/WhereOffered';
import { ProductForm } from '../forms/ProductForm';
import { productFormValuesOf, productRequestOf } from '../forms/productForm';
import { useProductIdParam } from '../useProductIdParam';

function ProductEditor({ product, categories }: { product: AdminProduct; categories: ProductCategory[] }) {
  const { t } = useTranslation(['products', 'common']);
  const notify = useNotify();
  const reportSave = useReportSave();
  const navigate = useNavigate();
  const [patchProduct] = usePatchProductMutation();
  const [deleteProduct] = useDeleteProductMutation();
  // Set when the server refuses the deletion because the product was booked (409 product_in_use).
  const [inUse, setInUse] = useState(false);

  const deactivate = async () => {
    const outcome = reportSave(
      await patchProduct({ id: product.id, body: { active: false } }),
      t('deactivated'),
    );
    if (outcome.ok) setInUse(false);
  };
  const remove = async () => {
    const result = await deleteProduct(product.id);
    if (!result.error) {
      notify(t('deleted'), 'success');
      void navigate('/products');
    } else if (apiErrorOf(result.error)?.code === 'product_in_use') setInUse(true);
    else notify(t('common:general.error'), 'error');
  };

  return (
    <>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <ActiveChip active={product.active} />
        <Button component={RouterLink} to={`/product/${product.id}/files`} startIcon={<AttachFile />}>
          {t('file_count', { count: product.files.length })}
        </Button>
      </Box>
      <ProductForm
        values={productFormValuesOf(product)}
        categories={categories}
        submitLabel={t('common:action.save')}
        onSave={async (values) =>
          reportSave(
            await patchProduct({ id: product.id, body: productRequestOf(values) }),
            t('common:saved'),
          )
        }
      />
      <WhereOffered productId={product.id} />
      <DeleteSection
        title={t('delete_title')}
        hint={t('delete_hint')}
        confirmTitle={t('delete_confirm_title', { title: product.title })}
        confirmText={t('delete_confirm_text')}
        onDelete={() => void remove()}
      >
        {inUse && (
          <Alert
            severity="warning"
            sx={{ mb: 2 }}
            action={
              product.active && (
                <Button color="inherit" size="small" onClick={() => void deactivate()}>
                  {t('deactivate')}
                </Button>
              )
            }
          >
            {t('delete_in_use')}
          </Alert>
        )}
      </DeleteSection>
    </>
  );
}

/**
 * /product/:productId (admin): edit every field of one product, see where it is offered, deactivate it,
 * or delete it if never booked.
 */
export default function ProductPage() {
  const { t } = useTranslation('products');
  const id = useProductIdParam();
  const product = useGetProductQuery(id ?? skipToken);
  const { data, error, isLoading } = useGetProductCategoriesQuery();
  const categories = { data, error, isLoading };
  return (
    <PageFrame
      title={product.data && id ? product.data.title : t('product_title')}
      maxWidth={1000}
      actions={
        <Button component={RouterLink} to="/products" startIcon={<ArrowBack />}>
          {t('back')}
        </Button>
      }
    >
      <QueryState
        data={id ? product.data : undefined}
        error={product.error}
        isLoading={product.isLoading}
        notFound={t('not_found')}
      >
        {(p) => (
          // A failed category list is an error, never "no such product".
          <QueryState {...categories}>{(list) => <ProductEditor product={p} categories={list} />}</QueryState>
        )}
      </QueryState>
    </PageFrame>
  );
}
