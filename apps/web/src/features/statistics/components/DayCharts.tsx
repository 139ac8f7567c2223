import { LineChart } from '@mui/x-charts/LineChart';
import { useTranslation } from 'react-i18next';
import type { Statistics } from '@balie/shared';
import { formatShortDate } from '../../../lib/dates';
import { FigureCard } from './FigureCard';

const COUNTS = ['booked', 'checkedIn', 'noShow', 'cancelled', 'walkIns'] as const;
const TIMES = [
  ['wait', 'median'],
  ['wait', 'p90'],
  ['service', 'median'],
  ['service', 'p90'],
] as const;

/** What happened per day, and the waiting and service times per day, each a line chart with its table. */
export function DayCharts({ data }: { data: Statistics }) {
  const { t } = useTranslation('statistics');
  const labels = data.days.map((d) => formatShortDate(d.date));
  const xAxis = [{ scaleType: 'point' as const, data: labels }];
  return (
    <>
      <FigureCard
        id="per-day"
        title={t('per_day.title')}
        description={t('per_day.description')}
        fileName="statistieken-per-dag.csv"
        table={{
          header: [
            t('date'),
            t('day_part'),
            ...COUNTS.map((k) => t(`count.${k}`)),
            t('open_minutes'),
            t('booked_minutes'),
          ],
          rows: data.days.flatMap((d) => [
            [d.date, t('whole_day'), ...COUNTS.map((k) => d[k]), d.openMinutes, d.bookedMinutes],
            ...d.parts.map((p) => [
              d.date,
              t(`part.${p.dayPart}`),
              ...COUNTS.map((k) => p[k]),
              p.openMinutes,
              p.bookedMinutes,
            ]),
          ]),
        }}
      >
        <LineChart
          height={280}
          xAxis={xAxis}
          series={COUNTS.map((k) => ({
            data: data.days.map((d) => d[k]),
            label: t(`count.${k}`),
            // A line needs two days: the marks show a single day (issue 34 item 10) and a day between gaps.
            showMark: true,
          }))}
          margin={{ left: 0, right: 16 }}
        />
      </FigureCard>
      <FigureCard
        id="waiting"
        title={t('waiting.title')}
        description={t('waiting.description')}
        fileName="statistieken-wachttijd.csv"
        table={{
          header: [
            t('date'),
            ...TIMES.map(([what, figure]) => t(`time.${what}_${figure}`)),
            t('time.visitors'),
          ],
          rows: data.days.map((d) => [
            d.date,
            ...TIMES.map(([what, figure]) => d[what][figure]),
            d.wait.count,
          ]),
        }}
      >
        <LineChart
          height={260}
          xAxis={xAxis}
          yAxis={[{ label: t('minutes') }]}
          series={TIMES.map(([what, figure]) => ({
            data: data.days.map((d) => d[what][figure]),
            label: t(`time.${what}_${figure}`),
            // A line needs two days: the marks show a single day (issue 34 item 10) and a day between gaps.
            showMark: true,
            connectNulls: true,
          }))}
          margin={{ right: 16 }}
        />
      </FigureCard>
    </>
  );
}
