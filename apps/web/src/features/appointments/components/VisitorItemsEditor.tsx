import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { appointmentDuration, MAX_PRODUCTS_PER_APPOINTMENT, type AppointmentItemInput } from '@balie/shared';
import { useGetBookableProductsQuery } from '../../../components/products/bookableProductsApi';
import { NativeSelectField } from '../../../components/form/NativeSelectField';
import { InlineLoading } from '../../../components/InlineLoading';

/**
 * What the visitor comes for, as staff change it on their behalf (DESIGN §4b *Staff*): every bookable
 * product with an amount, "none" leaving it out; at most MAX_PRODUCTS_PER_APPOINTMENT products, and at
 * least one (the slots below follow the choice).
 */
export function VisitorItemsEditor({
  value,
  onChange,
}: {
  value: AppointmentItemInput[];
  onChange: (items: AppointmentItemInput[]) => void;
}) {
  const { t } = useTranslation('appointments');
  const headingId = useId();
  const products = useGetBookableProductsQuery();
  const amountOf = (productId: number) => value.find((i) => i.productId === productId)?.amount ?? 0;
  const full = value.length >= MAX_PRODUCTS_PER_APPOINTMENT;

  function setAmount(productId: number, amount: number) {
    const others = value.filter((i) => i.productId !== productId);
    // The order of the appointment stays; a product added goes last.
    const at = value.findIndex((i) => i.productId === productId);
    if (amount === 0) return onChange(others);
    const item = { productId, amount };
    onChange(at === -1 ? [...others, item] : value.map((i) => (i.productId === productId ? item : i)));
  }

  const byId = new Map((products.data ?? []).map((p) => [p.id, p]));
  const chosen = value.flatMap((i) => {
    const product = byId.get(i.productId);
    return product ? [{ product, amount: i.amount }] : [];
  });

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} component="h2" variant="h6" gutterBottom>
        {t('change.products')}
      </Typography>
      {products.isLoading && <InlineLoading text={t('change.loadingProducts')} />}
      {products.isError && <Alert severity="error">{t('errors.generic')}</Alert>}
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        }}
      >
        {(products.data ?? []).map((p) => {
          const amount = amountOf(p.id);
          return (
            <Box component="li" key={p.id} sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
              <NativeSelectField
                size="small"
                label={t('change.amount')}
                ariaLabel={t('change.amountOf', { title: p.title })}
                value={amount}
                onChange={(e) => setAmount(p.id, Number(e.target.value))}
                sx={{ minWidth: 88 }}
              >
                <option value={0}>{t('change.none')}</option>
                {Array.from({ length: Math.max(1, p.maxAmount) }, (_, i) => i + 1).map((n) => (
                  // A product not chosen yet cannot be added once the appointment holds the most it may.
                  <option key={n} value={n} disabled={amount === 0 && full}>
                    {n}
                  </option>
                ))}
              </NativeSelectField>
              <Typography sx={{ overflowWrap: 'anywhere' }}>{p.title}</Typography>
            </Box>
          );
        })}
      </Box>
      <Box role="status" sx={{ mt: 2 }}>
        {value.length === 0 ? (
          <Alert severity="warning">{t('change.noProducts')}</Alert>
        ) : (
          products.data && (
            <Typography color="text.secondary">
              {t('change.duration', { count: appointmentDuration(chosen) })}
              {full && ` ${t('change.maxProducts', { count: MAX_PRODUCTS_PER_APPOINTMENT })}`}
            </Typography>
          )
        )}
      </Box>
    </Paper>
  );
}
