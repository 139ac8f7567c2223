import { Link as RouterLink, useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/PageFrame';
import { QueryState } from '../../../components/QueryState';
import { useReportSave } from '../../../components/notifier/useReportSave';
import { useCreateProductMutation, useGetProductCategoriesQuery } from '../api';
import { ProductForm } from '../forms/ProductForm';
import { NEW_PRODUCT, productRequestOf } from '../forms/productForm';

/** /products/new (admin): a new product with all its fields; files are added on its own page after. */
export default function NewProductPage() {
  const { t } = useTranslation('products');
  const reportSave = useReportSave();
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
              const outcome = reportSave(await createProduct(productRequestOf(values)), t('created'));
              if (outcome.ok) void navigate(`/product/${outcome.data.id}`);
              return outcome;
            }}
          />
        )}
      </QueryState>
    </PageFrame>
  );
}
