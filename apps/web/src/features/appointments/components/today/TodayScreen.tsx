import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import type { Appointment } from '@balie/shared';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../../components/QueryState';
import { useNotify } from '../../../../components/notifier/NotifierContext';
import { useCheckInAppointmentMutation } from '../../api/appointmentsApi';
import { useGetTodayQuery, useMarkNoShowMutation, useUndoNoShowMutation } from '../../api/todayApi';
import { apiErrorOf } from '../../../../lib/apiError';
import { visitorName } from '../../status';
import { ALL_DESKS, atDesk, DeskFilter, desksOf } from '../DeskFilter';
import { LocationFilter } from '../LocationFilter';
import { useLocationFilter } from '../../lib/useLocationFilter';
import { CheckInCodeField } from './CheckInCodeField';
import { ExportButtons } from './ExportButtons';
import { TodayCounts } from './TodayCounts';
import { TodayRow } from './TodayRow';
import { useNow } from '../../../../lib/useNow';

/** How often the day's list refreshes itself (the desk sees other desks' check-ins and new bookings). */
export const TODAY_POLLING_MS = 30_000;

/** How long the no-show message offers "Undo" (the server takes it back within two minutes). */
export const NO_SHOW_UNDO_MS = 8_000;

/**
 * The desk's day (/home, staff and admins): today's appointments across desks by time (of one location
 * when more than one exists and one is chosen), counts, desk filter, name search, check-in by click or
 * code, no-show after the start, exports of what the list shows. Refetches keep showing the old list
 * (RTK Query keeps `data` while fetching), so the rows neither flicker nor lose the scroll position.
 */
export function TodayScreen() {
  const { t } = useTranslation('appointments');
  const place = useLocationFilter();
  const query = useGetTodayQuery(place.locationId ? { locationId: place.locationId } : {}, {
    skip: !place.ready,
    pollingInterval: TODAY_POLLING_MS,
    skipPollingIfUnfocused: true,
  });
  const [desk, setDesk] = useState<string>(ALL_DESKS);
  const [search, setSearch] = useState('');
  const [checkIn, checkingIn] = useCheckInAppointmentMutation();
  const [markNoShow, marking] = useMarkNoShowMutation();
  const [undoNoShow] = useUndoNoShowMutation();
  const notify = useNotify();
  const now = useNow();

  const desks = useMemo(() => desksOf(query.data ?? []), [query.data]);
  const shown = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase();
    return (query.data ?? []).filter(
      (a) => atDesk(a, desk) && (!needle || visitorName(a).toLocaleLowerCase().includes(needle)),
    );
  }, [query.data, desk, search]);

  async function act(action: Promise<unknown>, done: string) {
    try {
      await action;
      notify(done, 'success');
    } catch {
      notify(t('errors.generic'), 'error');
    }
  }

  async function undo(a: Appointment) {
    try {
      await undoNoShow(a.id).unwrap();
      notify(t('today.noShowUndone', { name: visitorName(a) }), 'success');
    } catch (error) {
      const late = apiErrorOf(error)?.errors?.some((e) => e.message === 'undo_expired');
      notify(t(late ? 'today.undoExpired' : 'errors.generic'), 'error');
    }
  }

  async function noShow(a: Appointment) {
    try {
      await markNoShow(a.id).unwrap();
      notify(t('today.markedNoShow', { name: visitorName(a) }), 'success', {
        action: { label: t('today.undo'), onClick: () => void undo(a) },
        autoHideMs: NO_SHOW_UNDO_MS,
      });
    } catch {
      notify(t('errors.generic'), 'error');
    }
  }

  return (
    <Box component="section" aria-labelledby="today-heading" sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography id="today-heading" variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          {t('today.heading')}
        </Typography>
        <LocationFilter place={place} onChanged={() => setDesk(ALL_DESKS)} />
      </Box>
      <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 2 }}>
        <CheckInCodeField />
        <ExportButtons locationId={place.locationId} />
      </Paper>
      <QueryState data={query.data} error={query.error} isLoading={query.isLoading} empty={t('today.empty')}>
        {(all) => (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <TodayCounts appointments={all} />
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
              <DeskFilter desks={desks} value={desk} onChange={setDesk} />
              <TextField
                size="small"
                type="search"
                label={t('today.search')}
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                sx={{ flex: '1 1 12rem', maxWidth: 320 }}
              />
            </Box>
            {shown.length === 0 ? (
              <Alert severity="info">{t('today.noMatch')}</Alert>
            ) : (
              <Box
                component="ul"
                aria-label={t('today.heading')}
                sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
              >
                {shown.map((a) => (
                  <TodayRow
                    key={a.id}
                    appointment={a}
                    now={now}
                    showLocation={place.several && place.locationId === null}
                    busy={checkingIn.isLoading || marking.isLoading}
                    onCheckIn={() =>
                      act(checkIn(a.id).unwrap(), t('today.checkedIn', { name: visitorName(a) }))
                    }
                    onNoShow={() => noShow(a)}
                  />
                ))}
              </Box>
            )}
          </Box>
        )}
      </QueryState>
    </Box>
  );
}

/** The desks of today's appointments, once each, in the order of their first appointment. */
