import type { PrivacyStatement, StatementLanguage } from './schemas.js';

/**
 * The placeholders a privacy statement may hold; the /privacy page fills them from the organisation
 * record, so the text states the retention period and the contact that are in force (decision 0372).
 */
export const PRIVACY_PLACEHOLDERS = ['{organisation}', '{retentionDays}', '{contact}'] as const;

/**
 * The product's own statement, true to what it does (DESIGN §4b): what it stores, why, how long, who
 * sees it, the visitor's rights and whom to ask. Plain text; paragraphs separated by blank lines, a line
 * of its own ending without a full stop is a heading.
 */
export const DEFAULT_PRIVACY_STATEMENT: Record<StatementLanguage, string> = {
  nl: `{organisation} gebruikt deze afsprakenpagina om afspraken aan de balie te plannen. Hieronder staat welke persoonsgegevens daarbij worden verwerkt, waarom, hoe lang en welke rechten u heeft.

Welke gegevens
Voor een afspraak: uw voorletters, tussenvoegsel en achternaam, uw e-mailadres en telefoonnummer, de taal van uw e-mails, de gekozen producten, plaats, datum en tijd, en een incheckcode. Met een account ook uw account-e-mailadres, naam en de gegevens die u zelf in uw profiel invult; uw wachtwoord bewaren wij alleen als onleesbare hash.

Waarom
Om uw afspraak te maken, te bevestigen, u te herinneren, een wijziging of annulering te verwerken en u aan de balie te helpen. De grondslag is de uitvoering van onze publieke taak (artikel 6 lid 1 sub e AVG). Wij gebruiken de gegevens niet voor iets anders.

Hoe lang
De persoonsgegevens van een afspraak worden {retentionDays} dagen na de afspraak (of na het annuleren) automatisch gewist. Daarna blijft alleen over wat niemand identificeert: product, plaats, tijd en of de afspraak is doorgegaan, voor onze planning en statistiek. Verzonden e-mails bewaren wij niet. Een account bestaat tot u of wij het verwijderen.

Wie de gegevens ziet
Alleen medewerkers van {organisation} die afspraken behandelen. Wij delen niets met derden, plaatsen geen volgcookies en deze pagina laadt niets van andere websites. Uw browser bewaart tijdens het boeken uw ingevulde gegevens en, als u inlogt, uw sessie; die kunt u wissen door uit te loggen of uw browsergegevens te verwijderen.

Beveiliging
De verbinding is versleuteld, links in e-mails zijn niet te raden en de serverlogboeken bevatten geen namen, e-mailadressen of telefoonnummers. Voor bescherming tegen misbruik telt de server aanvragen per IP-adres; die tellingen verdwijnen binnen een dag.

Uw rechten
U mag uw gegevens inzien, laten verbeteren of laten wissen, en bezwaar maken. Een verzoek om inzage of wissen handelen wij direct af: u krijgt een overzicht van alles wat wij over uw e-mailadres bewaren, of alles wordt gewist en afspraken die nog komen worden geannuleerd. Bent u het niet eens met hoe wij met uw gegevens omgaan, dan kunt u een klacht indienen bij de Autoriteit Persoonsgegevens.

Contact
Vragen en verzoeken: {contact}`,
  en: `{organisation} uses this booking page to plan appointments at its desks. This statement says which personal data that involves, why, for how long, and what your rights are.

What we store
For an appointment: your initials, name prefix and last name, your e-mail address and phone number, the language of your e-mails, the chosen products, place, date and time, and a check-in code. With an account also your account's e-mail address, name and what you fill in on your profile yourself; your password is kept only as an unreadable hash.

Why
To make your appointment, confirm it, remind you, handle a change or cancellation, and help you at the desk. The legal basis is the performance of our public task (article 6(1)(e) GDPR). We use the data for nothing else.

How long
The personal data of an appointment is erased automatically {retentionDays} days after the appointment (or after its cancellation). What remains identifies nobody: product, place, time and whether the appointment took place, for our planning and statistics. Sent e-mails are not kept. An account exists until you or we delete it.

Who sees it
Only the staff of {organisation} who handle appointments. We share nothing with third parties, set no tracking cookies, and this page loads nothing from other websites. While you book, your browser keeps what you filled in and, when you sign in, your session; signing out or clearing your browser data removes them.

Security
The connection is encrypted, links in e-mails cannot be guessed, and the server logs hold no names, e-mail addresses or phone numbers. To protect against abuse the server counts requests per IP address; those counts are gone within a day.

Your rights
You may see your data, have it corrected or erased, and object. A request to see or erase it is handled at once: you get an overview of everything held about your e-mail address, or everything is erased and appointments still to come are cancelled. If you disagree with how we handle your data, you can complain to the Dutch Data Protection Authority (Autoriteit Persoonsgegevens).

Contact
Questions and requests: {contact}`,
  de: `{organisation} nutzt diese Terminseite, um Termine am Schalter zu planen. Hier steht, welche personenbezogenen Daten dabei verarbeitet werden, warum, wie lange und welche Rechte Sie haben.

Welche Daten
Für einen Termin: Ihre Initialen, Namenszusatz und Nachname, Ihre E-Mail-Adresse und Telefonnummer, die Sprache Ihrer E-Mails, die gewählten Leistungen, Ort, Datum und Uhrzeit sowie ein Check-in-Code. Mit einem Konto auch die E-Mail-Adresse des Kontos, Ihr Name und was Sie selbst in Ihrem Profil angeben; Ihr Passwort speichern wir nur als unlesbaren Hash.

Warum
Um Ihren Termin anzulegen, zu bestätigen, Sie zu erinnern, eine Änderung oder Absage zu bearbeiten und Ihnen am Schalter zu helfen. Rechtsgrundlage ist die Wahrnehmung unserer öffentlichen Aufgabe (Artikel 6 Absatz 1 Buchstabe e DSGVO). Für nichts anderes verwenden wir die Daten.

Wie lange
Die personenbezogenen Daten eines Termins werden {retentionDays} Tage nach dem Termin (oder nach der Absage) automatisch gelöscht. Danach bleibt nur, was niemanden identifiziert: Leistung, Ort, Zeit und ob der Termin stattfand, für unsere Planung und Statistik. Versandte E-Mails bewahren wir nicht auf. Ein Konto besteht, bis Sie oder wir es löschen.

Wer die Daten sieht
Nur die Mitarbeitenden von {organisation}, die Termine bearbeiten. Wir geben nichts an Dritte weiter, setzen keine Tracking-Cookies und diese Seite lädt nichts von anderen Websites. Während der Buchung speichert Ihr Browser Ihre Eingaben und, wenn Sie sich anmelden, Ihre Sitzung; Abmelden oder das Löschen der Browserdaten entfernt sie.

Sicherheit
Die Verbindung ist verschlüsselt, Links in E-Mails sind nicht zu erraten und die Serverprotokolle enthalten keine Namen, E-Mail-Adressen oder Telefonnummern. Zum Schutz vor Missbrauch zählt der Server Anfragen je IP-Adresse; diese Zählungen verschwinden innerhalb eines Tages.

Ihre Rechte
Sie dürfen Ihre Daten einsehen, berichtigen oder löschen lassen und widersprechen. Eine Anfrage auf Auskunft oder Löschung bearbeiten wir sofort: Sie erhalten eine Übersicht über alles, was zu Ihrer E-Mail-Adresse gespeichert ist, oder alles wird gelöscht und noch anstehende Termine werden abgesagt. Sind Sie mit unserem Umgang mit Ihren Daten nicht einverstanden, können Sie sich bei der niederländischen Datenschutzbehörde (Autoriteit Persoonsgegevens) beschweren.

Kontakt
Fragen und Anfragen: {contact}`,
};

/** What the statement needs of the organisation record. */
export interface StatementOrganisation {
  name: string;
  street: string;
  postcode: string;
  city: string;
  phone: string;
  email: string;
  retentionDays: number;
  privacyStatement: PrivacyStatement;
}

/** Whom to ask: the organisation's e-mail address, phone and postal address, those it has. */
export function privacyContact(org: StatementOrganisation): string {
  const address = [org.street, [org.postcode, org.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [org.email, org.phone, address].filter((p) => p.trim()).join(' · ') || org.name;
}

/**
 * The statement a visitor reads in `language`: the organisation's own text for it, else the default,
 * with the organisation, retention period and contact filled in.
 */
export function privacyStatementText(org: StatementOrganisation, language: StatementLanguage): string {
  const own = org.privacyStatement[language].trim();
  const values: Record<(typeof PRIVACY_PLACEHOLDERS)[number], string> = {
    '{organisation}': org.name,
    '{retentionDays}': String(org.retentionDays),
    '{contact}': privacyContact(org),
  };
  return PRIVACY_PLACEHOLDERS.reduce(
    (text, key) => text.replaceAll(key, values[key]),
    own || DEFAULT_PRIVACY_STATEMENT[language],
  );
}
