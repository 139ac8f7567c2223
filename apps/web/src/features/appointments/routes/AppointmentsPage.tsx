import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Appointment } from '@balie/shared';
import { PageFrame } from '../../../components/PageFrame';
import { Pager } from '../../../components/Pager';
import { useNotify } from '../../../components/notifier/NotifierContext';
import { formatDate, formatTime } from '../../../lib/dates';
import {
  useCancelAppointmentMutation,
  useCheckInAppointmentMutation,
  useListAppointmentsPaginatedQuery,
} from '../api/appointmentsApi';
import { AppointmentCard } from '../components/AppointmentCard';
import { AppointmentDetailsDialog } from '../components/AppointmentDetailsDialog';
import { InlineLoading } from '../../../components/InlineLoading';
import { useHasRole } from '../../../session/useCurrentUser';
import { AppointmentsFilterBar } from '../components/AppointmentsFilterBar';
import type { AppointmentsFilter } from '../api/appointmentsApi';
import { useLocationFilter } from '../lib/useLocationFilter';

const PAGE_SIZES = [10, 25, 50];

/** /appointments: the user's appointments page by page, optionally without past ones; cancel and check in. */
export default function AppointmentsPage() {
  const { t, i18n } = useTranslation('appointments');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0] ?? 10);
  const [hideExpired, setHideExpired] = useState(true);
  const staff = useHasRole('ROLE_STAFF');
  // No date by default: the server lists from today onwards first (decision 0230).
  const [filter, setFilter] = useState<AppointmentsFilter>({});
  // The location is the staff member's remembered choice, shared with today and the calendar.
  const place = useLocationFilter();
  const locationId = staff ? place.locationId : null;
  const query = useListAppointmentsPaginatedQuery(
    { page, pageSize, filter: { ...filter, ...(locationId ? { locationId } : {}), hideExpired } },
    { skip: !place.ready },
  );
  const [cancel, cancelling] = useCancelAppointmentMutation();
  const [checkIn, checkingIn] = useCheckInAppointmentMutation();
  const [toCancel, setToCancel] = useState<Appointment | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  // Looked up by id, so the dialog shows the state after a refetch.
  const opened = query.data?.items.find((a) => a.id === openId) ?? null;
  const notify = useNotify();

  async function run(action: Promise<unknown>, done: string, failed: string) {
    try {
      await action;
      notify(done, 'success');
    } catch (error) {
      console.error(error);
      notify(failed, 'error');
    }
  }

  async function confirmCancel() {
    if (!toCancel) return;
    const id = toCancel.id;
    setToCancel(null);
    await run(cancel(id).unwrap(), t('messages.cancelled'), t('errors.cancelFailed'));
  }

  return (
    <PageFrame title={t('list.heading')}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        {staff && (
          <AppointmentsFilterBar
            filter={filter}
            onChange={(next) => {
              setFilter(next);
              setPage(1);
            }}
            place={place}
          />
        )}
        <FormControlLabel
          control={
            <Switch
              checked={hideExpired}
              onChange={(e) => {
                setHideExpired(e.target.checked);
                setPage(1);
              }}
            />
          }
          label={t('list.hideExpired')}
        />
        {query.isLoading ? (
          <InlineLoading text={t('list.loading')} />
        ) : query.isError ? (
          <Alert severity="error">{t('errors.generic')}</Alert>
        ) : (query.data?.items.length ?? 0) === 0 ? (
          <Alert severity="info">{t('list.empty')}</Alert>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
            {query.data?.items.map((a) => (
              <AppointmentCard
                key={a.id}
                appointment={a}
                showVisitor={staff}
                showLocation={place.several && locationId === null}
                busy={cancelling.isLoading || checkingIn.isLoading}
                onCancel={() => setToCancel(a)}
                onCheckIn={() => run(checkIn(a.id).unwrap(), t('messages.checkedIn'), t('errors.generic'))}
                onDetails={() => setOpenId(a.id)}
              />
            ))}
          </Box>
        )}
        {query.data && query.data.total > 0 && (
          <Pager
            total={query.data.total}
            page={page}
            pageSize={pageSize}
            pageSizes={PAGE_SIZES}
            onPage={setPage}
            onPageSize={setPageSize}
          />
        )}
        <AppointmentDetailsDialog appointment={opened} onClose={() => setOpenId(null)} offerCheckIn={false} />
        <Dialog open={toCancel !== null} onClose={() => setToCancel(null)} aria-labelledby="cancel-title">
          <DialogTitle id="cancel-title">{t('cancelDialog.title')}</DialogTitle>
          <DialogContent>
            <DialogContentText>
              {toCancel &&
                t('cancelDialog.text', {
                  date: formatDate(toCancel.fromDateTime, i18n.language),
                  time: formatTime(toCancel.fromDateTime),
                })}
            </DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setToCancel(null)}>{t('cancelDialog.keep')}</Button>
            <Button color="error" variant="contained" onClick={confirmCancel}>
              {t('cancelDialog.confirm')}
            </Button>
          </DialogActions>
        </Dialog>
      </Box>
    </PageFrame>
  );
}
