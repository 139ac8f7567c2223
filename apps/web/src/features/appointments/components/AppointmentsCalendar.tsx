import Box from '@mui/material/Box';
import type { EventClickArg, EventInput } from '@fullcalendar/core';
import deLocale from '@fullcalendar/core/locales/de';
import enGbLocale from '@fullcalendar/core/locales/en-gb';
import nlLocale from '@fullcalendar/core/locales/nl';
import dayGridPlugin from '@fullcalendar/daygrid';
import listPlugin from '@fullcalendar/list';
import luxon3Plugin from '@fullcalendar/luxon3';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { PROVIDER_TIMEZONE, type Appointment } from '@balie/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { changePath } from '../paths';
import { deskLabel, visitorName } from '../status';

interface Props {
  appointments: readonly Appointment[];
  onRangeChange: (range: { from: string; until: string }) => void;
  /** Admins: events name the desk's agenda label and the visitor; a click opens them here instead. */
  onOpen?: (appointment: Appointment) => void;
  /** The appointments are at more than one location: each event names its own. */
  showLocation?: boolean;
}

const locales = [nlLocale, enGbLocale, deLocale];
const localeCode = (language: string) => ({ en: 'en-gb', de: 'de' })[language.slice(0, 2)] ?? 'nl';

const products = (a: Appointment) =>
  a.appointmentItems.map((i) => `${i.amount} x ${i.product.title}`).join(', ');

/** Month, week and list views of appointments, in the provider's zone (luxon3 plugin). */
export function AppointmentsCalendar({ appointments, onRangeChange, onOpen, showLocation = false }: Props) {
  const { t, i18n } = useTranslation('appointments');
  const navigate = useNavigate();
  const titleOf = (a: Appointment) => {
    const what = onOpen ? `${deskLabel(a.desk)}: ${visitorName(a)}` : products(a);
    return showLocation ? `${what} · ${a.location.name}` : what;
  };
  const events: EventInput[] = appointments.map((a) => ({
    id: String(a.id),
    title: titleOf(a),
    start: a.fromDateTime,
    end: a.untilDateTime,
    // A real link: focusable and announced as such; the click is routed inside the SPA below.
    url: changePath(a.id),
    classNames: [`appointment-${a.status}`],
  }));

  function onEventClick(info: EventClickArg) {
    info.jsEvent.preventDefault();
    const opened = onOpen && appointments.find((a) => String(a.id) === info.event.id);
    if (opened) onOpen(opened);
    else navigate(changePath(Number(info.event.id)));
  }

  return (
    <Box
      sx={{
        // FullCalendar is themed through its CSS variables: the app's dark blue instead of its own grey.
        '& .fc': (theme) => ({
          fontFamily: 'inherit',
          '--fc-button-bg-color': theme.palette.primary.main,
          '--fc-button-border-color': theme.palette.primary.main,
          '--fc-button-hover-bg-color': theme.palette.primary.dark,
          '--fc-button-hover-border-color': theme.palette.primary.dark,
          '--fc-button-active-bg-color': theme.palette.primary.light,
          '--fc-button-active-border-color': theme.palette.primary.light,
          '--fc-event-bg-color': theme.palette.primary.main,
          '--fc-event-border-color': theme.palette.primary.main,
          '--fc-today-bg-color': 'rgba(11, 45, 91, 0.06)',
        }),
        '& .fc .fc-daygrid-dot-event': { color: 'text.primary' },
        // FullCalendar fades other months' day numbers to 30 % (contrast ≈ 1.6:1); AA needs 4.5:1.
        '& .fc .fc-day-other .fc-daygrid-day-top': { opacity: 1, color: 'text.secondary' },
        '& .fc .fc-toolbar': { flexWrap: 'wrap', gap: 1 },
        '& .fc .fc-toolbar-title': { fontSize: { xs: '1.1rem', sm: '1.5rem' } },
        '& .appointment-checked_in, & .appointment-no_show': { opacity: 0.7 },
      }}
    >
      <FullCalendar
        plugins={[luxon3Plugin, dayGridPlugin, timeGridPlugin, listPlugin]}
        timeZone={PROVIDER_TIMEZONE}
        locales={locales}
        locale={localeCode(i18n.language)}
        initialView="dayGridMonth"
        headerToolbar={{
          left: 'prev,next today',
          center: 'title',
          right: 'dayGridMonth,timeGridWeek,listWeek',
        }}
        // Words instead of FullCalendar's chevron icons, which are unnamed role="img" elements (axe).
        buttonIcons={false}
        buttonText={{
          prev: t('calendar.previous'),
          next: t('calendar.next'),
          today: t('calendar.today'),
          month: t('calendar.month'),
          week: t('calendar.week'),
          list: t('calendar.list'),
        }}
        noEventsText={t('calendar.noAppointments')}
        events={events}
        eventClick={onEventClick}
        // A month cell is labelled by its day number alone, so the events inside it are not part of its
        // name (axe: label-content-name-mismatch); without the label the cell is named by all it holds.
        dayCellDidMount={(cell) => cell.el.removeAttribute('aria-labelledby')}
        eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        slotMinTime="07:00:00"
        slotMaxTime="21:00:00"
        height="auto"
        datesSet={(range) =>
          onRangeChange({ from: range.startStr.slice(0, 10), until: range.endStr.slice(0, 10) })
        }
      />
    </Box>
  );
}
