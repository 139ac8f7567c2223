import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import type { Statistics } from '@balie/shared';
import { FigureCard } from './FigureCard';

/** How long before the appointment it was booked, in groups of days. */
export function LeadTimeChart({ data }: { data: Statistics }) {
  const { t } = useTranslation('statistics');
  const labels = data.leadTime.map((b) => t(`lead.${b.bucket}`));
  return (
    <FigureCard
      id="lead-time"
      title={t('lead.title')}
      description={t('lead.description')}
      fileName="statistieken-boekingstermijn.csv"
      table={{
        header: [t('lead.bucket'), t('lead.appointments')],
        rows: data.leadTime.map((b, i) => [labels[i]!, b.appointments]),
      }}
    >
      <BarChart
        height={240}
        xAxis={[{ scaleType: 'band', data: labels }]}
        series={[{ data: data.leadTime.map((b) => b.appointments), label: t('lead.appointments') }]}
        hideLegend
        margin={{ right: 16 }}
      />
    </FigureCard>
  );
}
