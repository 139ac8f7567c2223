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
  /** Codes of the second step guessed (issue 34): at the first burst, and when the code step is blocked. */
  mfaGuessing: {
    subject: 'Iemand probeert codes op uw account',
    subjectBlocked: 'Inloggen met een code is geblokkeerd',
    heading: 'Iemand probeert codes op uw account',
    headingBlocked: 'Inloggen met een code geblokkeerd',
    intro:
      'Iemand die uw wachtwoord kent, heeft bij {organisation} vaak achter elkaar een verkeerde code ingevoerd bij de tweede stap van het inloggen. Was u dat niet? Dan kent iemand anders uw wachtwoord.',
    blocked:
      'Na te veel verkeerde codes is inloggen met een code nu geblokkeerd, ook met de goede code. Het blok gaat eraf zodra u een nieuw wachtwoord kiest, of als een beheerder uw inloggen in twee stappen opnieuw instelt.',
    next: 'Wijzig uw wachtwoord: kies met de knop hieronder een nieuw wachtwoord.',
    button: 'Nieuw wachtwoord kiezen',
    note: 'Uw account is niet geopend: zonder de code van uw app komt niemand binnen.',
  },
};
export type MailTexts = typeof nl;
