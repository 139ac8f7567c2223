import type { FastifyInstance } from 'fastify';
import type {
  AdminProductCategory,
  CreateProductCategoryRequest,
  PatchProductCategoryRequest,
} from '@balie/shared';
import { changedFields, recordAudit } from '../../audit/audit.js';
import { httpError } from '../../http/errors.js';
import type { Actor } from '../../audit/actor.js';
import {
  deleteCategoryRow,
  insertCategoryRow,
  lockCategoryRow,
  productsInCategory,
  updateCategoryRow,
} from './repository.js';

const noFields = {};
const fieldsOf = ({ id: _, ...fields }: AdminProductCategory) => fields;

/** POST /product-categories: without a position the category goes last. */
export async function createCategory(
  app: FastifyInstance,
  actor: Actor,
  body: CreateProductCategoryRequest,
): Promise<AdminProductCategory> {
  return app.db.transaction(async (tx) => {
    const category = await insertCategoryRow(tx, body);
    await recordAudit(tx, {
      actorUserId: actor.userId,
      ip: actor.ip,
      action: 'product_category_created',
      subjectType: 'product_category',
      subjectId: category.id,
      details: { changes: changedFields(noFields, fieldsOf(category)) },
    });
    return category;
  });
}

/**
 * PATCH /product-category/{id}: rename (translations too: they replace the ones before) and/or move
 * (categories are listed by position, then id).
 */
export async function patchCategory(
  app: FastifyInstance,
  actor: Actor,
  id: number,
  body: PatchProductCategoryRequest,
): Promise<AdminProductCategory> {
  return app.db.transaction(async (tx) => {
    const before = await lockCategoryRow(tx, id);
    if (!before) throw httpError('not_found');
    const values = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    const after = Object.keys(values).length > 0 ? await updateCategoryRow(tx, id, values) : before;
    const changes = changedFields(fieldsOf(before), fieldsOf(after));
    if (Object.keys(changes).length > 0)
      await recordAudit(tx, {
        actorUserId: actor.userId,
        ip: actor.ip,
        action: 'product_category_updated',
        subjectType: 'product_category',
        subjectId: id,
        details: { changes },
      });
    return after;
  });
}

/**
 * DELETE /product-category/{id}: only an empty category goes (409 category_not_empty otherwise, inactive
 * products count too). The row lock makes a product being put in it concurrently finish first.
 */
export async function deleteCategory(app: FastifyInstance, actor: Actor, id: number): Promise<void> {
  await app.db.transaction(async (tx) => {
    const before = await lockCategoryRow(tx, id);
    if (!before) throw httpError('not_found');
    if ((await productsInCategory(tx, id)) > 0) throw httpError('category_not_empty');
    await deleteCategoryRow(tx, id);
    await recordAudit(tx, {
      actorUserId: actor.userId,
      ip: actor.ip,
      action: 'product_category_deleted',
      subjectType: 'product_category',
      subjectId: id,
      details: { changes: changedFields(fieldsOf(before), noFields) },
    });
  });
}
