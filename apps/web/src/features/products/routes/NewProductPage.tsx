import { Link as RouterLink, useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/PageFrame';
import { QueryState } from '../../../components/QueryState';
import { useNotify } from '../../../components/notifier/NotifierContext';
import { useCreateProductMutation, useGetProductCategoriesQuery } from '../api';
import { ProductForm } from '../forms/ProductForm';
import { NEW_PRODUCT, productRequestOf } from '../forms/productForm';

/** /products/new (admin): a new product with all its fields; files are added on its own page after. */
export default function NewProductPage() {
  const { t } = useTranslation(['products', 'common']);
  const notify = useNotify();
  const navigate = useNavigate();
  const [createProduct] = useCreateProductMutation();
  const { data, error, isLoading } = useGetProductCategoriesQuery();
  return (
    <PageFrame
      title={t('new_title')}
      maxWidth={1000}
      actions={
        <Button component={RouterLink} to="/products" startIcon={<ArrowBack />}>
          {t('back')}
        </Button>
      }
    >
      <QueryState data={data} error={error} isLoading={isLoading}>
        {(categories) => (
          <ProductForm
            values={NEW_PRODUCT}
            categories={categories}
            submitLabel={t('create')}
            onSave={async (values) => {
              const result = await createProduct(productRequestOf(values));
              if (result.error) {
                notify(t('common:general.error'), 'error');
                return { ok: false, error: result.error };
              }
              notify(t('created'), 'success');
              void navigate(`/product/${result.data.id}`);
              return { ok: true };
            }}
          />
        )}
      </QueryState>
    </PageFrame>
  );
}
