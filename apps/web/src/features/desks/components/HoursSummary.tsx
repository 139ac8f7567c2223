import { Fragment } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Info } from 'luxon';
import { useTranslation } from 'react-i18next';
import type { Desk } from '@balie/shared';
import { localeOf } from '../../../lib/i18n';
import { hoursSummary } from '../summary/hoursSummary';

/**
 * A desk's week in a table cell: one line per run of days; a period never breaks inside, so a narrow
 * column wraps between periods ("08:30–12:30," / "13:00–17:00"), not inside one.
 */
export function HoursSummary({ hours }: { hours: Desk['openingHours'] }) {
  const { t, i18n } = useTranslation('desks');
  const runs = hoursSummary(hours, Info.weekdays('short', { locale: localeOf(i18n.language) }));
  if (runs.length === 0)
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        {t('no_opening_hours')}
      </Typography>
    );
  return runs.map((run) => (
    <Box key={run.days} component="span" sx={{ display: 'block' }}>
      {`${run.days} `}
      {run.periods.map((p, i) => (
        // The separator stays outside the unbreakable span: the line may break after its space.
        <Fragment key={p}>
          {i > 0 && ', '}
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {p}
          </Box>
        </Fragment>
      ))}
    </Box>
  ));
}
