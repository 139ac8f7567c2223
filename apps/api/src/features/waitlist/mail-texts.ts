import type { UiLanguage } from '@balie/shared';

/** The waitlist's mails in the visitor's language (DESIGN §7: nl, en, de). */
const nl = {
  confirm: {
    subject: 'Bevestig uw plaats op de wachtlijst',
    heading: 'Bevestig uw plaats op de wachtlijst',
    intro:
      'U heeft gevraagd om op de wachtlijst te komen voor {products} ({where}), van {from} tot en met {until}. Klik op de knop om uw plaats te bevestigen. Pas daarna staat u op de lijst.',
    button: 'Plaats bevestigen',
    ignore:
      'Heeft u dit niet gevraagd? Dan hoeft u niets te doen: zonder bevestiging ontvangt u van ons geen e-mail meer.',
  },
  offer: {
    subject: 'Er is een tijd vrij: {date}',
    heading: 'Er is een tijd voor u vrij',
    intro:
      'Er is een tijd vrijgekomen voor {products}: {date} om {time}, {place}. Wij houden deze tijd tot {validTill} voor u vast. Klik op de knop om hem te boeken.',
    button: 'Deze tijd boeken',
    decline: 'Ik wil deze tijd niet',
    note: 'Boekt u niet op tijd, dan gaat de tijd naar de volgende op de wachtlijst.',
  },
  leave: 'Van de wachtlijst af',
  anywhere: 'elke locatie',
};
type WaitlistTexts = typeof nl;

const en: WaitlistTexts = {
  confirm: {
    subject: 'Confirm your place on the waiting list',
    heading: 'Confirm your place on the waiting list',
    intro:
      'You asked to join the waiting list for {products} ({where}), from {from} to {until}. Click the button to confirm your place. Only then are you on the list.',
    button: 'Confirm my place',
    ignore:
      'Did you not ask for this? Then there is nothing to do: without confirmation you will get no further e-mail from us.',
  },
  offer: {
    subject: 'A time has become free: {date}',
    heading: 'A time has become free for you',
    intro:
      'A time has become free for {products}: {date} at {time}, {place}. We hold it for you until {validTill}. Click the button to book it.',
    button: 'Book this time',
    decline: "I don't want this time",
    note: 'If you do not book in time, it goes to the next person on the waiting list.',
  },
  leave: 'Leave the waiting list',
  anywhere: 'any location',
};

const de: WaitlistTexts = {
  confirm: {
    subject: 'Bestätigen Sie Ihren Platz auf der Warteliste',
    heading: 'Bestätigen Sie Ihren Platz auf der Warteliste',
    intro:
      'Sie möchten auf die Warteliste für {products} ({where}), vom {from} bis {until}. Klicken Sie auf die Schaltfläche, um Ihren Platz zu bestätigen. Erst dann stehen Sie auf der Liste.',
    button: 'Platz bestätigen',
    ignore:
      'Haben Sie das nicht angefordert? Dann müssen Sie nichts tun: Ohne Bestätigung erhalten Sie keine weitere E-Mail von uns.',
  },
  offer: {
    subject: 'Ein Termin ist frei geworden: {date}',
    heading: 'Ein Termin ist für Sie frei geworden',
    intro:
      'Ein Termin für {products} ist frei geworden: {date} um {time}, {place}. Wir halten ihn bis {validTill} für Sie frei. Klicken Sie auf die Schaltfläche, um ihn zu buchen.',
    button: 'Diesen Termin buchen',
    decline: 'Ich möchte diesen Termin nicht',
    note: 'Wenn Sie nicht rechtzeitig buchen, geht der Termin an die nächste Person auf der Warteliste.',
  },
  leave: 'Von der Warteliste abmelden',
  anywhere: 'jeder Standort',
};

export function waitlistTexts(language: UiLanguage): WaitlistTexts {
  return language === 'en' ? en : language === 'de' ? de : nl;
}
