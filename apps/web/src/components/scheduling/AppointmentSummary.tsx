import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { addressOf } from '@balie/shared';
import { formatDate, formatTime } from '../../lib/dates';

export interface SummaryData {
  fromDateTime: string;
  untilDateTime: string;
  items: ReadonlyArray<{ title: string; amount: number }>;
  duration: number;
  deskName?: string | null;
  /** Where the visitor goes (DESIGN §4b); the address when known. */
  location?: { name: string; street?: string; postcode?: string; city?: string } | null;
  person?: { initials: string; suffix: string; lastName: string; email: string; phone: string };
}

/** The name as the spec writes it: initials, suffix (name prefix), last name. */
export const fullName = (p: { initials: string; suffix: string; lastName: string }) =>
  [p.initials, p.suffix, p.lastName]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' ');

/**
 * An appointment as a definition list (spec §2 change screen): date, start and end, items as
 * "amount x title", duration in minutes, location and desk, and the person. Times in the provider's zone.
 */
export function AppointmentSummary({ data }: { data: SummaryData }) {
  const { t, i18n } = useTranslation('booking');
  const rows: Array<[string, string]> = [
    [t('summary.date'), formatDate(data.fromDateTime, i18n.language)],
    [t('summary.time'), `${formatTime(data.fromDateTime)} – ${formatTime(data.untilDateTime)}`],
    [
      t('summary.products'),
      data.items.map((i) => t('summary.item', { amount: i.amount, title: i.title })).join(', '),
    ],
    [t('summary.duration'), t('summary.minutes', { count: data.duration })],
  ];
  if (data.location) {
    const { name, street = '', postcode = '', city = '' } = data.location;
    rows.push([
      t('summary.location'),
      [name, addressOf({ street, postcode, city })].filter(Boolean).join(', '),
    ]);
  }
  if (data.deskName) rows.push([t('summary.desk'), data.deskName]);
  if (data.person) {
    rows.push(
      [t('summary.name'), fullName(data.person)],
      [t('summary.email'), data.person.email],
      [t('summary.phone'), data.person.phone],
    );
  }
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
        columnGap: 3,
        rowGap: { xs: 0, sm: 1 },
        '& dt': { fontWeight: 600, mt: { xs: 1, sm: 0 } },
        '& dd': { m: 0, overflowWrap: 'anywhere' },
      }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt">{label}</Typography>
          <Typography component="dd">{value}</Typography>
        </Box>
      ))}
    </Box>
  );
}
