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
};
