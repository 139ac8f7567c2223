import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useTranslation } from 'react-i18next';
import type { Desk, Product } from '@balie/shared';

type Serves = 'all' | 'chosen';

/**
 * Which products a desk serves (DESIGN §4b): every product, also those made later (`productIds: null`),
 * or the ones ticked. A chosen list needs at least one product: a desk that serves nothing is a closed
 * desk, which the active switch says better. `onSave` answers whether the server took it.
 */
export function DeskProductsForm({
  productIds,
  products,
  onSave,
}: {
  productIds: Desk['productIds'];
  /** Every product, inactive ones too. */
  products: Product[];
  onSave: (productIds: Desk['productIds']) => Promise<boolean>;
}) {
  const { t } = useTranslation('desks');
  const [serves, setServes] = useState<Serves>(productIds === null ? 'all' : 'chosen');
  const [chosen, setChosen] = useState<number[]>(productIds ?? []);
  const [saving, setSaving] = useState(false);
  // A product the desk serves but the list no longer has (deleted meanwhile) is not sent back.
  const sent: Desk['productIds'] =
    serves === 'all' ? null : products.filter((p) => chosen.includes(p.id)).map((p) => p.id);
  const changed = JSON.stringify(sent) !== JSON.stringify(productIds);
  const empty = sent !== null && sent.length === 0;

  const toggle = (id: number, on: boolean) =>
    setChosen((ids) => (on ? [...ids, id] : ids.filter((i) => i !== id)));
  const save = async () => {
    setSaving(true);
    await onSave(sent);
    setSaving(false);
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label={t('products.title')}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <FormControl>
        <FormLabel id="desk-serves">{t('products.serves')}</FormLabel>
        <RadioGroup
          aria-labelledby="desk-serves"
          value={serves}
          onChange={(e) => setServes(e.target.value as Serves)}
        >
          <FormControlLabel value="all" control={<Radio />} label={t('products.all')} />
          <FormControlLabel value="chosen" control={<Radio />} label={t('products.chosen')} />
        </RadioGroup>
      </FormControl>
      {serves === 'chosen' && (
        <FormControl component="fieldset" error={empty} sx={{ display: 'block', mt: 1, ml: 4 }}>
          <FormLabel component="legend">{t('products.list')}</FormLabel>
          {products.length === 0 ? (
            <Alert severity="info">{t('products.none')}</Alert>
          ) : (
            <FormGroup>
              {products.map((p) => (
                <FormControlLabel
                  key={p.id}
                  control={
                    <Checkbox
                      checked={chosen.includes(p.id)}
                      onChange={(e) => toggle(p.id, e.target.checked)}
                    />
                  }
                  label={p.active ? p.title : t('products.inactive', { title: p.title })}
                />
              ))}
            </FormGroup>
          )}
          {empty && <FormHelperText>{t('products.choose_one')}</FormHelperText>}
        </FormControl>
      )}
      <Box sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" disabled={!changed || empty || saving}>
          {t('products.save')}
        </Button>
      </Box>
    </Box>
  );
}
