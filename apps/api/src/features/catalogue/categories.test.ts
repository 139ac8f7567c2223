import { describe, expect, it } from 'vitest';
import { adminProductCategorySchema, productCategorySchema, type Product } from '@balie/shared';
import { testDatabases, useTestApp } from '../../test/index.js';
import { auditOf } from '../desks/test-support/schedule.js';

describe.each(testDatabases)('product categories on %s', (kind) => {
  const t = useTestApp(kind, { sessions: ['admin', 'user'] });

  const list = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/product-categories' })).json<
      Array<{ id: number; name: string; position: number }>
    >();

  it('creates a category last, renames and moves it, audited', async () => {
    const created = await t.call('POST', '/api/product-categories', t.admin, { name: '  Parkeren ' });
    expect(created.statusCode, created.body).toBe(201);
    const c = adminProductCategorySchema.strict().parse(created.json());
    expect(c.name).toBe('Parkeren');
    // Made before translations existed, or without them: none (migration 0024's default).
    expect(c.translations).toEqual({});
    const { translations: _, ...listed } = c;
    // The public list names it, without the translations (those are the admin's).
    expect(productCategorySchema.strict().parse((await list()).at(-1))).toEqual(listed);

    const moved = await t.call('PATCH', `/api/product-category/${c.id}`, t.admin, {
      name: 'Parkeren en vervoer',
      position: -0,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({ id: c.id, name: 'Parkeren en vervoer', position: 0, translations: {} });
    // Listed by position, then id: now before every category with a higher position.
    const after = await list();
    const later = after.filter((x) => x.position > 0).map((x) => after.indexOf(x));
    expect(after.findIndex((x) => x.id === c.id)).toBeLessThan(Math.min(...later));

    expect((await auditOf(t.database.db, 'product_category_created', c.id))[0]?.details).toEqual({
      changes: {
        name: { before: null, after: 'Parkeren' },
        position: { before: null, after: c.position },
        translations: { before: null, after: {} },
      },
    });
    expect((await auditOf(t.database.db, 'product_category_updated', c.id))[0]?.details).toEqual({
      changes: {
        name: { before: 'Parkeren', after: 'Parkeren en vervoer' },
        position: { before: c.position, after: 0 },
      },
    });
  });

  it("answers category names in the request's language, Dutch where none; the admin reads all of them", async () => {
    const created = await t.call('POST', '/api/product-categories', t.admin, {
      name: 'Rijbewijzen en vervoer',
      translations: { en: { name: ' Driving licences ' } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const c = adminProductCategorySchema.parse(created.json());
    expect(c.translations).toEqual({ en: { name: 'Driving licences' } });
    const named = async (language: string) =>
      (await t.app.inject({ url: '/api/product-categories', headers: { 'accept-language': language } }))
        .json<Array<{ id: number; name: string }>>()
        .find((x) => x.id === c.id)?.name;
    expect(await named('en-GB,en;q=0.9')).toBe('Driving licences');
    expect(await named('de')).toBe('Rijbewijzen en vervoer');
    expect(await named('nl')).toBe('Rijbewijzen en vervoer');

    const patched = await t.call('PATCH', `/api/product-category/${c.id}`, t.admin, {
      translations: { en: { name: 'Driving licences' }, de: { name: 'Führerscheine' } },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(await named('de')).toBe('Führerscheine');
    expect((await auditOf(t.database.db, 'product_category_updated', c.id))[0]?.details).toEqual({
      changes: {
        translations: {
          before: { en: { name: 'Driving licences' } },
          after: { en: { name: 'Driving licences' }, de: { name: 'Führerscheine' } },
        },
      },
    });

    // The products' own category is in the same language: the booking page groups by it.
    await t.call('PATCH', '/api/product/1', t.admin, { categoryId: c.id });
    const products = (
      await t.app.inject({ url: '/api/products', headers: { 'accept-language': 'de' } })
    ).json<Product[]>();
    expect(products.find((p) => p.id === 1)?.category).toEqual({
      id: c.id,
      name: 'Führerscheine',
      position: c.position,
    });

    // The admin's list: the Dutch names with their translations, to edit them.
    const all = await t.call('GET', '/api/product-categories?translations=true', t.admin);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().find((x: { id: number }) => x.id === c.id)).toEqual({
      id: c.id,
      name: 'Rijbewijzen en vervoer',
      position: c.position,
      translations: { en: { name: 'Driving licences' }, de: { name: 'Führerscheine' } },
    });
    expect((await t.call('GET', '/api/product-categories?translations=true', t.user)).statusCode).toBe(403);
    expect((await t.call('GET', '/api/product-categories?translations=true', null)).statusCode).toBe(401);
  });

  it('deletes an empty category and answers 409 category_not_empty for one with products', async () => {
    const c = (
      await t.call('POST', '/api/product-categories', t.admin, { name: 'Leeg', position: 5 })
    ).json();
    expect(c.position).toBe(5);
    expect((await t.call('DELETE', `/api/product-category/${c.id}`, t.admin)).statusCode).toBe(204);
    expect((await list()).map((x) => x.id)).not.toContain(c.id);
    expect(await auditOf(t.database.db, 'product_category_deleted', c.id)).toHaveLength(1);
    expect((await t.call('DELETE', `/api/product-category/${c.id}`, t.admin)).statusCode).toBe(404);

    const full = await t.call('DELETE', '/api/product-category/1', t.admin);
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe('category_not_empty');
  });

  it('answers guests 401 and users 403', async () => {
    for (const [s, status] of [
      [null, 401],
      [t.user, 403],
    ] as const) {
      expect((await t.call('POST', '/api/product-categories', s, { name: 'X' })).statusCode).toBe(status);
      expect((await t.call('PATCH', '/api/product-category/1', s, { name: 'X' })).statusCode).toBe(status);
      expect((await t.call('DELETE', '/api/product-category/3', s)).statusCode).toBe(status);
    }
  });

  it.each([
    ['POST', '/product-categories', {}, 'name', 'required'],
    ['POST', '/product-categories', { name: ' ' }, 'name', 'required'],
    ['POST', '/product-categories', { name: 'x'.repeat(101) }, 'name', 'too_long'],
    ['POST', '/product-categories', { name: 'A', position: -1 }, 'position', 'too_small'],
    ['PATCH', '/product-category/1', { position: 'first' }, 'position', 'invalid_type'],
    [
      'PATCH',
      '/product-category/1',
      { translations: { en: { name: '' } } },
      'translations.en.name',
      'required',
    ],
    [
      'PATCH',
      '/product-category/1',
      { translations: { fr: { name: 'A' } } },
      'translations',
      'unknown_property',
    ],
    ['PATCH', '/product-category/1', { colour: 'red' }, 'body', 'unknown_property'],
    ['PATCH', '/product-category/0', { name: 'A' }, 'id', 'invalid_id'],
  ] as const)('%s %s %j answers 400 naming %s', async (method, url, body, property, message) => {
    const res = await t.call(method, `/api${url}`, t.admin, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toContainEqual({ property, message });
  });

  it('answers 404 for an unknown category', async () => {
    expect((await t.call('PATCH', '/api/product-category/9999', t.admin, { name: 'A' })).statusCode).toBe(
      404,
    );
  });
});
