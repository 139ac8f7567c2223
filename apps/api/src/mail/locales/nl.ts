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
  invitation: {
    subject: 'Uitnodiging: uw account bij {organisation}',
    heading: 'U bent uitgenodigd',
    introBy:
      '{inviter} nodigt u uit als {role} in het afsprakensysteem van {organisation}. Kies via deze link een wachtwoord; daarna bent u meteen ingelogd.',
    intro:
      'U bent uitgenodigd als {role} in het afsprakensysteem van {organisation}. Kies via deze link een wachtwoord; daarna bent u meteen ingelogd.',
    role: { ROLE_STAFF: 'medewerker', ROLE_ADMIN: 'beheerder' },
    button: 'Wachtwoord kiezen',
    validity: 'De link is 7 dagen geldig en werkt één keer.',
    ignore:
      'Verwacht u deze uitnodiging niet? Dan kunt u deze e-mail negeren; er wordt geen account gemaakt.',
  },
  mfaReset: {
    subject: 'Uw inloggen in twee stappen is uitgezet',
    heading: 'Inloggen in twee stappen uitgezet',
    intro:
      'Een beheerder van {organisation} heeft het inloggen in twee stappen van uw account uitgezet, bijvoorbeeld omdat u uw telefoon kwijt bent. U bent overal uitgelogd.',
    next: 'Log opnieuw in met uw wachtwoord en zet het inloggen in twee stappen weer aan op uw profiel.',
    button: 'Inloggen',
    unexpected:
      'Heeft u hier niet om gevraagd? Neem dan meteen contact op met {organisation}: iemand anders kan om uw account hebben gevraagd.',
  },
};
export type MailTexts = typeof nl;
