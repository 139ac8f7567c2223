import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ProductFile } from '@balie/shared';
import { recordAudit } from '../../audit/audit.js';
import { httpError, validationError } from '../../http/errors.js';
import type { Actor } from '../../audit/actor.js';
import { acceptedTypeOf, safeFileName } from './file-content.js';
import { deleteFileRow, insertFileRow, lockProductRow } from './repository.js';

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
  const mimeType = await acceptedTypeOf(content);
  if (!mimeType)
    throw httpError('unsupported_media_type', 'Only PDF, images and office documents are accepted');
  const fileName = safeFileName(part.filename);

  return app.db.transaction(async (tx) => {
    if (!(await lockProductRow(tx, productId))) throw httpError('not_found');
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
