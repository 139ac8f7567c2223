import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { alpha, useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Info } from 'luxon';
import type { Statistics } from '@balie/shared';
import { FigureCard } from './FigureCard';

const percent = (rate: number | null) => (rate === null ? null : Math.round(rate * 100));

/**
 * Occupancy (booked ÷ open minutes) per weekday × hour as a heat map. The map is a real table (weekdays
 * across, hours down, the percentage in each cell), so screen readers read it as it is drawn.
 */
export function OccupancyHeatMap({ data }: { data: Statistics }) {
  const { t, i18n } = useTranslation('statistics');
  const theme = useTheme();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const weekdays = [...new Set(data.occupancy.map((c) => c.weekday))].sort();
  const hours = [...new Set(data.occupancy.map((c) => c.hour))].sort((a, b) => a - b);
  const names = Info.weekdays('short', { locale: language });
  const cell = (weekday: number, hour: number) =>
    data.occupancy.find((c) => c.weekday === weekday && c.hour === hour);
  const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;
  return (
    <FigureCard
      id="occupancy"
      title={t('occupancy.title')}
      description={t('occupancy.description')}
      fileName="statistieken-bezetting.csv"
      table={{
        header: [
          t('occupancy.weekday'),
          t('occupancy.hour'),
          t('open_minutes'),
          t('booked_minutes'),
          t('occupancy.percent'),
        ],
        rows: data.occupancy.map((c) => [
          names[c.weekday - 1]!,
          hourLabel(c.hour),
          c.openMinutes,
          c.bookedMinutes,
          percent(c.rate),
        ]),
      }}
    >
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" sx={{ '& td, & th': { px: 1, py: 0.5, textAlign: 'center' } }}>
          <TableHead>
            <TableRow>
              <TableCell />
              {weekdays.map((w) => (
                <TableCell key={w}>{names[w - 1]}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {hours.map((h) => (
              <TableRow key={h}>
                <TableCell component="th">{hourLabel(h)}</TableCell>
                {weekdays.map((w) => {
                  const c = cell(w, h);
                  const p = percent(c?.rate ?? null);
                  const share = Math.min(1, c?.rate ?? 0);
                  return (
                    <TableCell
                      key={w}
                      sx={{
                        // At most 60 % of the primary colour: dark text stays readable on every cell.
                        bgcolor:
                          p === null ? undefined : alpha(theme.palette.primary.main, 0.04 + share * 0.56),
                        minWidth: 48,
                      }}
                    >
                      {p === null ? '' : `${p}%`}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </FigureCard>
  );
}
