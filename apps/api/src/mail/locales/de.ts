import type { MailTexts } from './nl.js';

export const de: MailTexts = {
  greeting: 'Guten Tag {name},',
  greetingAnonymous: 'Sehr geehrte Damen und Herren,',
  signature: 'Mit freundlichen Grüßen\n{organisation}',
  /** Labels of the organisation's contact lines at the foot of every mail. */
  footer: { phone: 'Telefon', email: 'E-Mail', website: 'Website' },
  passwordReset: {
    heading: 'Neues Passwort wählen',
    subject: 'Passwort zurücksetzen',
    intro:
      'Sie haben angefordert, Ihr Passwort zurückzusetzen. Wählen Sie über diesen Link ein neues Passwort:',
    validity: 'Der Link ist eine Stunde gültig und funktioniert einmal.',
    ignore:
      'Haben Sie dies nicht angefordert? Dann ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.',
    button: 'Neues Passwort wählen',
  },
  invitation: {
    subject: 'Einladung: Ihr Konto bei {organisation}',
    heading: 'Sie sind eingeladen',
    introBy:
      '{inviter} lädt Sie als {role} in das Terminsystem von {organisation} ein. Wählen Sie über diesen Link ein Passwort; danach sind Sie sofort angemeldet.',
    intro:
      'Sie sind als {role} in das Terminsystem von {organisation} eingeladen. Wählen Sie über diesen Link ein Passwort; danach sind Sie sofort angemeldet.',
    role: { ROLE_STAFF: 'Mitarbeiter/in', ROLE_ADMIN: 'Administrator/in' },
    button: 'Passwort wählen',
    validity: 'Der Link ist 7 Tage gültig und funktioniert einmal.',
    ignore:
      'Erwarten Sie diese Einladung nicht? Dann ignorieren Sie diese E-Mail; es wird kein Konto angelegt.',
  },
  mfaReset: {
    subject: 'Ihre Anmeldung in zwei Schritten wurde ausgeschaltet',
    heading: 'Anmeldung in zwei Schritten ausgeschaltet',
    intro:
      'Ein Administrator von {organisation} hat die Anmeldung in zwei Schritten für Ihr Konto ausgeschaltet, zum Beispiel weil Sie Ihr Telefon verloren haben. Sie wurden überall abgemeldet.',
    next: 'Melden Sie sich mit Ihrem Passwort erneut an und schalten Sie die Anmeldung in zwei Schritten in Ihrem Profil wieder ein.',
    button: 'Anmelden',
    unexpected:
      'Haben Sie nicht darum gebeten? Wenden Sie sich dann sofort an {organisation}: Jemand anderes könnte nach Ihrem Konto gefragt haben.',
  },
  mfaGuessing: {
    subject: 'Jemand probiert Codes für Ihr Konto aus',
    subjectBlocked: 'Die Anmeldung mit einem Code ist gesperrt',
    heading: 'Jemand probiert Codes für Ihr Konto aus',
    headingBlocked: 'Anmeldung mit einem Code gesperrt',
    intro:
      'Jemand, der Ihr Passwort kennt, hat bei {organisation} viele Male hintereinander einen falschen Code im zweiten Schritt der Anmeldung eingegeben. Waren Sie das nicht? Dann kennt jemand anderes Ihr Passwort.',
    blocked:
      'Nach zu vielen falschen Codes ist die Anmeldung mit einem Code jetzt gesperrt, auch mit dem richtigen Code. Die Sperre endet, sobald Sie ein neues Passwort wählen oder ein Administrator Ihre Anmeldung in zwei Schritten zurücksetzt.',
    next: 'Ändern Sie Ihr Passwort: Wählen Sie mit der Schaltfläche unten ein neues.',
    button: 'Neues Passwort wählen',
    note: 'Ihr Konto wurde nicht geöffnet: Ohne den Code Ihrer App kommt niemand hinein.',
  },
};
