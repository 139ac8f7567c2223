import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { AnySelectField } from '../../../components/form/AnySelectField';
import { DateRangeFields } from '../../../components/form/DateRangeFields';
import { AUDIT_ACTIONS, AUDIT_ACTOR_TYPES, type AuditEventsQuery } from '@balie/shared';
import { useAuditText } from '../../../components/audit/useAuditText';

export type AuditFilter = Pick<AuditEventsQuery, 'action' | 'from' | 'until' | 'actorType' | 'actor'>;

/** The audit screen's filters: kind, date range, kind of actor and who (name or e-mail). */
export function AuditFilterBar({
  filter,
  onChange,
}: {
  filter: AuditFilter;
  onChange: (next: AuditFilter) => void;
}) {
  const { t } = useTranslation('audit');
  const { actionText } = useAuditText();
  const set = (patch: AuditFilter) => onChange({ ...filter, ...patch });
  const empty = Object.values(filter).every((v) => v === undefined);
  return (
    <Box
      role="search"
      aria-label={t('filters.label')}
      sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}
    >
      <AnySelectField
        label={t('filters.action')}
        anyLabel={t('filters.all_actions')}
        value={filter.action}
        options={AUDIT_ACTIONS}
        optionLabel={actionText}
        onChange={(action) => set({ action })}
        sx={{ minWidth: 220, flex: { xs: '1 1 100%', sm: '0 1 auto' } }}
      />
      <DateRangeFields
        value={filter}
        labels={{ from: t('filters.from'), until: t('filters.until') }}
        onChange={set}
        fieldSx={{ flex: { xs: '1 1 40%', sm: '0 1 auto' } }}
      />
      <AnySelectField
        label={t('filters.actor_type')}
        anyLabel={t('filters.any')}
        value={filter.actorType}
        options={AUDIT_ACTOR_TYPES}
        optionLabel={(type) => t(`filters.${type}`)}
        onChange={(actorType) => set({ actorType })}
        sx={{ minWidth: 180, flex: { xs: '1 1 100%', sm: '0 1 auto' } }}
      />
      <TextField
        type="search"
        size="small"
        label={t('filters.actor')}
        value={filter.actor ?? ''}
        onChange={(e) => set({ actor: e.target.value || undefined })}
        sx={{ flex: '1 1 12rem', maxWidth: { sm: 320 } }}
      />
      <Button onClick={() => onChange({})} disabled={empty}>
        {t('filters.clear')}
      </Button>
    </Box>
  );
}
