import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from 'luxon';
import { joinWaitlistRequestSchema, uiLanguageOf, type AppointmentItemInput } from '@balie/shared';
import { apiErrorOf } from '../../../lib/apiError';
import { useJoinWaitlistMutation } from '../api/waitlistApi';

/**
 * "Zet mij op de wachtlijst" (DESIGN §4c): under the times, for a visitor who finds nothing that suits.
 * The products and location as chosen, a range of days and an address; a mail then asks to confirm.
 */
export function WaitlistJoin({
  appointmentItems,
  locationId,
}: {
  appointmentItems: AppointmentItemInput[];
  locationId: number | null;
}) {
  const { t, i18n } = useTranslation('waitlist');
  const [open, setOpen] = useState(false);
  const today = DateTime.now().toISODate()!;
  const [from, setFrom] = useState(today);
  const [until, setUntil] = useState(DateTime.now().plus({ days: 14 }).toISODate()!);
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [join, joining] = useJoinWaitlistMutation();
  const [done, setDone] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFailed(null);
    const body = {
      appointmentItems,
      ...(locationId ? { locationId } : {}),
      from,
      until,
      email,
      language: uiLanguageOf(i18n.language),
    };
    const check = joinWaitlistRequestSchema.safeParse(body);
    if (!check.success) {
      setErrors(Object.fromEntries(check.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    try {
      await join(check.data).unwrap();
      setDone(true);
    } catch (error) {
      const code = apiErrorOf(error)?.code;
      setFailed(code === 'too_many_waitlist_places' || code === 'too_many_requests' ? code : 'generic');
    }
  }

  if (done)
    return (
      <Alert severity="success" role="status">
        {t('join.sent', { email })}
      </Alert>
    );
  if (!open)
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography color="text.secondary">{t('join.nothingSuits')}</Typography>
        <Button variant="outlined" onClick={() => setOpen(true)}>
          {t('join.open')}
        </Button>
      </Box>
    );
  const fieldError = (name: string) =>
    errors[name] ? t(`join.errors.${errors[name]}`, t('join.errors.invalid')) : undefined;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        aria-labelledby="waitlist-join-heading"
        sx={{ display: 'grid', gap: 1.5 }}
      >
        <Typography id="waitlist-join-heading" component="h3" variant="h6">
          {t('join.heading')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('join.intro')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { sm: '1fr 1fr' } }}>
          <TextField
            type="date"
            label={t('join.from')}
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            error={Boolean(fieldError('from'))}
            helperText={fieldError('from')}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
            required
          />
          <TextField
            type="date"
            label={t('join.until')}
            value={until}
            onChange={(e) => setUntil(e.target.value)}
            error={Boolean(fieldError('until'))}
            helperText={fieldError('until')}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from } }}
            required
          />
        </Box>
        <TextField
          type="email"
          label={t('join.email')}
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={Boolean(fieldError('email'))}
          helperText={fieldError('email') ?? t('join.emailHelp')}
          required
        />
        {failed && (
          <Alert severity="error" role="alert">
            {t(`join.failed.${failed}`)}
          </Alert>
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={joining.isLoading}>
            {t('join.submit')}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
