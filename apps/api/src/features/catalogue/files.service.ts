import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ProductFile } from '@balie/shared';
import { recordAudit } from '../../audit/audit.js';
import { httpError, validationError } from '../../http/errors.js';
import type { Actor } from '../../audit/actor.js';
import {
  acceptedTypeOf,
  MAX_BYTES_PER_PRODUCT,
  MAX_FILES_PER_PRODUCT,
  safeFileName,
} from './file-content.js';
import { deleteFileRow, fileTotalsOf, insertFileRow, lockProductRow } from './repository.js';

/**
 * POST /product/{id}/files: the multipart field `file`, at most MAX_FILE_BYTES (413 beyond, from the
 * multipart limit), typed by its content (415 for anything but PDF, images and office documents).
 */
export async function uploadProductFile(
  app: FastifyInstance,
  request: FastifyRequest,
  actor: Actor,
  productId: number,
): Promise<ProductFile> {
  if (!request.isMultipart())
    throw httpError('unsupported_media_type', 'Send the file as multipart/form-data');
  const part = await request.file();
  if (!part || part.fieldname !== 'file') throw validationError('file', 'required');
  // Throws the multipart plugin's 413 once the limit is passed, before the rest is read.
  const content = await part.toBuffer();
  if (content.length === 0) throw validationError('file', 'empty');
  const type = await acceptedTypeOf(content);
  if (!type) throw httpError('unsupported_media_type', 'Only PDF, images and office documents are accepted');
  const mimeType = type.mime;
  const fileName = safeFileName(part.filename, type);

  return app.db.transaction(async (tx) => {
    // The product's row lock makes two uploads to one product count one after the other.
    if (!(await lockProductRow(tx, productId))) throw httpError('not_found');
    const totals = await fileTotalsOf(tx, productId);
    if (totals.files >= MAX_FILES_PER_PRODUCT) throw httpError('too_many_files');
    if (totals.bytes + content.length > MAX_BYTES_PER_PRODUCT) throw httpError('files_too_large');
    const row = await insertFileRow(tx, { productId, fileName, mimeType, content });
    await recordAudit(tx, {
      actorUserId: actor.userId,
      ip: actor.ip,
      action: 'product_file_added',
      subjectType: 'product',
      subjectId: productId,
      details: {
        changes: { file: { before: null, after: { id: row.id, fileName, mimeType, size: row.size } } },
      },
    });
    return { ...row, createdAt: row.createdAt.toISOString() };
  });
}

/** DELETE /product/{id}/file/{fileId}. */
export async function deleteProductFile(
  app: FastifyInstance,
  actor: Actor,
  productId: number,
  fileId: number,
): Promise<void> {
  await app.db.transaction(async (tx) => {
    const removed = await deleteFileRow(tx, productId, fileId);
    if (!removed) throw httpError('not_found');
    await recordAudit(tx, {
      actorUserId: actor.userId,
      ip: actor.ip,
      action: 'product_file_deleted',
      subjectType: 'product',
      subjectId: productId,
      details: { changes: { file: { before: removed, after: null } } },
    });
  });
}
