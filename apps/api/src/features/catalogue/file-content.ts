import { fileTypeFromBuffer } from 'file-type';

/** Uploads above this answer 413 payload_too_large (DESIGN §4). */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/**
 * What a product file may be, by the type its content shows (magic bytes): PDF, raster images and the
 * zip-based office formats. Legacy binary Office files (CFB) are refused: the same container carries
 * Windows installers (.msi), which the content cannot tell apart (decision 0181).
 */
const ACCEPTED_TYPES = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
]);

/** The accepted MIME type of the content, or undefined for anything else (programs, scripts, SVG, …). */
export async function acceptedTypeOf(content: Buffer): Promise<string | undefined> {
  const type = await fileTypeFromBuffer(content);
  return type && ACCEPTED_TYPES.has(type.mime) ? type.mime : undefined;
}

/**
 * The name a file is stored and served under: the base name of what the browser sent (a path's folders
 * dropped, on either slash), without control characters, at most 255 characters; 'file' when nothing is left.
 */
export function safeFileName(sent: string): string {
  const base = sent.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean.slice(0, 255) || 'file';
}

/** Content-Disposition of a download: an ASCII fallback and the exact name in RFC 5987 form. */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  // encodeURIComponent leaves ' ( ) * unescaped, which RFC 5987's attr-char does not allow.
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
