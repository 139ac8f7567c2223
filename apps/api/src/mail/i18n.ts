import type { UiLanguage } from '@balie/shared';
import { de } from './locales/de.js';
import { en } from './locales/en.js';
import { nl, type MailTexts } from './locales/nl.js';

const TEXTS: Record<UiLanguage, MailTexts> = { nl, en, de };

/** The mail texts of a language (nl, en, de). */
export function mailTexts(language: UiLanguage): MailTexts {
  return TEXTS[language];
}

/** Fills `{name}` placeholders. */
export function fill(template: string, vars: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => vars[key] ?? whole);
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** For user-supplied text in HTML mails. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** A paragraph of plain text as HTML: escaped, line breaks kept. */
export function htmlParagraph(text: string): string {
  return `<p>${escapeHtml(text).replace(/\n/g, '<br>')}</p>`;
}

/**
 * The one HTML document every mail uses: greeting, body, signature; no external images or styles
 * (mail clients block them). `bodyHtml` is already escaped.
 */
export function htmlMail(
  language: UiLanguage,
  greeting: string,
  bodyHtml: string,
  signature: string,
): string {
  return `<!doctype html><html lang="${language}"><body style="font-family:sans-serif">
${htmlParagraph(greeting)}
${bodyHtml}
${htmlParagraph(signature)}
</body></html>`;
}
