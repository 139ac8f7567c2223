import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { DateRangeFields } from '../../../components/form/DateRangeFields';
import { AUDIT_ACTIONS, AUDIT_ACTOR_TYPES, type AuditEventsQuery } from '@balie/shared';
import { useAuditText } from '../../../components/audit/useAuditText';

export type AuditFilter = Pick<AuditEventsQuery, 'action' | 'from' | 'until' | 'actorType' | 'actor'>;

const ANY = 'any';

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
      <TextField
        select
        size="small"
        label={t('filters.action')}
        value={filter.action ?? ANY}
        onChange={(e) => set({ action: e.target.value === ANY ? undefined : e.target.value })}
        sx={{ minWidth: 220, flex: { xs: '1 1 100%', sm: '0 1 auto' } }}
      >
        <MenuItem value={ANY}>{t('filters.all_actions')}</MenuItem>
        {AUDIT_ACTIONS.map((a) => (
          <MenuItem key={a} value={a}>
            {actionText(a)}
          </MenuItem>
        ))}
      </TextField>
      <DateRangeFields
        value={filter}
        labels={{ from: t('filters.from'), until: t('filters.until') }}
        onChange={set}
        fieldSx={{ flex: { xs: '1 1 40%', sm: '0 1 auto' } }}
      />
      <TextField
        select
        size="small"
        label={t('filters.actor_type')}
        value={filter.actorType ?? ANY}
        onChange={(e) =>
          set({
            actorType: e.target.value === ANY ? undefined : (e.target.value as AuditFilter['actorType']),
          })
        }
        sx={{ minWidth: 180, flex: { xs: '1 1 100%', sm: '0 1 auto' } }}
      >
        <MenuItem value={ANY}>{t('filters.any')}</MenuItem>
        {AUDIT_ACTOR_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {t(`filters.${type}`)}
          </MenuItem>
        ))}
      </TextField>
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
