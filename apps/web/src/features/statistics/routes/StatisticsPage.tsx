import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Statistics } from '@balie/shared';
import { PageFrame } from '../../../components/PageFrame';
import { QueryState } from '../../../components/QueryState';
import { DateRangeFields } from '../../../components/form/DateRangeFields';
import { NativeSelectField } from '../../../components/form/NativeSelectField';
import { formatShortDate } from '../../../lib/dates';
import { useGetDesksQuery } from '../../../components/desks/deskListApi';
import { useGetAllLocationsQuery } from '../../../components/locations/locationListApi';
import { useGetStatisticsQuery } from '../api';
import { DayCharts } from '../components/DayCharts';
import { LeadTimeChart } from '../components/LeadTimeChart';
import { OccupancyHeatMap } from '../components/OccupancyHeatMap';
import { AttendanceCard } from '../components/AttendanceCard';
import { ProductChart } from '../components/ProductChart';
import { Suggestions } from '../components/Suggestions';
import { PRESETS, presetRange, type Preset } from '../lib/range';

/** The headline figures of the range: what an office manager reads first on Monday morning. */
function Summary({ data }: { data: Statistics }) {
  const { t, i18n } = useTranslation('statistics');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const total = (
    k: 'booked' | 'checkedIn' | 'noShow' | 'cancelled' | 'walkIns' | 'openMinutes' | 'bookedMinutes',
  ) => data.days.reduce((n, d) => n + d[k], 0);
  const recorded = total('checkedIn') + total('noShow');
  const pct = (part: number, whole: number) =>
    whole === 0 ? '—' : `${((part / whole) * 100).toLocaleString(language, { maximumFractionDigits: 1 })}%`;
  const figures = [
    [t('count.booked'), total('booked').toLocaleString(language)],
    [t('count.walkIns'), total('walkIns').toLocaleString(language)],
    [t('no_show_rate'), pct(total('noShow'), recorded)],
    [t('occupancy.title'), pct(total('bookedMinutes'), total('openMinutes'))],
  ];
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2, m: 0 }}
    >
      {figures.map(([label, value]) => (
        <Paper key={label} variant="outlined" sx={{ p: 2 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="h5" sx={{ m: 0 }}>
            {value}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

/**
 * /statistics (admin): what happened in a date range (presets: last week, last four weeks, this quarter)
 * everywhere, at one location or one desk — per day, waiting times, no-shows per product, occupancy per
 * weekday and hour, lead time — each chart with its numbers as a table and a CSV; and the walk-in share
 * suggested per desk and day part, applied with one click.
 */
export default function StatisticsPage() {
  const { t, i18n } = useTranslation('statistics');
  const [preset, setPreset] = useState<Preset | null>('last_4_weeks');
  const [range, setRange] = useState(() => presetRange('last_4_weeks'));
  const [locationId, setLocationId] = useState<number | undefined>();
  const [deskId, setDeskId] = useState<number | undefined>();
  const locations = useGetAllLocationsQuery().data ?? [];
  const desks = (useGetDesksQuery().data ?? []).filter(
    (d) => locationId === undefined || d.locationId === locationId,
  );
  const complete = range.from !== '' && range.until !== '' && range.from <= range.until;
  const { data, error, isLoading, isFetching } = useGetStatisticsQuery(
    { ...range, ...(locationId ? { locationId } : {}), ...(deskId ? { deskId } : {}) },
    { skip: !complete },
  );

  return (
    <PageFrame title={t('title')} maxWidth={1280}>
      <Paper
        variant="outlined"
        component="form"
        role="search"
        aria-label={t('filters')}
        sx={{ p: 2, mb: 3 }}
        onSubmit={(e) => e.preventDefault()}
      >
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={preset}
            aria-label={t('preset.label')}
            onChange={(_e, value: Preset | null) => {
              if (!value) return;
              setPreset(value);
              setRange(presetRange(value));
            }}
            sx={{ flexWrap: 'wrap' }}
          >
            {PRESETS.map((p) => (
              <ToggleButton key={p} value={p}>
                {t(`preset.${p}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <DateRangeFields
            value={range}
            labels={{ from: t('from'), until: t('until') }}
            onChange={(patch) => {
              setPreset(null);
              setRange((r) => ({
                from: patch.from ?? ('from' in patch ? '' : r.from),
                until: patch.until ?? ('until' in patch ? '' : r.until),
              }));
            }}
            fieldSx={{ width: 170 }}
          />
          {locations.length > 1 && (
            <NativeSelectField
              label={t('location')}
              size="small"
              value={locationId ?? ''}
              onChange={(e) => {
                setLocationId(e.target.value ? Number(e.target.value) : undefined);
                setDeskId(undefined);
              }}
              sx={{ minWidth: 180 }}
            >
              <option value="">{t('everywhere')}</option>
              {locations.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </NativeSelectField>
          )}
          <NativeSelectField
            label={t('desk')}
            size="small"
            value={deskId ?? ''}
            onChange={(e) => setDeskId(e.target.value ? Number(e.target.value) : undefined)}
            sx={{ minWidth: 160 }}
          >
            <option value="">{t('every_desk')}</option>
            {desks.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </NativeSelectField>
        </Box>
        {!complete && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t('range_incomplete')}
          </Alert>
        )}
      </Paper>
      <Box aria-busy={isFetching} sx={{ display: 'grid', gap: 3 }}>
        <QueryState data={complete ? data : undefined} error={error} isLoading={isLoading}>
          {(s) => (
            <>
              <Typography variant="body2" color="text.secondary" role="status">
                {t('covers', {
                  from: formatShortDate(s.from, i18n.language),
                  until: formatShortDate(s.until, i18n.language),
                  count: s.days.length,
                })}
              </Typography>
              <Summary data={s} />
              <Suggestions data={s} />
              <DayCharts data={s} />
              <Box
                sx={{
                  display: 'grid',
                  gap: 3,
                  gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
                }}
              >
                <OccupancyHeatMap data={s} />
                <ProductChart data={s} />
              </Box>
              <LeadTimeChart data={s} />
              <AttendanceCard data={s} />
            </>
          )}
        </QueryState>
      </Box>
    </PageFrame>
  );
}
