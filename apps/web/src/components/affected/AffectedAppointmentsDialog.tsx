import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  addressOf,
  type AffectedAppointmentsDecision,
  type AffectedReassignment,
  type Appointment,
  type AppointmentLocation,
} from '@balie/shared';
import { formatDate, formatTime } from '../../lib/dates';

const nameOf = (a: Appointment) => [a.initials, a.suffix, a.lastName].filter(Boolean).join(' ');
const itemsOf = (a: Appointment) =>
  a.appointmentItems.map((i) => `${i.amount} × ${i.product.title}`).join(', ');
/** "Stadswinkel Noord, Noorderplein 12, 1235 CD Voorbeeld": where a visitor would have to go. */
const placeOf = (l: AppointmentLocation) => [l.name, addressOf(l)].filter(Boolean).join(', ');

/** The locations `reassign_anywhere` would send visitors to, each with how many, in the forecast's order. */
function destinationsOf(forecast: readonly AffectedReassignment[]) {
  const found = new Map<number, { location: AppointmentLocation; count: number }>();
  for (const f of forecast) {
    if (!f.otherLocation) continue;
    const entry = found.get(f.otherLocation.id) ?? { location: f.otherLocation, count: 0 };
    entry.count += 1;
    found.set(f.otherLocation.id, entry);
  }
  return [...found.values()];
}

/**
 * The confirmed appointments a schedule change would strand (DESIGN §4), and the admin's choice (decision
 * 0422): move each to another desk of its own location (the default: same address, cancelled with a mail
 * when none is free), move to another location only as a choice of its own that names the addresses
 * visitors would be sent to, or keep them. `reassignment` is the server's forecast per appointment (absent
 * from older servers: then the choices stand without it). Cancel changes nothing.
 */
export function AffectedAppointmentsDialog({
  appointments,
  reassignment,
  onChoose,
  onCancel,
}: {
  appointments: Appointment[] | null;
  reassignment?: readonly AffectedReassignment[] | undefined;
  onChoose: (decision: AffectedAppointmentsDecision) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['desks', 'common']);
  const [decision, setDecision] = useState<AffectedAppointmentsDecision>('reassign');
  // Every new list starts from the default: another building is never a choice left over from before.
  const [shownFor, setShownFor] = useState(appointments);
  if (appointments !== shownFor) {
    setShownFor(appointments);
    if (appointments) setDecision('reassign');
  }
  const list = appointments ?? [];
  const names = [...new Set(list.map((a) => a.location.name))];
  const location = names.length === 1 ? names[0]! : t('affected.same_location');
  const forecastOf = (a: Appointment) => reassignment?.find((r) => r.appointmentId === a.id);
  const forecastText = (a: Appointment) => {
    const f = forecastOf(a);
    if (!f) return null;
    if (f.sameLocation) return t('affected.forecast_same', { location: a.location.name });
    if (f.otherLocation) return t('affected.forecast_other', { place: placeOf(f.otherLocation) });
    return t('affected.forecast_none');
  };
  const destinations = reassignment ? destinationsOf(reassignment) : null;
  const within = reassignment?.filter((r) => r.sameLocation).length;
  return (
    <Dialog open={appointments !== null} onClose={onCancel} aria-labelledby="affected-title" fullWidth>
      <DialogTitle id="affected-title">{t('affected.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('affected.intro', { count: list.length })}</DialogContentText>
        <List dense aria-label={t('affected.list')}>
          {list.map((a) => (
            <ListItem key={a.id} disableGutters divider>
              <ListItemText
                primary={`${formatDate(a.fromDateTime)} ${formatTime(a.fromDateTime)}–${formatTime(a.untilDateTime)} · ${nameOf(a)}`}
                secondary={[`${itemsOf(a)} · ${a.desk.name}, ${a.location.name}`, forecastText(a)]
                  .filter(Boolean)
                  .join(' — ')}
              />
            </ListItem>
          ))}
        </List>
        <FormControl sx={{ mt: 2 }}>
          <FormLabel id="affected-choice">{t('affected.choice')}</FormLabel>
          <RadioGroup
            aria-labelledby="affected-choice"
            value={decision}
            onChange={(e) => setDecision(e.target.value as AffectedAppointmentsDecision)}
          >
            <FormControlLabel
              value="reassign"
              control={<Radio slotProps={{ input: { 'aria-describedby': 'affected-reassign-help' } }} />}
              label={t('affected.reassign', { location })}
            />
            <Typography
              id="affected-reassign-help"
              variant="body2"
              color="text.secondary"
              sx={{ ml: 4, mb: 1 }}
            >
              {t('affected.reassign_help')}
              {within !== undefined &&
                ` ${t('affected.reassign_count', { count: within, total: list.length, location })}`}
            </Typography>
            <FormControlLabel
              value="reassign_anywhere"
              control={<Radio slotProps={{ input: { 'aria-describedby': 'affected-anywhere-help' } }} />}
              label={t('affected.reassign_anywhere')}
            />
            <Box id="affected-anywhere-help" sx={{ ml: 4, mb: 1 }}>
              <Typography variant="body2" color="text.secondary">
                {t('affected.reassign_anywhere_help')}
              </Typography>
              {destinations &&
                (destinations.length > 0 ? (
                  <List dense disablePadding aria-label={t('affected.destinations')}>
                    {destinations.map((d) => (
                      <ListItem key={d.location.id} disableGutters sx={{ py: 0 }}>
                        <ListItemText
                          primary={t('affected.destination', {
                            place: placeOf(d.location),
                            count: d.count,
                          })}
                        />
                      </ListItem>
                    ))}
                  </List>
                ) : (
                  <Typography variant="body2">{t('affected.no_destination')}</Typography>
                ))}
            </Box>
            <FormControlLabel value="keep" control={<Radio />} label={t('affected.keep')} />
          </RadioGroup>
        </FormControl>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('common:action.cancel')}</Button>
        <Button variant="contained" onClick={() => onChoose(decision)}>
          {t('affected.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
