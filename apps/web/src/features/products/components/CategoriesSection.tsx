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
import { createProductCategoryRequestSchema, type ProductCategory } from '@balie/shared';
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

const nameFormSchema = z.object({ name: createProductCategoryRequestSchema.shape.name });
type NameFormValues = z.input<typeof nameFormSchema>;

/** One name field with its button: adds a category, or renames one. */
function CategoryNameForm({
  name,
  label,
  submitLabel,
  onSave,
}: {
  name: string;
  label: string;
  submitLabel: string;
  onSave: (name: string) => Promise<SaveResult<unknown>>;
}) {
  const { control, handleSubmit, reset, setError } = useForm({
    resolver: zodResolver(nameFormSchema),
    mode: 'onBlur',
    values: { name } satisfies NameFormValues,
  });
  const canSubmit = useCanSubmit(control, nameFormSchema);
  const onSubmit = handleSubmit(async (v) => {
    const outcome = await onSave(v.name);
    if (outcome.ok) reset(name === '' ? { name: '' } : v);
    else applyServerErrors(outcome.error, ['name'], setError);
  });
  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label={label}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexGrow: 1, minWidth: 0 }}
    >
      <FormTextField control={control} name="name" label={label} size="small" />
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
export function CategoriesSection({ categories }: { categories: ProductCategory[] }) {
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

  const remove = async (category: ProductCategory) => {
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
                name={c.name}
                label={t('category_name_of', { name: c.name })}
                submitLabel={t('rename')}
                onSave={async (name) =>
                  reportSave(await patchCategory({ id: c.id, body: { name } }), t('common:saved'))
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
          name=""
          label={t('new_category')}
          submitLabel={t('add')}
          onSave={async (name) => reportSave(await createCategory({ name }), t('category_created'))}
        />
      </Box>
    </Section>
  );
}
