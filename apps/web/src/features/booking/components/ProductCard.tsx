import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '@balie/shared';
import { NativeSelectField } from '../../../components/form/NativeSelectField';
import { productFileUrl } from '../api/productsApi';

interface Props {
  product: Product;
  /** The chosen amount, or null when the product is not chosen. */
  amount: number | null;
  canAdd: boolean;
  /** Gets the card's element, to keep it in view when choosing it changes the page around it. */
  onAdd: (card: HTMLElement | null) => void;
  onRemove: () => void;
  onAmount: (amount: number) => void;
}

/** One product: what it is, its notice and files, and the controls to choose it and its amount. */
export function ProductCard({ product, amount, canAdd, onAdd, onRemove, onAmount }: Props) {
  const { t } = useTranslation('booking');
  const chosen = amount !== null;
  const titleId = `product-${product.id}-title`;
  // Adding swaps the add button for the amount and remove controls, removing swaps them back: the
  // control pressed is gone, so focus goes to its replacement instead of falling back to the page.
  const amountRef = useRef<HTMLSelectElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const pressed = useRef(false);
  useEffect(() => {
    if (!pressed.current) return;
    pressed.current = false;
    (chosen ? amountRef : addRef).current?.focus();
  }, [chosen]);
  return (
    <Card
      component="li"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ borderColor: chosen ? 'primary.main' : undefined, borderWidth: chosen ? 2 : 1 }}
    >
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Typography id={titleId} component="h4" variant="h6">
          {product.title}
        </Typography>
        {product.description && <Typography color="text.secondary">{product.description}</Typography>}
        {product.notice && (
          <Alert severity="info" variant="outlined">
            {product.notice}
          </Alert>
        )}
        {product.files.length > 0 && (
          <Box
            component="ul"
            sx={{ m: 0, pl: 2.5 }}
            aria-label={t('products.filesOf', { title: product.title })}
          >
            {product.files.map((file) => (
              <li key={file.id}>
                <Link href={productFileUrl(product.id, file.id)} download={file.fileName}>
                  {file.fileName}
                </Link>
              </li>
            ))}
          </Box>
        )}
        <Typography variant="body2" color="text.secondary">
          {t('products.timeUnit', { count: product.timeUnit })}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
          {chosen ? (
            <>
              <NativeSelectField
                size="small"
                label={t('products.amount')}
                ariaLabel={t('products.amountOf', { title: product.title })}
                selectRef={amountRef}
                value={amount ?? ''}
                onChange={(e) => onAmount(Number(e.target.value))}
                sx={{ minWidth: 96 }}
              >
                {Array.from({ length: Math.max(1, product.maxAmount) }, (_, i) => i + 1).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </NativeSelectField>
              <Button
                onClick={() => {
                  pressed.current = true;
                  onRemove();
                }}
                aria-label={t('products.removeNamed', { title: product.title })}
              >
                {t('products.remove')}
              </Button>
            </>
          ) : (
            <Button
              ref={addRef}
              variant="outlined"
              onClick={(e) => {
                pressed.current = true;
                onAdd(e.currentTarget.closest('li'));
              }}
              disabled={!canAdd}
              aria-label={t('products.addNamed', { title: product.title })}
            >
              {t('products.add')}
            </Button>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
