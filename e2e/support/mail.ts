import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A mail the product wrote as an .eml file into DATA_DIR/mail, decoded enough to read it as a person. */
export interface Mail {
  file: string;
  to: string;
  subject: string;
  /** All text/plain and text/html parts, decoded. */
  body: string;
  /** Attachments by file name, decoded. */
  attachments: Record<string, string>;
  /** The text/html part alone, decoded ('' when the mail has none). */
  html: string;
  /** Inline parts by Content-ID (without <>), as data: URLs, to show the HTML part as a mail program would. */
  inline: Record<string, string>;
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const text = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const hex = text.slice(i + 1, i + 3);
    if (c === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeHeaderWords(value: string): string {
  // Whitespace between two encoded words is not part of the text (RFC 2047 §6.2): a long subject is
  // split into several words, mid-word ("Stadswink" "el Noord").
  return value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_m, _charset, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function splitHeaders(part: string): { headers: Record<string, string>; body: string } {
  const idx = part.search(/\r?\n\r?\n/);
  const head = idx === -1 ? part : part.slice(0, idx);
  const body = idx === -1 ? '' : part.slice(idx).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const enc = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

function walk(part: string, out: Mail): void {
  const { headers, body } = splitHeaders(part);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    for (const child of body.split(`--${boundary}`).slice(1)) {
      if (child.startsWith('--')) break;
      walk(child.replace(/^\r?\n/, ''), out);
    }
    return;
  }
  const cid = /^<?([^>]+)>?$/.exec(headers['content-id'] ?? '')?.[1];
  if (cid && (headers['content-transfer-encoding'] ?? '').toLowerCase() === 'base64')
    out.inline[cid] = `data:${type.split(';')[0]};base64,${body.replace(/\s+/g, '')}`;
  const disposition = headers['content-disposition'] ?? '';
  const name = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? /name="?([^";]+)"?/i.exec(type)?.[1];
  const decoded = decodeBody(headers, body);
  if (name && (disposition.startsWith('attachment') || !type.startsWith('text/plain'))) {
    out.attachments[decodeHeaderWords(name)] = decoded;
    if (!type.startsWith('text/calendar')) return;
  }
  if (type.startsWith('text/html')) out.html = decoded;
  if (type.startsWith('text/')) out.body += `\n${decoded}`;
}

export function readMail(file: string): Mail {
  const raw = readFileSync(file, 'utf8');
  const { headers } = splitHeaders(raw);
  const mail: Mail = {
    file,
    to: decodeHeaderWords(headers['to'] ?? ''),
    subject: decodeHeaderWords(headers['subject'] ?? ''),
    body: '',
    attachments: {},
    html: '',
    inline: {},
  };
  walk(raw, mail);
  return mail;
}

export function listMail(dataDir: string): Mail[] {
  const dir = join(dataDir, 'mail');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => readMail(join(dir, f)));
}

/** Waits until a mail to `to` matching `match` has been written (the outbox worker sends asynchronously). */
export async function waitForMail(
  dataDir: string,
  to: string,
  match: (m: Mail) => boolean = () => true,
  timeoutMs = 20_000,
): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = listMail(dataDir).filter((m) => m.to.toLowerCase().includes(to.toLowerCase()) && match(m));
    if (found.length > 0) return found[found.length - 1]!;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The first link in a mail whose path starts with `pathPrefix`. */
export function linkIn(mail: Mail, pathPrefix: string): string {
  const re = new RegExp(`https?://[^\\s"'<>]+${pathPrefix.replace(/[/]/g, '\\/')}[^\\s"'<>]*`);
  const m = re.exec(mail.body);
  if (!m) throw new Error(`no ${pathPrefix} link in mail "${mail.subject}":\n${mail.body}`);
  return m[0].replace(/&amp;/g, '&');
}

/** One property of an .ics text (RFC 5545): folded lines joined, `\,` `\;` `\n` `\\` read back. */
export function icsProperty(ics: string, name: string): string | undefined {
  const unfolded = ics.replace(/\r?\n[ \t]/g, '');
  const line = unfolded.split(/\r?\n/).find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));
  if (line === undefined) return undefined;
  return line
    .slice(line.indexOf(':') + 1)
    .replace(/\\([\\,;nN])/g, (_m, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}
