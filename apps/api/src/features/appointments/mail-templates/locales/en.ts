import type { AppointmentTexts } from './nl.js';

export const en: AppointmentTexts = {
  confirmation: {
    heading: 'Your appointment is confirmed',
    subject: 'Confirmation of your appointment on {date}',
    intro: 'Your appointment has been made. Here are the details.',
  },
  change: {
    heading: 'Your appointment has been changed',
    subject: 'Your appointment has been changed to {date}',
    intro: 'Your appointment has been changed. These are the new details.',
  },
  reassigned: {
    location: {
      heading: 'Your appointment has moved to another location',
      subject: 'Your appointment has moved to {place} — {when}',
      intro:
        'Your appointment has moved to {name}, {address}. The day and time stay the same; you will be helped there at {desk}.',
    },
    desk: {
      heading: 'Your appointment has moved to another desk',
      subject: 'Your appointment has moved to another desk at the same address — {when}',
      intro:
        'You will be helped at {desk}, at the same address: {name}, {address}. The day and time stay the same.',
    },
    reasonLabel: 'Reason',
  },
  cancellation: {
    heading: 'Your appointment has been cancelled',
    subject: 'Your appointment on {date} has been cancelled',
    intro: 'Your appointment has been cancelled. You do not need to come.',
  },
  reminder: {
    heading: 'A reminder of your appointment',
    subject: 'Reminder: your appointment on {date}',
    intro: 'This is a reminder of your appointment tomorrow.',
    introToday: 'This is a reminder of your appointment today.',
    introLater: 'This is a reminder of your appointment on {date}.',
    ask: 'Are you coming? Let us know with one click on "I will come". If you cannot come, click "I can\'t come": then someone else can use your time.',
    confirm: 'I will come',
    cannot: "I can't come",
  },
  scheduleCancellation: {
    heading: 'Your appointment cannot go ahead',
    subject: 'Unfortunately your appointment on {date} cannot go ahead',
    intro:
      'We are sorry: we have to cancel your appointment, because the desk is not available at that time and no other desk can receive you.',
    reasonLabel: 'Reason',
    reasons: {
      closure: 'The desk is closed at that time.',
      hours: 'The opening hours of the desk have changed.',
      desk_inactive: 'The desk has been taken out of service.',
      desk_deleted: 'The desk has been removed.',
      location_inactive: 'This location has closed.',
      desk_moved: 'The desk has moved to another location.',
      product_not_served: 'The desk no longer handles this product.',
    },
    rebook: 'Book a new appointment for the same products',
  },
  details: {
    date: 'Date',
    time: 'Time',
    desk: 'Desk',
    products: 'Products',
    reference: 'Appointment number',
    checkInCode: 'Check-in code',
  },
  whatToBring: 'What to bring',
  place: { heading: 'Location', map: 'Show on the map' },
  checkIn: {
    text: 'Show this code or the QR code at the desk so we know you have arrived.',
    qrAlt: 'QR code with your check-in code',
  },
  links: { edit: 'Change appointment', cancel: 'Cancel appointment' },
  calendarTitle: 'Appointment at {organisation}: {products}',
  calendarFile: 'appointment.ics',
  exports: {
    title: 'Appointments of {date}',
    empty: 'No appointments.',
    columns: {
      time: 'Time',
      until: 'Until',
      location: 'Location',
      desk: 'Desk',
      name: 'Name',
      email: 'E-mail',
      phone: 'Phone',
      products: 'Products',
      status: 'Status',
      checkInCode: 'Check-in code',
      visitorConfirmed: 'Confirmed coming',
    },
    visitorConfirmedYes: 'yes',
    statuses: {
      confirmed: 'confirmed',
      checked_in: 'checked in',
      no_show: 'no-show',
      cancelled: 'cancelled',
    },
  },
};
