import { fileTypeFromBuffer } from 'file-type';

/** Uploads above this answer 413 payload_too_large (DESIGN §4). */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** A product holds at most this many files (DESIGN §6)… */
export const MAX_FILES_PER_PRODUCT = 20;
/** …and at most this many bytes of them together (100 MB). */
export const MAX_BYTES_PER_PRODUCT = 100 * 1024 * 1024;

/**
 * What a product file may be, by the type its content shows (magic bytes): PDF, raster images and the
 * zip-based office formats, each with the extensions a name of that type may end in (the first is the
 * one given to a name that ends in none of them). Legacy binary Office files (CFB) are refused: the same
 * container carries Windows installers (.msi), which the content cannot tell apart (decision 0181).
 */
const ACCEPTED_TYPES: Record<string, readonly string[]> = {
  'application/pdf': ['pdf'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
  'application/vnd.oasis.opendocument.text': ['odt'],
  'application/vnd.oasis.opendocument.spreadsheet': ['ods'],
  'application/vnd.oasis.opendocument.presentation': ['odp'],
};

export interface AcceptedType {
  mime: string;
  extensions: readonly string[];
}

/** The accepted type of the content, or undefined for anything else (programs, scripts, SVG, …). */
export async function acceptedTypeOf(content: Buffer): Promise<AcceptedType | undefined> {
  const type = await fileTypeFromBuffer(content);
  const extensions = type && ACCEPTED_TYPES[type.mime];
  return extensions ? { mime: type.mime, extensions } : undefined;
}

const MAX_NAME = 255;
/** Control characters, bidirectional controls (U+202E shows "fdp.exe" as "exe.pdf") and line breaks. */
const UNSAFE_CHARACTERS = /[\p{Cc}\p{Bidi_Control}\u2028\u2029]/gu;
/** What counts as an extension: a dot and up to five letters or digits at the end. */
const EXTENSION = /\.([\p{L}\p{N}]{1,5})$/u;

/**
 * The name a file is stored and served under (DESIGN §6): the base name of what the browser sent (a
 * path's folders dropped, on either slash), without control or bidirectional characters, ending in an
 * extension of the type its content shows (one that names another type is replaced), at most 255
 * characters; 'file' when nothing is left of the name.
 */
export function safeFileName(sent: string, type: AcceptedType): string {
  const base = sent.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(UNSAFE_CHARACTERS, '').trim();
  const sentExtension = EXTENSION.exec(clean)?.[1]?.toLowerCase();
  const fits = sentExtension !== undefined && type.extensions.includes(sentExtension);
  // A fitting extension is kept as sent (`Scan.PDF`), and kept when a long name is cut.
  const extension = fits ? EXTENSION.exec(clean)![0] : `.${type.extensions[0]}`;
  const stem = (sentExtension === undefined ? clean : clean.replace(EXTENSION, '').trim()) || 'file';
  return stem.slice(0, MAX_NAME - extension.length) + extension;
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
