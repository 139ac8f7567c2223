import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import type { Statistics } from '@balie/shared';
import { FigureCard } from './FigureCard';

const percent = (rate: number | null) => (rate === null ? null : Math.round(rate * 1000) / 10);

/** The no-show rate per product (no-shows ÷ checked in and no-shows), as bars with the counts as a table. */
export function ProductChart({ data }: { data: Statistics }) {
  const { t } = useTranslation('statistics');
  const products = data.products.filter((p) => p.booked + p.cancelled > 0);
  return (
    <FigureCard
      id="no-shows"
      title={t('no_shows.title')}
      description={t('no_shows.description')}
      fileName="statistieken-niet-verschenen.csv"
      table={{
        header: [
          t('product'),
          t('count.booked'),
          t('count.checkedIn'),
          t('count.noShow'),
          t('count.cancelled'),
          t('no_show_rate'),
        ],
        rows: products.map((p) => [
          p.product.title,
          p.booked,
          p.checkedIn,
          p.noShow,
          p.cancelled,
          percent(p.noShowRate),
        ]),
      }}
    >
      <BarChart
        height={Math.max(160, 36 * products.length + 60)}
        layout="horizontal"
        yAxis={[{ scaleType: 'band', data: products.map((p) => p.product.title), width: 150 }]}
        xAxis={[{ label: t('no_show_rate'), min: 0 }]}
        series={[{ data: products.map((p) => percent(p.noShowRate) ?? 0), label: t('no_show_rate') }]}
        hideLegend
        margin={{ right: 16 }}
      />
    </FigureCard>
  );
}
