import type { FastifyInstance } from 'fastify';
import type { AdminProduct, CreateProductRequest, PatchProductRequest } from '@balie/shared';
import { changedFields, recordAudit } from '../../audit/audit.js';
import type { Tx } from '../../db/client.js';
import { httpError, validationError } from '../../http/errors.js';
import { findAdminProduct } from '../booking/products.repository.js';
import type { Actor } from '../../audit/actor.js';
import { noteScheduleChanged } from '../booking/schedule.repository.js';
import {
  categoryExists,
  deleteProductRow,
  insertProductRow,
  lockProductRow,
  productWasBooked,
  updateProductRow,
  type ProductValues,
} from './repository.js';

/** What the audit trail compares of a product (files have their own events). */
function auditable(p: AdminProduct): Record<string, unknown> {
  const { files: _files, category, id: _id, ...fields } = p;
  return { ...fields, categoryId: category?.id ?? null };
}

/**
 * Products are part of the cached schedule (durations, limits, active flag), so every change raises the
 * schedule version first thing in its own transaction (decisions 0150, 0323): every process's next
 * request books against it, and a hold being made on the product meanwhile waits or finishes first.
 */
function productTransaction<T>(app: FastifyInstance, work: (tx: Tx) => Promise<T>): Promise<T> {
  return app.db.transaction(async (tx) => {
    await noteScheduleChanged(tx);
    return work(tx);
  });
}

async function checkCategory(tx: Tx, categoryId: number | null | undefined): Promise<void> {
  if (categoryId != null && !(await categoryExists(tx, categoryId)))
    throw validationError('categoryId', 'object/not-found');
}

function productValues(body: PatchProductRequest): Partial<ProductValues> {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
}

/** POST /products: a new product goes to the end of the list. */
export async function createProduct(
  app: FastifyInstance,
  actor: Actor,
  body: CreateProductRequest,
): Promise<AdminProduct> {
  return productTransaction(app, async (tx) => {
    await checkCategory(tx, body.categoryId);
    const id = await insertProductRow(tx, body);
    const product = (await findAdminProduct(tx, id))!;
    await recordAudit(tx, {
      actorUserId: actor.userId,
      ip: actor.ip,
      action: 'product_created',
      subjectType: 'product',
      subjectId: id,
      details: { changes: changedFields({}, auditable(product)) },
    });
    return product;
  });
}

/** PATCH /product/{id}: the named fields change; `translations`, when named, replaces all of them. */
export async function patchProduct(
  app: FastifyInstance,
  actor: Actor,
  id: number,
  body: PatchProductRequest,
): Promise<AdminProduct> {
  return productTransaction(app, async (tx) => {
    if (!(await lockProductRow(tx, id))) throw httpError('not_found');
    await checkCategory(tx, body.categoryId);
    const before = (await findAdminProduct(tx, id))!;
    await updateProductRow(tx, id, productValues(body));
    const after = (await findAdminProduct(tx, id))!;
    const changes = changedFields(auditable(before), auditable(after));
    if (Object.keys(changes).length > 0)
      await recordAudit(tx, {
        actorUserId: actor.userId,
        ip: actor.ip,
        action: 'product_updated',
        subjectType: 'product',
        subjectId: id,
        details: { changes },
      });
    return after;
  });
}

/**
 * DELETE /product/{id}: only a product nobody ever booked goes (with its files); a booked one answers
 * 409 product_in_use, to be deactivated instead, so past appointments keep their product.
 */
export async function deleteProduct(app: FastifyInstance, actor: Actor, id: number): Promise<void> {
  await productTransaction(app, async (tx) => {
    // The row lock makes a hold being made on the product finish first (its item row key-share locks
    // the product), so the check below sees it; a hold started later waits and then finds no product.
    if (!(await lockProductRow(tx, id))) throw httpError('not_found');
    if (await productWasBooked(tx, id)) throw httpError('product_in_use');
    const before = (await findAdminProduct(tx, id))!;
    await deleteProductRow(tx, id);
    await recordAudit(tx, {
      actorUserId: actor.userId,
      ip: actor.ip,
      action: 'product_deleted',
      subjectType: 'product',
      subjectId: id,
      details: {
        changes: changedFields(auditable(before), {}),
        files: before.files.map((f) => f.fileName),
      },
    });
  });
}
