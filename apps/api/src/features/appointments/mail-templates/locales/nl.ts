/** Dutch texts of the appointment mails and exports (default language). Placeholders: `{name}`. */
export const nl = {
  confirmation: {
    heading: 'Uw afspraak is bevestigd',
    subject: 'Bevestiging van uw afspraak op {date}',
    intro: 'Uw afspraak is gemaakt. Hieronder staan de gegevens.',
  },
  change: {
    heading: 'Uw afspraak is gewijzigd',
    subject: 'Uw afspraak is gewijzigd naar {date}',
    intro: 'Uw afspraak is gewijzigd. Dit zijn de nieuwe gegevens.',
  },
  /**
   * The change mail of a reassignment (DESIGN §4, decision 0422), instead of `change`'s texts: the day and
   * time stay, so the subject and the first line say where the visitor goes. `{place}`: the location's
   * name and street; `{address}`: its whole address; `{when}`: the short day and time; `{desk}`.
   */
  reassigned: {
    location: {
      heading: 'Uw afspraak is verplaatst naar een andere vestiging',
      subject: 'Uw afspraak is verplaatst naar {place} — {when}',
      intro:
        'Uw afspraak is verplaatst naar {name}, {address}. Dag en tijd blijven hetzelfde; u wordt daar geholpen aan {desk}.',
    },
    desk: {
      heading: 'Uw afspraak is verplaatst naar een andere balie',
      subject: 'Uw afspraak is verplaatst naar een andere balie op hetzelfde adres — {when}',
      intro:
        'U wordt geholpen aan {desk}, op hetzelfde adres: {name}, {address}. Dag en tijd blijven hetzelfde.',
    },
    reasonLabel: 'Reden',
  },
  cancellation: {
    heading: 'Uw afspraak is geannuleerd',
    subject: 'Uw afspraak op {date} is geannuleerd',
    intro: 'Uw afspraak is geannuleerd. U hoeft niet te komen.',
  },
  reminder: {
    heading: 'Herinnering aan uw afspraak',
    subject: 'Herinnering: uw afspraak op {date}',
    intro: 'Wij herinneren u aan uw afspraak van morgen.',
    /** A reminder normally goes the day before; one sent on the day itself (catching up) says so. */
    introToday: 'Wij herinneren u aan uw afspraak van vandaag.',
    /** A reminder days ahead (the organisation may choose up to two weeks, DESIGN §5 Reminders). */
    introLater: 'Wij herinneren u aan uw afspraak op {date}.',
    ask: 'Komt u? Laat het ons weten met één klik op "Ik kom". Kunt u niet komen? Klik dan op "Ik kan niet": dan kan iemand anders uw tijd gebruiken.',
    confirm: 'Ik kom',
    cannot: 'Ik kan niet',
  },
  scheduleCancellation: {
    heading: 'Uw afspraak kan niet doorgaan',
    subject: 'Uw afspraak op {date} kan helaas niet doorgaan',
    intro:
      'Het spijt ons: wij moeten uw afspraak annuleren, omdat de balie op dat moment niet beschikbaar is en geen andere balie u kan ontvangen.',
    reasonLabel: 'Reden',
    reasons: {
      closure: 'De balie is op dat moment gesloten.',
      hours: 'De openingstijden van de balie zijn gewijzigd.',
      desk_inactive: 'De balie is buiten gebruik gesteld.',
      desk_deleted: 'De balie is opgeheven.',
      location_inactive: 'Deze vestiging is gesloten.',
      desk_moved: 'De balie is naar een andere vestiging verhuisd.',
      product_not_served: 'De balie behandelt dit product niet meer.',
    },
    rebook: 'Maak een nieuwe afspraak voor dezelfde producten',
  },
  details: {
    date: 'Datum',
    time: 'Tijd',
    desk: 'Balie',
    products: 'Producten',
    reference: 'Afspraaknummer',
    checkInCode: 'Incheckcode',
  },
  whatToBring: 'Wat neemt u mee',
  /**
   * The place's heading, one word in every mail whether the visit happens or not: the booking page's
   * word for a location (decision 0427).
   */
  place: { heading: 'Vestiging', map: 'Bekijk op de kaart' },
  checkIn: {
    text: 'Laat deze code of de QR-code zien bij de balie; dan weten we dat u er bent.',
    qrAlt: 'QR-code met uw incheckcode',
  },
  links: {
    edit: 'Afspraak wijzigen',
    cancel: 'Afspraak annuleren',
  },
  /** The calendar entry's title (SUMMARY): the organisation's name, never the product's. */
  calendarTitle: 'Afspraak bij {organisation}: {products}',
  /** The name of the .ics attachment. */
  calendarFile: 'afspraak.ics',
  exports: {
    title: 'Afspraken van {date}',
    empty: 'Geen afspraken.',
    columns: {
      time: 'Tijd',
      until: 'Tot',
      location: 'Locatie',
      desk: 'Balie',
      name: 'Naam',
      email: 'E-mail',
      phone: 'Telefoon',
      products: 'Producten',
      status: 'Status',
      checkInCode: 'Incheckcode',
      visitorConfirmed: 'Komst bevestigd',
    },
    visitorConfirmedYes: 'ja',
    statuses: {
      confirmed: 'bevestigd',
      checked_in: 'ingecheckt',
      no_show: 'niet verschenen',
      cancelled: 'geannuleerd',
    },
  },
};
export type AppointmentTexts = typeof nl;
