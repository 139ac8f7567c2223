import { useState } from 'react';
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
import { useTranslation } from 'react-i18next';
import type { AffectedAppointmentsDecision, Appointment } from '@balie/shared';
import { formatDate, formatTime } from '../../lib/dates';

const nameOf = (a: Appointment) => [a.initials, a.suffix, a.lastName].filter(Boolean).join(' ');
const itemsOf = (a: Appointment) =>
  a.appointmentItems.map((i) => `${i.amount} × ${i.product.title}`).join(', ');

/**
 * The confirmed appointments a schedule change would strand (DESIGN §4), and the admin's choice: keep
 * them, or move each to another desk (cancelled with a mail when no desk is free). Cancel changes nothing.
 */
export function AffectedAppointmentsDialog({
  appointments,
  onChoose,
  onCancel,
}: {
  appointments: Appointment[] | null;
  onChoose: (decision: AffectedAppointmentsDecision) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['desks', 'common']);
  const [decision, setDecision] = useState<AffectedAppointmentsDecision>('reassign');
  return (
    <Dialog open={appointments !== null} onClose={onCancel} aria-labelledby="affected-title" fullWidth>
      <DialogTitle id="affected-title">{t('affected.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('affected.intro', { count: appointments?.length ?? 0 })}</DialogContentText>
        <List dense aria-label={t('affected.list')}>
          {(appointments ?? []).map((a) => (
            <ListItem key={a.id} disableGutters divider>
              <ListItemText
                primary={`${formatDate(a.fromDateTime)} ${formatTime(a.fromDateTime)}–${formatTime(a.untilDateTime)} · ${nameOf(a)}`}
                secondary={`${itemsOf(a)} · ${a.desk.name}, ${a.location.name}`}
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
            <FormControlLabel value="reassign" control={<Radio />} label={t('affected.reassign')} />
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
