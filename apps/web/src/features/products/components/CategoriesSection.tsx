import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Delete from '@mui/icons-material/Delete';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  createProductCategoryRequestSchema,
  type AdminProductCategory,
  type ProductCategoryTranslations,
} from '@balie/shared';
import { applyServerErrors } from '../../../components/form/applyServerErrors';
import { FormTextField } from '../../../components/form/FormTextField';
import { useCanSubmit } from '../../../components/form/useCanSubmit';
import { useNotify } from '../../../components/notifier/NotifierContext';
import { useReportSave, type SaveResult } from '../../../components/notifier/useReportSave';
import { Section } from '../../../components/Section';
import { apiErrorOf } from '../../../lib/apiError';
import {
  useCreateProductCategoryMutation,
  useDeleteProductCategoryMutation,
  usePatchProductCategoryMutation,
} from '../api';

const nameSchema = createProductCategoryRequestSchema.shape.name;
// The translations are optional: an empty field means none in that language.
const nameFormSchema = z.object({
  name: nameSchema,
  en: nameSchema.or(z.literal('')),
  de: nameSchema.or(z.literal('')),
});
type NameFormValues = z.input<typeof nameFormSchema>;

/** The names as the request sends them: a language left empty has no translation. */
export interface CategoryNames {
  name: string;
  translations: ProductCategoryTranslations;
}

const EMPTY: AdminProductCategory = { id: 0, name: '', position: 0, translations: {} };

/**
 * The Dutch name and the English and German ones with their button: adds a category, or renames one
 * (the translations answered in those languages by the booking page, decision 0432).
 */
function CategoryNameForm({
  category,
  label,
  submitLabel,
  onSave,
}: {
  category: AdminProductCategory;
  label: string;
  submitLabel: string;
  onSave: (names: CategoryNames) => Promise<SaveResult<unknown>>;
}) {
  const { t } = useTranslation('products');
  const initial: NameFormValues = {
    name: category.name,
    en: category.translations.en?.name ?? '',
    de: category.translations.de?.name ?? '',
  };
  const { control, handleSubmit, reset, setError } = useForm({
    resolver: zodResolver(nameFormSchema),
    mode: 'onBlur',
    values: initial,
  });
  const canSubmit = useCanSubmit(control, nameFormSchema);
  const onSubmit = handleSubmit(async (v) => {
    const translations: ProductCategoryTranslations = {
      ...(v.en ? { en: { name: v.en } } : {}),
      ...(v.de ? { de: { name: v.de } } : {}),
    };
    const outcome = await onSave({ name: v.name, translations });
    if (outcome.ok) reset(category.name === '' ? initial : v);
    else applyServerErrors(outcome.error, ['name'], setError);
  });
  const named = category.name !== '';
  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label={label}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexGrow: 1, minWidth: 0 }}
    >
      <FormTextField control={control} name="name" label={label} size="small" />
      <FormTextField
        control={control}
        name="en"
        label={named ? t('category_name_en_of', { name: category.name }) : t('category_name_en')}
        size="small"
      />
      <FormTextField
        control={control}
        name="de"
        label={named ? t('category_name_de_of', { name: category.name }) : t('category_name_de')}
        size="small"
      />
      <Button type="submit" variant="outlined" disabled={!canSubmit} sx={{ mt: 2, flexShrink: 0 }}>
        {submitLabel}
      </Button>
    </Box>
  );
}

/**
 * The product categories (decision 0182): add, rename, move up or down, delete when no product is in
 * it (the server answers 409 category_not_empty otherwise, shown as a clear text).
 */
export function CategoriesSection({ categories }: { categories: AdminProductCategory[] }) {
  const { t } = useTranslation(['products', 'common']);
  const notify = useNotify();
  const [createCategory] = useCreateProductCategoryMutation();
  const [patchCategory] = usePatchProductCategoryMutation();
  const [deleteCategory] = useDeleteProductCategoryMutation();
  const [notEmpty, setNotEmpty] = useState<string | null>(null);

  const reportSave = useReportSave();

  /** Swaps two neighbours and sends the new position of each category whose position changed. */
  const move = async (index: number, by: -1 | 1) => {
    const order = [...categories];
    const [moved] = order.splice(index, 1);
    if (!moved) return;
    order.splice(index + by, 0, moved);
    const changed = order.filter((c, position) => c.position !== position);
    for (const [position, c] of order.entries()) {
      if (!changed.includes(c)) continue;
      const result = await patchCategory({ id: c.id, body: { position } });
      if (result.error) return notify(t('common:general.error'), 'error');
    }
    notify(t('category_moved'), 'success');
  };

  const remove = async (category: AdminProductCategory) => {
    setNotEmpty(null);
    const result = await deleteCategory(category.id);
    if (!result.error) notify(t('category_deleted'), 'success');
    else if (apiErrorOf(result.error)?.code === 'category_not_empty')
      setNotEmpty(t('category_not_empty', { name: category.name }));
    else notify(t('common:general.error'), 'error');
  };

  return (
    <Section title={t('categories')}>
      {notEmpty && (
        <Alert severity="warning" sx={{ mb: 1 }} onClose={() => setNotEmpty(null)}>
          {notEmpty}
        </Alert>
      )}
      {categories.length === 0 ? (
        <Alert severity="info">{t('no_categories')}</Alert>
      ) : (
        <List aria-label={t('categories')} disablePadding>
          {categories.map((c, index) => (
            <ListItem
              key={c.id}
              disableGutters
              divider
              sx={{ flexWrap: { xs: 'wrap', sm: 'nowrap' }, gap: 1 }}
            >
              <CategoryNameForm
                category={c}
                label={t('category_name_of', { name: c.name })}
                submitLabel={t('rename')}
                onSave={async (names) =>
                  reportSave(await patchCategory({ id: c.id, body: names }), t('common:saved'))
                }
              />
              <Box sx={{ display: 'flex', flexShrink: 0 }}>
                <IconButton
                  aria-label={t('move_up', { name: c.name })}
                  disabled={index === 0}
                  onClick={() => void move(index, -1)}
                >
                  <ArrowUpward />
                </IconButton>
                <IconButton
                  aria-label={t('move_down', { name: c.name })}
                  disabled={index === categories.length - 1}
                  onClick={() => void move(index, 1)}
                >
                  <ArrowDownward />
                </IconButton>
                <IconButton
                  aria-label={t('delete_category', { name: c.name })}
                  onClick={() => void remove(c)}
                >
                  <Delete />
                </IconButton>
              </Box>
            </ListItem>
          ))}
        </List>
      )}
      <Box sx={{ mt: 2 }}>
        <CategoryNameForm
          category={EMPTY}
          label={t('new_category')}
          submitLabel={t('add')}
          onSave={async (names) => reportSave(await createCategory(names), t('category_created'))}
        />
      </Box>
    </Section>
  );
}
