import type { AppointmentTexts } from './nl.js';

export const de: AppointmentTexts = {
  confirmation: {
    subject: 'Bestätigung Ihres Termins am {date}',
    intro: 'Ihr Termin wurde vereinbart. Hier sind die Einzelheiten.',
  },
  change: {
    subject: 'Ihr Termin wurde auf den {date} geändert',
    intro: 'Ihr Termin wurde geändert. Dies sind die neuen Angaben.',
  },
  cancellation: {
    subject: 'Ihr Termin am {date} wurde abgesagt',
    intro: 'Ihr Termin wurde abgesagt. Sie brauchen nicht zu kommen.',
  },
  reminder: {
    subject: 'Erinnerung: Ihr Termin am {date}',
    intro: 'Wir erinnern Sie an Ihren Termin morgen.',
  },
  details: {
    date: 'Datum',
    time: 'Uhrzeit',
    desk: 'Schalter',
    products: 'Produkte',
    reference: 'Terminnummer',
  },
  links: { edit: 'Termin ändern', cancel: 'Termin absagen' },
  calendarTitle: 'Termin am Schalter',
  exports: {
    title: 'Termine am {date}',
    empty: 'Keine Termine.',
    columns: {
      time: 'Zeit',
      until: 'Bis',
      desk: 'Schalter',
      name: 'Name',
      email: 'E-Mail',
      phone: 'Telefon',
      products: 'Produkte',
      status: 'Status',
      reference: 'Nummer',
    },
    statuses: { confirmed: 'bestätigt', checked_in: 'eingecheckt', cancelled: 'abgesagt' },
  },
};
