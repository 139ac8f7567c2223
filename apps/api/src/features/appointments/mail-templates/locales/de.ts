import type { AppointmentTexts } from './nl.js';

export const de: AppointmentTexts = {
  confirmation: {
    heading: 'Ihr Termin ist bestätigt',
    subject: 'Bestätigung Ihres Termins am {date}',
    intro: 'Ihr Termin wurde vereinbart. Hier sind die Einzelheiten.',
  },
  change: {
    heading: 'Ihr Termin wurde geändert',
    subject: 'Ihr Termin wurde auf den {date} geändert',
    intro: 'Ihr Termin wurde geändert. Dies sind die neuen Angaben.',
  },
  reassigned: {
    location: {
      heading: 'Ihr Termin wurde an einen anderen Standort verlegt',
      subject: 'Ihr Termin wurde verlegt nach {place} — {when}',
      intro:
        'Ihr Termin wurde verlegt nach {name}, {address}. Tag und Uhrzeit bleiben gleich; Sie werden dort an {desk} bedient.',
    },
    desk: {
      heading: 'Ihr Termin wurde an einen anderen Schalter verlegt',
      subject: 'Ihr Termin wurde an einen anderen Schalter an derselben Adresse verlegt — {when}',
      intro:
        'Sie werden an {desk} bedient, an derselben Adresse: {name}, {address}. Tag und Uhrzeit bleiben gleich.',
    },
    reasonLabel: 'Grund',
  },
  cancellation: {
    heading: 'Ihr Termin wurde abgesagt',
    subject: 'Ihr Termin am {date} wurde abgesagt',
    intro: 'Ihr Termin wurde abgesagt. Sie brauchen nicht zu kommen.',
  },
  reminder: {
    heading: 'Erinnerung an Ihren Termin',
    subject: 'Erinnerung: Ihr Termin am {date}',
    intro: 'Wir erinnern Sie an Ihren Termin morgen.',
    introToday: 'Wir erinnern Sie an Ihren Termin heute.',
    introLater: 'Wir erinnern Sie an Ihren Termin am {date}.',
    ask: 'Kommen Sie? Sagen Sie es uns mit einem Klick auf „Ich komme“. Können Sie nicht kommen? Klicken Sie auf „Ich kann nicht“: Dann kann jemand anderes Ihre Zeit nutzen.',
    confirm: 'Ich komme',
    cannot: 'Ich kann nicht',
  },
  scheduleCancellation: {
    heading: 'Ihr Termin kann nicht stattfinden',
    subject: 'Ihr Termin am {date} kann leider nicht stattfinden',
    intro:
      'Es tut uns leid: Wir müssen Ihren Termin absagen, weil der Schalter zu dieser Zeit nicht verfügbar ist und kein anderer Schalter Sie empfangen kann.',
    reasonLabel: 'Grund',
    reasons: {
      closure: 'Der Schalter ist zu dieser Zeit geschlossen.',
      hours: 'Die Öffnungszeiten des Schalters haben sich geändert.',
      desk_inactive: 'Der Schalter wurde außer Betrieb genommen.',
      desk_deleted: 'Der Schalter wurde aufgelöst.',
      location_inactive: 'Dieser Standort ist geschlossen.',
      desk_moved: 'Der Schalter ist an einen anderen Standort umgezogen.',
      product_not_served: 'Der Schalter bearbeitet dieses Produkt nicht mehr.',
    },
    rebook: 'Einen neuen Termin für dieselben Produkte buchen',
  },
  details: {
    date: 'Datum',
    time: 'Uhrzeit',
    desk: 'Schalter',
    products: 'Produkte',
    reference: 'Terminnummer',
    checkInCode: 'Check-in-Code',
  },
  whatToBring: 'Was Sie mitbringen',
  place: { heading: 'Standort', map: 'Auf der Karte ansehen' },
  checkIn: {
    text: 'Zeigen Sie diesen Code oder den QR-Code am Schalter, damit wir wissen, dass Sie da sind.',
    qrAlt: 'QR-Code mit Ihrem Check-in-Code',
  },
  links: { edit: 'Termin ändern', cancel: 'Termin absagen' },
  calendarTitle: 'Termin bei {organisation}: {products}',
  calendarFile: 'termin.ics',
  exports: {
    title: 'Termine am {date}',
    empty: 'Keine Termine.',
    columns: {
      time: 'Zeit',
      until: 'Bis',
      location: 'Standort',
      desk: 'Schalter',
      name: 'Name',
      email: 'E-Mail',
      phone: 'Telefon',
      products: 'Produkte',
      status: 'Status',
      checkInCode: 'Check-in-Code',
      visitorConfirmed: 'Kommen bestätigt',
    },
    visitorConfirmedYes: 'ja',
    statuses: {
      confirmed: 'bestätigt',
      checked_in: 'eingecheckt',
      no_show: 'nicht erschienen',
      cancelled: 'abgesagt',
    },
  },
};
