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
import { OrganisationContact } from '../../../components/organisation/OrganisationContact';
import { useGetOrganisationQuery } from '../../../components/organisation/organisationApi';
import { useGetBookableProductsQuery } from '../api/productsApi';
import { draftDuration } from '../lib/draftDuration';
import { buildIcs, downloadIcs } from '../lib/ics';
import { selectDraft, softReset } from '../store/draftSlice';
import { clearReset } from '../store/reservationSlice';
import { StepHeading } from './StepHeading';

/** The success page: summary, 'add to calendar', and the edit and cancel links. */
export function SuccessStep() {
  const { t } = useTranslation('booking');
  const dispatch = useAppDispatch();
  const draft = useAppSelector(selectDraft);
  const products = useGetBookableProductsQuery();
  const organisation = useGetOrganisationQuery();
  if (!draft.fromDateTime || !draft.untilDateTime) return null;

  const items = draft.appointmentItems.map((item) => ({
    title: products.data?.find((p) => p.id === item.productId)?.title ?? `#${item.productId}`,
    amount: item.amount,
  }));
  const editPath = draft.token ? `/edit-appointment/${encodeURIComponent(draft.token)}` : null;
  const cancelPath = draft.token ? `/cancel-appointment/${encodeURIComponent(draft.token)}` : null;
  const from = draft.fromDateTime;
  const until = draft.untilDateTime;

  function addToCalendar() {
    const what = items.map((i) => t('summary.item', { amount: i.amount, title: i.title })).join(', ');
    const origin = window.location.origin;
    const ics = buildIcs({
      // Same UID as the mailed invitation (server: appointment-<id>@<PUBLIC_URL host>), so calendars merge them.
      uid: `appointment-${draft.id ?? 'new'}@${window.location.hostname}`,
      start: from,
      end: until,
      summary: t('success.calendarTitle', { what }),
      description: [
        fullName(draft.personal),
        editPath ? t('success.calendarEdit', { url: origin + editPath }) : '',
        cancelPath ? t('success.calendarCancel', { url: origin + cancelPath }) : '',
      ]
        .filter(Boolean)
        .join('\n'),
      location: appointmentLocation(draft.desk?.name, organisation.data),
    });
    downloadIcs('afspraak.ics', ics);
  }

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <StepHeading>{t('success.heading')}</StepHeading>
      <Alert severity="success">{t('success.text', { email: draft.personal.email })}</Alert>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <AppointmentSummary
          data={{
            fromDateTime: from,
            untilDateTime: until,
            items,
            duration: draftDuration(draft.appointmentItems, products.data ?? []),
            deskName: draft.desk?.name,
            person: draft.personal,
          }}
        />
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('success.where')}>
        <OrganisationContact />
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
