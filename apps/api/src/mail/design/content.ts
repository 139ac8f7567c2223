import type { UiLanguage } from '@balie/shared';

/** A call to action: the first one of a mail is drawn as the main button, the others as quieter ones. */
interface MailAction {
  label: string;
  url: string;
}

/**
 * What one mail says, independent of how it is drawn: every mail kind builds one, and `renderMail` turns
 * it into the designed HTML part and the plain-text part, so both always carry the same facts.
 */
export interface MailContent {
  language: UiLanguage;
  /** Sender line in the header band: the organisation's name (or the product's name when unset). */
  brand: string;
  /** The organisation's colour (header band, headings, buttons) and logo (DESIGN §5 Branding). */
  look: MailLook;
  /** The line mail programs show beside the subject in the inbox. */
  preview: string;
  heading: string;
  greeting: string;
  /** Plain text; line breaks are kept. */
  paragraphs: string[];
  /** Label and value, e.g. ['Date', 'Monday 7 December 2026']. */
  details?: Array<[string, string]>;
  checkIn?: {
    label: string;
    code: string;
    text: string;
    /** Content-ID of the inline PNG part with the QR code; without it the mail shows the code alone. */
    qrCid?: string;
    qrAlt: string;
    qrSize: number;
  };
  bring?: { heading: string; items: Array<{ title: string; notice: string }> };
  place?: { heading: string; lines: string[]; map?: MailAction };
  actions?: MailAction[];
  /** Small print after the buttons (how long a link is valid, what to do if you did not ask). */
  notes?: string[];
  signature: string;
  /** The organisation's name, address and contact lines. */
  footer: string[];
}

/** The plain-text part: the same facts in reading order, links written out. */
export function plainTextOf(c: MailContent): string {
  const blocks: string[] = [c.greeting, ...c.paragraphs];
  if (c.details?.length) blocks.push(c.details.map(([k, v]) => `${k}: ${v}`).join('\n'));
  if (c.checkIn) blocks.push(`${c.checkIn.label}: ${c.checkIn.code}\n${c.checkIn.text}`);
  if (c.bring?.items.length)
    blocks.push(
      [
        `${c.bring.heading}:`,
        ...c.bring.items.map((i) => `- ${i.title}\n  ${i.notice.replace(/\n/g, '\n  ')}`),
      ].join('\n'),
    );
  if (c.place)
    blocks.push(
      [
        `${c.place.heading}:`,
        ...c.place.lines,
        ...(c.place.map ? [`${c.place.map.label}: ${c.place.map.url}`] : []),
      ].join('\n'),
    );
  for (const a of c.actions ?? []) blocks.push(`${a.label}: ${a.url}`);
  blocks.push(...(c.notes ?? []), c.signature);
  if (c.footer.length > 0) blocks.push(`--\n${c.footer.join('\n')}`);
  return blocks.join('\n\n');
}

/** How the organisation's mails look: its primary colour and, when it has one, its logo's address. */
export interface MailLook {
  colour: string;
  logoUrl: string | null;
}

/** The look of the organisation's mails; the logo is loaded from PUBLIC_URL (mail programs fetch it). */
export function lookOf(o: { primaryColour: string; logoFileId: number | null }, publicUrl: string): MailLook {
  return {
    colour: o.primaryColour,
    logoUrl: o.logoFileId === null ? null : `${publicUrl}/api/organisation/logo/${o.logoFileId}`,
  };
}

/** Who the mail is from: the organisation's name, or the product's while the record has none. */
export function brandOf(o: { name: string }): string {
  return o.name || 'Balie';
}
