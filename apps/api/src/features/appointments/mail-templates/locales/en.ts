import type { AppointmentTexts } from './nl.js';

export const en: AppointmentTexts = {
  confirmation: {
    subject: 'Confirmation of your appointment on {date}',
    intro: 'Your appointment has been made. Here are the details.',
  },
  change: {
    subject: 'Your appointment has been changed to {date}',
    intro: 'Your appointment has been changed. These are the new details.',
  },
  cancellation: {
    subject: 'Your appointment on {date} has been cancelled',
    intro: 'Your appointment has been cancelled. You do not need to come.',
  },
  reminder: {
    subject: 'Reminder: your appointment on {date}',
    intro: 'This is a reminder of your appointment tomorrow.',
  },
  details: {
    date: 'Date',
    time: 'Time',
    desk: 'Desk',
    products: 'Products',
    reference: 'Appointment number',
  },
  links: { edit: 'Change appointment', cancel: 'Cancel appointment' },
  calendarTitle: 'Appointment at the desk',
  exports: {
    title: 'Appointments of {date}',
    empty: 'No appointments.',
    columns: {
      time: 'Time',
      until: 'Until',
      desk: 'Desk',
      name: 'Name',
      email: 'E-mail',
      phone: 'Phone',
      products: 'Products',
      status: 'Status',
      reference: 'Number',
    },
    statuses: { confirmed: 'confirmed', checked_in: 'checked in', cancelled: 'cancelled' },
  },
};
