/** Dutch texts of the appointment mails and exports (default language). Placeholders: `{name}`. */
export const nl = {
  confirmation: {
    subject: 'Bevestiging van uw afspraak op {date}',
    intro: 'Uw afspraak is gemaakt. Hieronder staan de gegevens.',
  },
  change: {
    subject: 'Uw afspraak is gewijzigd naar {date}',
    intro: 'Uw afspraak is gewijzigd. Dit zijn de nieuwe gegevens.',
  },
  cancellation: {
    subject: 'Uw afspraak op {date} is geannuleerd',
    intro: 'Uw afspraak is geannuleerd. U hoeft niet te komen.',
  },
  reminder: {
    subject: 'Herinnering: uw afspraak op {date}',
    intro: 'Wij herinneren u aan uw afspraak van morgen.',
  },
  details: {
    date: 'Datum',
    time: 'Tijd',
    desk: 'Balie',
    products: 'Producten',
    reference: 'Afspraaknummer',
  },
  links: {
    edit: 'Afspraak wijzigen',
    cancel: 'Afspraak annuleren',
  },
  calendarTitle: 'Afspraak bij de balie',
  exports: {
    title: 'Afspraken van {date}',
    empty: 'Geen afspraken.',
    columns: {
      time: 'Tijd',
      until: 'Tot',
      desk: 'Balie',
      name: 'Naam',
      email: 'E-mail',
      phone: 'Telefoon',
      products: 'Producten',
      status: 'Status',
      reference: 'Nummer',
    },
    statuses: { confirmed: 'bevestigd', checked_in: 'ingecheckt', cancelled: 'geannuleerd' },
  },
};
export type AppointmentTexts = typeof nl;
