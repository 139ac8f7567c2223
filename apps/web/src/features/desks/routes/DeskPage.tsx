import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Info } from 'luxon';
import { useTranslation } from 'react-i18next';
import type { Desk } from '@balie/shared';
import { PageFrame } from '../../../components/PageFrame';
import { QueryState } from '../../../components/QueryState';
import { localeOf } from '../../../lib/i18n';
import { formatShortDate } from '../../../lib/dates';
import { useGetDeskQuery } from '../api';
import { ActiveChip } from '../../../components/ActiveChip';

function DeskDetails({ desk }: { desk: Desk }) {
  const { t, i18n } = useTranslation('desks');
  const weekdays = Info.weekdays('long', { locale: localeOf(i18n.language) });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2 }}>
        <Typography variant="h6" component="h2">
          {desk.name}
        </Typography>
        <ActiveChip active={desk.active} />
      </Box>
      <Typography color="text.secondary">
        {t('label')}: {desk.label ?? '—'}
      </Typography>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 3, fontWeight: 600 }}>
        {t('opening_hours')}
      </Typography>
      {/* The API sends opening hours sorted by weekday, then opening time. */}
      {desk.openingHours.length === 0 ? (
        <Typography color="text.secondary">{t('no_opening_hours')}</Typography>
      ) : (
        <Box component="ul" sx={{ pl: 2.5, my: 1 }}>
          {desk.openingHours.map((h) => (
            <li key={`${h.weekday}-${h.opens}`}>
              {weekdays[h.weekday - 1]}: {h.opens}–{h.closes}
            </li>
          ))}
        </Box>
      )}
      <Typography variant="subtitle1" component="h3" sx={{ mt: 3, fontWeight: 600 }}>
        {t('closures')}
      </Typography>
      {desk.closures.length === 0 ? (
        <Typography color="text.secondary">{t('no_closures')}</Typography>
      ) : (
        <Box component="ul" sx={{ pl: 2.5, my: 1 }}>
          {desk.closures.map((c) => (
            <li key={c.id}>
              {formatShortDate(c.date, i18n.language)}:{' '}
              {c.type === 'whole_day' ? t('whole_day') : `${c.from ?? ''}–${c.until ?? ''}`}
              {c.reason ? ` (${c.reason})` : ''}
            </li>
          ))}
        </Box>
      )}
    </Paper>
  );
}

/** /front-desk/:frontDeskId (admin): one desk, read-only for now. */
export default function DeskPage() {
  const { t } = useTranslation('desks');
  const id = Number(useParams().frontDeskId);
  const valid = Number.isInteger(id) && id > 0;
  const { data, error, isLoading } = useGetDeskQuery(valid ? id : skipToken);
  return (
    <PageFrame
      title={t('desk_title')}
      actions={
        <Button component={RouterLink} to="/front-desks" startIcon={<ArrowBack />}>
          {t('back')}
        </Button>
      }
    >
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('common:read_only_notice')}
      </Alert>
      <QueryState data={valid ? data : undefined} error={error} isLoading={isLoading} empty={t('not_found')}>
        {(desk) => <DeskDetails desk={desk} />}
      </QueryState>
    </PageFrame>
  );
}
