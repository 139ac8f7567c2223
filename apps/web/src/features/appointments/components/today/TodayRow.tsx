import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Appointment } from '@balie/shared';
import { formatTime } from '../../../../lib/dates';
import { deskLabel, statusColor, visitorName } from '../../status';

interface Props {
  appointment: Appointment;
  now: number;
  /** The list shows several locations: each row says which. */
  showLocation?: boolean;
  busy: boolean;
  onCheckIn: () => void;
  onNoShow: () => void;
}

/** One visitor of today: time, name, phone, products, desk, state, and check-in / no-show while open. */
export function TodayRow({ appointment: a, now, showLocation = false, busy, onCheckIn, onNoShow }: Props) {
  const { t } = useTranslation('appointments');
  const { t: r } = useTranslation('reminders');
  const name = visitorName(a);
  const started = Date.parse(a.fromDateTime) <= now;
  const headingId = `today-${a.id}`;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{
        p: 1.5,
        display: 'grid',
        gap: 1,
        gridTemplateColumns: { xs: '1fr', md: '7rem 1fr 1fr auto' },
        alignItems: 'center',
      }}
    >
      <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {formatTime(a.fromDateTime)}–{formatTime(a.untilDateTime)}
        <Box component="span" sx={{ display: { md: 'none' } }}>
          {' '}
          · {name}
        </Box>
      </Typography>
      <Box>
        <Typography sx={{ display: { xs: 'none', md: 'block' }, fontWeight: 600 }}>{name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {a.phone || t('today.noPhone')}
        </Typography>
      </Box>
      <Box>
        <Typography variant="body2">
          {a.appointmentItems.map((i) => `${i.amount} x ${i.product.title}`).join(', ')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {showLocation ? `${deskLabel(a.desk)} · ${a.location.name}` : deskLabel(a.desk)}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Chip size="small" color={statusColor[a.status]} label={t(`status.${a.status}`)} />
        {/* Said "Ik kom" in a reminder (DESIGN §4c): the desk sees who will come. */}
        {a.status === 'confirmed' && a.visitorConfirmedAt && (
          <Chip size="small" variant="outlined" color="success" label={r('list.confirmed')} />
        )}
        {a.status === 'confirmed' && (
          <>
            <Button
              variant="contained"
              size="small"
              disabled={busy}
              onClick={onCheckIn}
              aria-label={t('today.checkInNamed', { name, time: formatTime(a.fromDateTime) })}
            >
              {t('actions.checkIn')}
            </Button>
            {started && (
              <Button
                color="error"
                size="small"
                disabled={busy}
                onClick={onNoShow}
                aria-label={t('today.noShowNamed', { name, time: formatTime(a.fromDateTime) })}
              >
                {t('today.noShow')}
              </Button>
            )}
          </>
        )}
      </Box>
    </Paper>
  );
}
