import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { personalDataSchema, uiLanguageOf, type Appointment } from '@balie/shared';
import { PageFrame } from '../../../components/PageFrame';
import { formatDate, formatTime } from '../../../lib/dates';
import { apiErrorOf, httpStatusOf } from '../../../lib/apiError';
import { useConfirmAppointmentMutation } from '../api/bookingApi';
import { TokenPageState } from '../components/TokenPageState';
import { BOOKING_PAGE_WIDTH } from '../lib/pageWidth';
import { useDeclineWaitlistOfferMutation, useGetWaitlistOfferQuery } from '../api/waitlistApi';

const FIELDS = ['initials', 'suffix', 'lastName', 'email', 'phone'] as const;
type Field = (typeof FIELDS)[number];

/**
 * /waitlist-offer/:token: the slot held for this place (DESIGN §4c), with the visitor's details and one
 * button to book it as any hold (POST /appointment); `?decline=1` (the mail's other link) asks to pass it on.
 */
export default function WaitlistOfferPage() {
  const { token } = useParams();
  const [search] = useSearchParams();
  const { t, i18n } = useTranslation(['waitlist', 'booking', 'validation']);
  const offer = useGetWaitlistOfferQuery(token ?? skipToken);
  const [book, booking] = useConfirmAppointmentMutation();
  const [decline, declining] = useDeclineWaitlistOfferMutation();
  const [values, setValues] = useState<Record<Field, string>>({
    initials: '',
    suffix: '',
    lastName: '',
    email: '',
    phone: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [booked, setBooked] = useState<Appointment | null>(null);
  const [failed, setFailed] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const check = personalDataSchema.safeParse(values);
    if (!check.success) {
      setErrors(Object.fromEntries(check.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setFailed(false);
    try {
      setBooked(
        await book({
          ...check.data,
          reservationId: offer.data!.reservation.id,
          language: uiLanguageOf(i18n.language),
        }).unwrap(),
      );
    } catch (error) {
      if (apiErrorOf(error)?.code === 'reservation_expired') void offer.refetch();
      setFailed(true);
    }
  }

  let body;
  if (booked)
    body = (
      <>
        <Alert severity="success" role="status">
          {t('offer.booked', {
            date: formatDate(booked.fromDateTime, i18n.language),
            time: formatTime(booked.fromDateTime),
          })}
        </Alert>
        {booked.token && (
          <Link component={RouterLink} to={`/edit-appointment/${encodeURIComponent(booked.token)}`}>
            {t('booking:cancel.toEdit')}
          </Link>
        )}
      </>
    );
  else if (declining.isSuccess)
    body = (
      <Alert severity="success" role="status">
        {t('offer.declined')}
      </Alert>
    );
  else if (httpStatusOf(offer.error) === 410)
    body = (
      <>
        <Alert severity="warning" role="alert">
          {t('offer.gone')}
        </Alert>
        <Box>
          <Button variant="contained" component={RouterLink} to="/new">
            {t('booking:cancel.bookNew')}
          </Button>
        </Box>
      </>
    );
  else if (!offer.data) body = <TokenPageState isLoading={offer.isLoading} error={offer.error} />;
  else {
    const r = offer.data.reservation;
    const slot = (
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography sx={{ fontWeight: 600 }}>
          {formatDate(r.fromDateTime, i18n.language)}, {formatTime(r.fromDateTime)}–
          {formatTime(r.untilDateTime)}
        </Typography>
        <Typography>
          {r.appointmentItems.map((i) => `${i.amount} x ${i.product.title}`).join(', ')}
        </Typography>
        <Typography color="text.secondary">
          {r.desk.location.name}, {r.desk.name}
        </Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('offer.heldTill', { time: formatTime(offer.data.validTill) })}
        </Typography>
      </Paper>
    );
    body =
      search.get('decline') === '1' ? (
        <>
          {slot}
          <Typography>{t('offer.declineQuestion')}</Typography>
          <Box>
            <Button variant="contained" color="error" onClick={() => token && decline(token)}>
              {t('offer.declineConfirm')}
            </Button>
          </Box>
        </>
      ) : (
        <>
          {slot}
          <Box
            component="form"
            noValidate
            onSubmit={submit}
            sx={{ display: 'grid', gap: 1.5, maxWidth: 560 }}
          >
            <Typography component="h2" variant="h6">
              {t('booking:details.heading')}
            </Typography>
            {FIELDS.map((name) => (
              <TextField
                key={name}
                name={name}
                label={t(`booking:details.${name}`)}
                type={name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text'}
                autoComplete={
                  name === 'email'
                    ? 'email'
                    : name === 'phone'
                      ? 'tel'
                      : name === 'lastName'
                        ? 'family-name'
                        : 'off'
                }
                required={name === 'lastName' || name === 'email' || name === 'phone'}
                value={values[name]}
                onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
                error={Boolean(errors[name])}
                helperText={errors[name] ? t(`validation:${errors[name]}`) : undefined}
              />
            ))}
            {failed && (
              <Alert severity="error" role="alert">
                {t('booking:errors.generic')}
              </Alert>
            )}
            <Box>
              <Button type="submit" variant="contained" size="large" disabled={booking.isLoading}>
                {t('offer.book')}
              </Button>
            </Box>
          </Box>
        </>
      );
  }
  return (
    <PageFrame title={t('offer.heading')} maxWidth={BOOKING_PAGE_WIDTH}>
      <Box sx={{ display: 'grid', gap: 2 }}>{body}</Box>
    </PageFrame>
  );
}
