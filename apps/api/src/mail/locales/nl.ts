/** Dutch mail texts (default language). `{name}` style placeholders are filled by mail/i18n.ts. */
export const nl = {
  greeting: 'Beste {name},',
  greetingAnonymous: 'Beste heer/mevrouw,',
  signature: 'Met vriendelijke groet,\n{organisation}',
  /** Labels of the organisation's contact lines at the foot of every mail. */
  footer: { phone: 'Telefoon', email: 'E-mail', website: 'Website' },
  passwordReset: {
    heading: 'Nieuw wachtwoord kiezen',
    subject: 'Wachtwoord opnieuw instellen',
    intro: 'U heeft gevraagd uw wachtwoord opnieuw in te stellen. Kies een nieuw wachtwoord via deze link:',
    validity: 'De link is één uur geldig en werkt één keer.',
    ignore: 'Heeft u dit niet gevraagd? Dan kunt u deze e-mail negeren; uw wachtwoord blijft ongewijzigd.',
    button: 'Nieuw wachtwoord kiezen',
  },
};
export type MailTexts = typeof nl;
