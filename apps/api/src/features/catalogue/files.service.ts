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
import { piecesOf } from './file-pieces.js';
import {
  deleteFileRow,
  fileTotalsOf,
  insertFileChunk,
  insertFileRow,
  lockProductRow,
  setFileSize,
} from './repository.js';

/** How much of a file's start its type is told from (zip-based office files name their kind near the start). */
const SNIFF_BYTES = 1024 * 1024;

/**
 * POST /product/{id}/files: the multipart field `file`, at most MAX_FILE_BYTES (413 beyond, from the
 * multipart limit), typed by its content (415 for anything but PDF, images and office documents). The
 * file streams into the database piece by piece (decision 0350): only its first megabyte is held while
 * its type is told; a product's 100 MB is counted as the pieces arrive.
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
  try {
    const pieces = piecesOf(part.file);
    const head: Buffer[] = [];
    let headBytes = 0;
    while (headBytes < SNIFF_BYTES) {
      const next = await pieces.next();
      if (next.done) break;
      head.push(next.value);
      headBytes += next.value.length;
    }
    if (headBytes === 0) throw validationError('file', 'empty');
    const type = await acceptedTypeOf(Buffer.concat(head, headBytes));
    if (!type)
      throw httpError('unsupported_media_type', 'Only PDF, images and office documents are accepted');
    const mimeType = type.mime;
    const fileName = safeFileName(part.filename, type);

    return await app.db.transaction(async (tx) => {
      // The product's row lock makes two uploads to one product count one after the other.
      if (!(await lockProductRow(tx, productId))) throw httpError('not_found');
      const totals = await fileTotalsOf(tx, productId);
      if (totals.files >= MAX_FILES_PER_PRODUCT) throw httpError('too_many_files');
      const row = await insertFileRow(tx, { productId, fileName, mimeType });
      let size = 0;
      let seq = 0;
      const store = async (piece: Buffer) => {
        size += piece.length;
        if (totals.bytes + size > MAX_BYTES_PER_PRODUCT) throw httpError('files_too_large');
        await insertFileChunk(tx, row.id, seq++, piece);
      };
      for (const piece of head) await store(piece);
      for await (const piece of pieces) await store(piece);
      // The multipart limit ends the stream at MAX_FILE_BYTES and marks it cut: nothing of it stays.
      if (part.file.truncated) throw httpError('payload_too_large');
      await setFileSize(tx, row.id, size);
      await recordAudit(tx, {
        actorUserId: actor.userId,
        ip: actor.ip,
        action: 'product_file_added',
        subjectType: 'product',
        subjectId: productId,
        details: {
          changes: { file: { before: null, after: { id: row.id, fileName, mimeType, size } } },
        },
      });
      return { ...row, size, createdAt: row.createdAt.toISOString() };
    });
  } finally {
    // A refused file is read to its end (bounded by the multipart limit), so the answer reaches the client.
    if (!part.file.readableEnded) part.file.resume();
  }
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
