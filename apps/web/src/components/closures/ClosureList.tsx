import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import type { DeskClosure } from '@balie/shared';
import { ConfirmDialog } from '../ConfirmDialog';
import { formatDate } from '../../lib/dates';
import { nowInProviderZone } from '../../lib/providerZone';

type Closure = Omit<DeskClosure, 'id'> & { id?: number };

/** A closure's day and hours as a person reads them: '3 maart 2030 · 11:00–11:36'. */
function useDescribe() {
  const { t } = useTranslation('desks');
  return (closure: Closure) =>
    `${formatDate(closure.date)} · ${closure.type === 'whole_day' ? t('whole_day') : `${closure.from}–${closure.until}`}`;
}

/**
 * Closures in date order; those before today (provider's zone) are folded away behind "show past".
 * Deleting asks first (it reopens the day for booking at once); `onDelete` gets the closure's index in
 * the given array; without it the list only shows. `detailOf` adds a line before the reason (which
 * desks a shared closure closes).
 */
export function ClosureList<C extends Closure>({
  closures,
  onDelete,
  label,
  detailOf,
}: {
  closures: C[];
  onDelete?: (index: number) => void;
  label: string;
  detailOf?: (closure: C) => string | undefined;
}) {
  const { t } = useTranslation(['desks', 'common']);
  const [showPast, setShowPast] = useState(false);
  const [toDelete, setToDelete] = useState<number | null>(null);
  const describe = useDescribe();
  const pending = toDelete === null ? undefined : closures[toDelete];
  const today = nowInProviderZone().toISODate() ?? '';
  const sorted = closures
    .map((closure, index) => ({ closure, index }))
    .sort((a, b) =>
      `${a.closure.date} ${a.closure.from ?? ''}`.localeCompare(`${b.closure.date} ${b.closure.from ?? ''}`),
    );
  const past = sorted.filter((c) => c.closure.date < today);
  const shown = showPast ? sorted : sorted.filter((c) => c.closure.date >= today);
  return (
    <Box>
      {shown.length === 0 ? (
        <Typography color="text.secondary">{t('no_closures')}</Typography>
      ) : (
        <List dense aria-label={label}>
          {shown.map(({ closure, index }) => {
            return (
              <ListItem
                key={closure.id ?? `new-${index}`}
                divider
                disableGutters
                secondaryAction={
                  onDelete && (
                    <IconButton
                      edge="end"
                      aria-label={t('closure.delete', { date: formatDate(closure.date) })}
                      onClick={() => setToDelete(index)}
                    >
                      <DeleteOutlined />
                    </IconButton>
                  )
                }
              >
                <ListItemText
                  primary={describe(closure)}
                  secondary={[detailOf?.(closure), closure.reason].filter(Boolean).join(' · ') || undefined}
                />
              </ListItem>
            );
          })}
        </List>
      )}
      {past.length > 0 && (
        <Button size="small" onClick={() => setShowPast((s) => !s)} aria-expanded={showPast}>
          {showPast ? t('closure.hide_past') : t('closure.show_past', { count: past.length })}
        </Button>
      )}
      <ConfirmDialog
        open={pending !== undefined}
        title={t('closure.delete_confirm_title')}
        text={pending ? t('closure.delete_confirm_text', { closure: describe(pending) }) : ''}
        confirmLabel={t('common:action.delete')}
        onConfirm={() => {
          if (toDelete !== null) onDelete?.(toDelete);
          setToDelete(null);
        }}
        onClose={() => setToDelete(null)}
      />
    </Box>
  );
}
