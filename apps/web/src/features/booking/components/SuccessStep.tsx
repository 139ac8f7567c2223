import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { appointmentLocation } from '@balie/shared';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks';
import { AppointmentSummary, fullName } from '../../../components/scheduling/AppointmentSummary';
import { LocationContact } from '../../../components/locations/LocationContact';
import { OrganisationBadge } from '../../../components/organisation/OrganisationBadge';
import { OrganisationContact } from '../../../components/organisation/OrganisationContact';
import { useGetOrganisationQuery } from '../../../components/organisation/organisationApi';
import { useGetBookableProductsQuery } from '../api/productsApi';
import { draftDuration } from '../lib/draftDuration';
import { buildIcs, downloadIcs } from '../lib/ics';
import { selectDraft, softReset } from '../store/draftSlice';
import { clearReset } from '../store/reservationSlice';
import { CheckInCodePanel } from './CheckInCodePanel';
import { StepHeading } from './StepHeading';
import { WhatToBring } from './WhatToBring';

/**
 * The success page: summary, the check-in code with its QR, what to bring, where to go (with a map link),
 * 'add to calendar', and the edit and cancel links — what the confirmation mail says too.
 */
export function SuccessStep() {
  const { t } = useTranslation('booking');
  const dispatch = useAppDispatch();
  const draft = useAppSelector(selectDraft);
  const products = useGetBookableProductsQuery();
  const organisation = useGetOrganisationQuery();
  if (!draft.fromDateTime || !draft.untilDateTime) return null;

  const chosen = draft.appointmentItems.flatMap((item) => {
    const product = products.data?.find((p) => p.id === item.productId);
    return product ? [product] : [];
  });
  const items = draft.appointmentItems.map((item) => ({
    title: chosen.find((p) => p.id === item.productId)?.title ?? `#${item.productId}`,
    amount: item.amount,
  }));
  const editPath = draft.token ? `/edit-appointment/${encodeURIComponent(draft.token)}` : null;
  const cancelPath = draft.token ? `/cancel-appointment/${encodeURIComponent(draft.token)}` : null;
  const from = draft.fromDateTime;
  const until = draft.untilDateTime;
  const place = draft.location;
  // The .ics LOCATION as the mailed invitation has it (the same event in the visitor's calendar): the
  // desk and its location's address, or the organisation's for a booking from before locations existed.
  const calendarLocation = appointmentLocation(
    draft.desk?.name,
    place?.street !== undefined
      ? { street: place.street, postcode: place.postcode ?? '', city: place.city ?? '' }
      : organisation.data,
  );

  function addToCalendar() {
    const what = items.map((i) => t('summary.item', { amount: i.amount, title: i.title })).join(', ');
    const origin = window.location.origin;
    const ics = buildIcs({
      // Same UID as the mailed invitation (server: appointment-<id>@<PUBLIC_URL host>), so calendars merge them.
      uid: `appointment-${draft.id ?? 'new'}@${window.location.hostname}`,
      start: from,
      end: until,
      // The organisation's name, as the mailed invitation has it (never the product's).
      summary: organisation.data?.name
        ? t('success.calendarTitle', { what, organisation: organisation.data.name })
        : t('success.calendarTitleUnnamed', { what }),
      description: [
        fullName(draft.personal),
        editPath ? t('success.calendarEdit', { url: origin + editPath }) : '',
        cancelPath ? t('success.calendarCancel', { url: origin + cancelPath }) : '',
      ]
        .filter(Boolean)
        .join('\n'),
      location: calendarLocation,
    });
    downloadIcs(t('success.calendarFile'), ics);
  }

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <StepHeading>{t('success.heading')}</StepHeading>
      <Alert severity="success">{t('success.text', { email: draft.personal.email })}</Alert>
      {draft.checkInCode && <CheckInCodePanel code={draft.checkInCode} />}
      <Paper variant="outlined" sx={{ p: 2 }}>
        {organisation.data && <OrganisationBadge organisation={organisation.data} />}
        <AppointmentSummary
          data={{
            fromDateTime: from,
            untilDateTime: until,
            items,
            duration: draftDuration(draft.appointmentItems, products.data ?? []),
            deskName: draft.desk?.name,
            location: place,
            person: draft.personal,
          }}
        />
      </Paper>
      <WhatToBring products={chosen} />
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('success.where')}>
        {place ? <LocationContact location={place} /> : <OrganisationContact />}
      </Paper>
      <Box
        sx={{
          display: 'flex',
          gap: 2,
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'flex-start', sm: 'center' },
        }}
      >
        <Button variant="contained" onClick={addToCalendar}>
          {t('success.addToCalendar')}
        </Button>
        {editPath && (
          <Link component={RouterLink} to={editPath}>
            {t('success.edit')}
          </Link>
        )}
        {cancelPath && (
          <Link component={RouterLink} to={cancelPath}>
            {t('success.cancel')}
          </Link>
        )}
      </Box>
      <Box>
        <Button
          onClick={() => {
            dispatch(softReset());
            dispatch(clearReset());
          }}
        >
          {t('success.another')}
        </Button>
      </Box>
    </Box>
  );
}
