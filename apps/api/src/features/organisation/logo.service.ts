import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { Actor } from '../../audit/actor.js';
import { httpError, validationError } from '../../http/errors.js';
import { imageSizeOf } from './image-size.js';
import { getOrganisation, removeLogo, replaceLogo } from './repository.js';
import { auditOrganisation } from './service.js';

/** A logo above this answers 413 payload_too_large (DESIGN §5 Branding). */
export const MAX_LOGO_BYTES = 1024 * 1024;

/**
 * What a logo may be, by the type its content shows (magic bytes), never by its name: raster images a
 * browser and a mail program show. No SVG: it is a document that can carry scripts and links.
 */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/**
 * Pixels a logo may have on a side (DESIGN §5 Branding, decision 0421). Every visitor's browser loads and
 * decodes it; a small file can describe a huge image (15,000 × 15,000 in 656 KB is 900 MB decoded).
 */
export const MAX_LOGO_PIXELS = 4096;

/**
 * POST /organisation/logo: the multipart field `file`, at most 1 MB (413 beyond, from the multipart
 * limit), PNG, JPEG or WebP by content (415 otherwise), at most MAX_LOGO_PIXELS on a side by its header
 * (400 `file` `dimensions_too_large`; `unreadable_image` when the header gives no size). The new logo replaces the old one in one
 * transaction, audited; answers the organisation record with the new `logoFileId`.
 */
export async function uploadLogo(app: FastifyInstance, request: FastifyRequest, actor: Actor) {
  if (!request.isMultipart())
    throw httpError('unsupported_media_type', 'Send the logo as multipart/form-data');
  const part = await request.file();
  if (!part || part.fieldname !== 'file') throw validationError('file', 'required');
  try {
    const content = await part.toBuffer().catch((error: unknown) => {
      // @fastify/multipart throws its own error when the file passes the limit.
      if (part.file.truncated || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw httpError('payload_too_large', 'The logo is larger than 1 MB');
      throw error;
    });
    if (part.file.truncated) throw httpError('payload_too_large', 'The logo is larger than 1 MB');
    if (content.length === 0) throw validationError('file', 'empty');
    const type = await fileTypeFromBuffer(content);
    const mimeType = LOGO_TYPES.find((t) => t === type?.mime);
    if (!mimeType) throw httpError('unsupported_media_type', 'A logo is a PNG, JPEG or WebP image');
    const size = imageSizeOf(content, mimeType);
    if (!size) throw validationError('file', 'unreadable_image');
    if (size.width > MAX_LOGO_PIXELS || size.height > MAX_LOGO_PIXELS)
      throw validationError('file', 'dimensions_too_large');
    return await app.db.transaction(async (tx) => {
      const before = await getOrganisation(tx);
      const logoFileId = await replaceLogo(tx, mimeType, content);
      await auditOrganisation(tx, actor, {
        changes: { logoFileId: { before: before.logoFileId, after: logoFileId } },
        logo: { mimeType, size: content.length },
      });
      return { ...before, logoFileId };
    });
  } finally {
    if (!part.file.readableEnded) part.file.resume();
  }
}

/** DELETE /organisation/logo: the organisation shows its name alone again. */
export async function deleteLogo(app: FastifyInstance, actor: Actor) {
  return app.db.transaction(async (tx) => {
    const before = await getOrganisation(tx);
    if (before.logoFileId === null) return before;
    await removeLogo(tx);
    await auditOrganisation(tx, actor, {
      changes: { logoFileId: { before: before.logoFileId, after: null } },
    });
    return { ...before, logoFileId: null };
  });
}
