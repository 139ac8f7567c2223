import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMemo, useRef, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useTranslation } from 'react-i18next';
import { MAX_PRODUCTS_PER_APPOINTMENT } from '@balie/shared';
import { NativeSelectField } from '../../../components/form/NativeSelectField';
import { PlainTextField } from '../../../components/form/PlainTextField';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks';
import { bookingLocationsApi, useGetAvailableLocationsQuery } from '../api/locationsApi';
import { useGetBookableProductCategoriesQuery, useGetBookableProductsQuery } from '../api/productsApi';
import { groupProducts } from '../lib/groupProducts';
import { draftDuration } from '../lib/draftDuration';
import { revealAbove, useStickyBarClearance } from '../lib/useStickyBarClearance';
import {
  itemAdded,
  itemEdited,
  itemRemoved,
  locationChosen,
  productsDone,
  selectDraftItems,
  selectDraftLocationId,
} from '../store/draftSlice';
import { ProductCard } from './ProductCard';
import { StepHeading } from './StepHeading';
import { InlineLoading } from '../../../components/InlineLoading';

/**
 * Step 1 (spec §2): search, filter by category, choose up to four products and their amounts. Where the
 * chosen products can be booked decides the next step (DESIGN §4b): the location step with more than one
 * location, the time step with one; with none the products cannot be combined at any one desk, which is
 * said here instead of showing an empty calendar.
 */
export function ProductsStep() {
  const { t } = useTranslation('booking');
  const dispatch = useAppDispatch();
  const items = useAppSelector(selectDraftItems);
  const locationId = useAppSelector(selectDraftLocationId);
  const products = useGetBookableProductsQuery();
  // For these very items (`currentData`): an answer for other products must not decide the next step.
  const { currentData: places, isError: placesFailed } = useGetAvailableLocationsQuery(
    items.length > 0 ? { appointmentItems: items } : skipToken,
  );
  const categories = useGetBookableProductCategoriesQuery();
  const [search, setSearch] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const bar = useRef<HTMLElement>(null);
  useStickyBarClearance(bar);

  const groups = useMemo(
    () =>
      groupProducts(products.data ?? [], categories.data ?? [], {
        search,
        categoryId: categoryId === '' ? null : Number(categoryId),
      }),
    [products.data, categories.data, search, categoryId],
  );
  const full = items.length >= MAX_PRODUCTS_PER_APPOINTMENT;
  const duration = draftDuration(items, products.data ?? []);
  const amountOf = (id: number) => items.find((i) => i.productId === id)?.amount ?? null;
  const nowhere = places?.length === 0;
  const [deciding, setDeciding] = useState(false);

  async function next() {
    let answer = places;
    // Pressed before the answer came: wait for it (the same request, not a second one).
    if (answer === undefined && !placesFailed) {
      setDeciding(true);
      const request = dispatch(
        bookingLocationsApi.endpoints.getAvailableLocations.initiate({ appointmentItems: items }),
      );
      answer = await request.unwrap().catch(() => undefined);
      request.unsubscribe();
      setDeciding(false);
    }
    // Nowhere: the warning says so. If asking failed (a network error), every location counts.
    if (answer?.length === 0) return;
    const ids = answer?.map((p) => p.location.id) ?? [];
    const chooseLocation = ids.length > 1;
    // A location chosen earlier (or by the link) stays only where these products can be booked.
    const keep = chooseLocation && locationId !== null && ids.includes(locationId) ? locationId : null;
    if (keep !== locationId) dispatch(locationChosen(keep));
    dispatch(productsDone({ chooseLocation }));
  }

  return (
    <Box>
      <StepHeading>{t('products.heading')}</StepHeading>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, mb: 2 }}>
        <PlainTextField
          type="search"
          label={t('products.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <NativeSelectField
          label={t('products.category')}
          value={categoryId}
          onChange={(e) => setCategoryId(e.target.value)}
        >
          <option value="">{t('products.allCategories')}</option>
          {(categories.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </NativeSelectField>
      </Box>

      {products.isLoading ? (
        <InlineLoading text={t('products.loading')} />
      ) : products.isError ? (
        <Alert severity="error">{t('errors.generic')}</Alert>
      ) : groups.length === 0 ? (
        <Alert severity="info">{t('products.none')}</Alert>
      ) : (
        groups.map((group) => (
          <Box component="section" key={group.key} aria-labelledby={`category-${group.key}`} sx={{ mb: 3 }}>
            <Typography
              id={`category-${group.key}`}
              component="h3"
              variant="subtitle1"
              sx={{ fontWeight: 600, mb: 1 }}
            >
              {group.category?.name ?? t('products.otherCategory')}
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
              {group.products.map((product) => (
                <ProductCard
                  key={product.id}
                  product={product}
                  amount={amountOf(product.id)}
                  canAdd={!full}
                  onAdd={(card) => {
                    dispatch(itemAdded(product.id));
                    // The bar may grow (the 'maximum' alert): keep the card and its notice above it.
                    revealAbove(card);
                  }}
                  onRemove={() => dispatch(itemRemoved(product.id))}
                  onAmount={(amount) => dispatch(itemEdited({ productId: product.id, amount }))}
                />
              ))}
            </Box>
          </Box>
        ))
      )}

      <Paper
        ref={bar}
        elevation={3}
        component="section"
        aria-label={t('products.selection')}
        sx={{ position: 'sticky', bottom: 0, p: 2, display: 'grid', gap: 1, zIndex: 1 }}
      >
        <Box aria-live="polite" sx={{ display: 'grid', gap: 1 }}>
          {full && (
            <Alert severity="info">{t('products.maximum', { count: MAX_PRODUCTS_PER_APPOINTMENT })}</Alert>
          )}
          {nowhere && (
            <Alert severity="warning">
              {t(items.length > 1 ? 'products.notTogether' : 'products.notBookable')}
            </Alert>
          )}
          <Typography>
            {items.length === 0
              ? t('products.noneChosen')
              : t('products.chosen', { count: items.length, max: MAX_PRODUCTS_PER_APPOINTMENT })}
            {duration > 0 && <> · {t('products.duration', { count: duration })}</>}
          </Typography>
        </Box>
        <Button
          variant="contained"
          size="large"
          disabled={items.length === 0 || nowhere || deciding}
          onClick={() => void next()}
          sx={{ justifySelf: { xs: 'stretch', sm: 'end' } }}
        >
          {(places?.length ?? 0) > 1 ? t('products.nextLocation') : t('products.next')}
        </Button>
      </Paper>
    </Box>
  );
}
