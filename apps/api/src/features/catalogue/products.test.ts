import { describe, expect, it } from 'vitest';
import { adminProductSchema, productSchema } from '@balie/shared';
import { testDatabases, useTestApp } from '../../test/index.js';
import { availableDays, confirm, slotsOn } from '../booking/test-support/helpers.js';
import { auditOf, book, mailsOf } from '../desks/test-support/schedule.js';

const NEW_PRODUCT = {
  title: 'Parkeervergunning',
  description: 'Voor bewoners.\nNeem uw kenteken mee.',
  timeUnit: 15,
  extraTimeUnit: 5,
  translations: {
    en: { title: 'Parking permit', description: 'For residents.' },
    de: { title: 'Parkausweis' },
  },
};

describe.each(testDatabases)('product catalogue on %s', (kind) => {
  const t = useTestApp(kind, { sessions: ['admin', 'user'] });

  const create = async (body: object = NEW_PRODUCT) => {
    const res = await t.call('POST', '/api/products', t.admin, body);
    expect(res.statusCode, res.body).toBe(201);
    return adminProductSchema.parse(res.json());
  };

  it('GET /product/{id} answers a guest the active product and an admin its translations', async () => {
    const guest = await t.call('GET', '/api/product/1');
    expect(guest.statusCode, guest.body).toBe(200);
    expect(productSchema.strict().parse(guest.json()).title).toBe('Paspoort aanvragen');
    const asAdmin = await t.call('GET', '/api/product/1', t.admin);
    expect(asAdmin.statusCode).toBe(200);
    expect(adminProductSchema.strict().parse(asAdmin.json()).translations).toEqual({});
    expect((await t.call('GET', '/api/product/9999')).statusCode).toBe(404);
    expect((await t.call('GET', '/api/product/0')).json().errors).toContainEqual({
      property: 'id',
      message: 'invalid_id',
    });
  });

  it('creates a product with defaults and translations, audited, last in the list', async () => {
    const p = await create();
    expect(p).toMatchObject({
      title: 'Parkeervergunning',
      notice: '',
      category: null,
      maxAmount: 10,
      active: true,
      files: [],
      translations: {
        en: { title: 'Parking permit', description: 'For residents.', notice: '' },
        de: { title: 'Parkausweis', description: '', notice: '' },
      },
    });
    const list = (await t.call('GET', '/api/products')).json<Array<{ id: number }>>();
    expect(list.at(-1)?.id).toBe(p.id);
    const [event] = await auditOf(t.database.db, 'product_created', p.id);
    expect(event?.actorUserId).toBe(t.admin.userId);
    expect(event?.details).toMatchObject({
      changes: { title: { before: null, after: 'Parkeervergunning' } },
    });
  });

  it('answers GET /products and GET /product/{id} in the request language, Dutch where untranslated', async () => {
    const p = await create();
    const inLanguage = async (language: string) => {
      const listed = await t.call('GET', '/api/products', undefined, undefined, {
        'accept-language': language,
      });
      // Shared caches must keep one answer per language.
      expect(listed.headers.vary).toContain('Accept-Language');
      const list = listed.json<Array<{ id: number; title: string; description: string }>>();
      const one = (
        await t.call('GET', `/api/product/${p.id}`, undefined, undefined, { 'accept-language': language })
      ).json();
      expect(one.title).toBe(list.find((x) => x.id === p.id)?.title);
      return list.find((x) => x.id === p.id)!;
    };
    expect(await inLanguage('en-GB,en;q=0.9')).toMatchObject({
      title: 'Parking permit',
      description: 'For residents.',
    });
    expect(await inLanguage('fr-FR, de;q=0.8, en;q=0.5')).toMatchObject({
      title: 'Parkausweis',
      description: NEW_PRODUCT.description,
    });
    expect(await inLanguage('fr')).toMatchObject({ title: 'Parkeervergunning' });
    expect((await inLanguage('en;q=0, nl')).title).toBe('Parkeervergunning');
  });

  it('patches the named fields, replaces translations when named, and audits before and after', async () => {
    const p = await create();
    const res = await t.call('PATCH', `/api/product/${p.id}`, t.admin, {
      maxAmount: 3,
      categoryId: 2,
      translations: { en: { title: 'Permit' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = adminProductSchema.parse(res.json());
    expect(after).toMatchObject({ title: p.title, maxAmount: 3, category: { id: 2 } });
    expect(after.translations).toEqual({ en: { title: 'Permit', description: '', notice: '' } });
    const [event] = await auditOf(t.database.db, 'product_updated', p.id);
    expect(event?.details).toEqual({
      changes: {
        maxAmount: { before: 10, after: 3 },
        categoryId: { before: null, after: 2 },
        translations: { before: p.translations, after: after.translations },
      },
    });
  });

  it('keeps an inactive product from guests and their bookings, but not from admins', async () => {
    const p = await create();
    expect((await t.call('PATCH', `/api/product/${p.id}`, t.admin, { active: false })).statusCode).toBe(200);
    expect((await t.call('GET', `/api/product/${p.id}`)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/product/${p.id}`, t.user)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/product/${p.id}`, t.admin)).json().active).toBe(false);
    expect((await t.call('GET', '/api/products')).json().map((x: { id: number }) => x.id)).not.toContain(
      p.id,
    );
    expect(
      (await t.call('GET', '/api/products?all=true', t.admin)).json().map((x: { id: number }) => x.id),
    ).toContain(p.id);
    const res = await t.call('POST', '/api/available-days', undefined, {
      appointmentItems: [{ productId: p.id, amount: 1 }],
    });
    expect(res.json().errors).toContainEqual({
      property: 'appointmentItems.0.productId',
      message: 'object/not-found',
    });
  });

  it('deletes a product never booked, and answers 409 product_in_use for a booked one', async () => {
    const p = await create();
    const del = await t.call('DELETE', `/api/product/${p.id}`, t.admin);
    expect(del.statusCode, del.body).toBe(204);
    expect((await t.call('GET', `/api/product/${p.id}`, t.admin)).statusCode).toBe(404);
    expect(await auditOf(t.database.db, 'product_deleted', p.id)).toHaveLength(1);
    expect((await t.call('DELETE', `/api/product/${p.id}`, t.admin)).statusCode).toBe(404);

    const [date] = (await availableDays(t.app)).slice(1);
    await book(t.app, date!, 0);
    const booked = await t.call('DELETE', '/api/product/1', t.admin);
    expect(booked.statusCode).toBe(409);
    expect(booked.json().code).toBe('product_in_use');
    expect((await t.call('GET', '/api/product/1')).statusCode).toBe(200);
  });

  it('answers guests 401 and users 403 on every change', async () => {
    for (const s of [undefined, t.user]) {
      const status = s ? 403 : 401;
      expect((await t.call('POST', '/api/products', s, NEW_PRODUCT)).statusCode).toBe(status);
      expect((await t.call('PATCH', '/api/product/1', s, { title: 'X' })).statusCode).toBe(status);
      expect((await t.call('DELETE', '/api/product/2', s)).statusCode).toBe(status);
      expect((await t.call('GET', '/api/products?all=true', s)).statusCode).toBe(status);
    }
  });

  it.each([
    [{ ...NEW_PRODUCT, title: '' }, 'title', 'required'],
    [{ ...NEW_PRODUCT, title: 'x'.repeat(201) }, 'title', 'too_long'],
    [{ ...NEW_PRODUCT, title: 'a\u0007b' }, 'title', 'invalid_characters'],
    [{ ...NEW_PRODUCT, timeUnit: 0 }, 'timeUnit', 'too_small'],
    [{ ...NEW_PRODUCT, timeUnit: 1.5 }, 'timeUnit', 'invalid_type'],
    [{ ...NEW_PRODUCT, extraTimeUnit: -1 }, 'extraTimeUnit', 'too_small'],
    [{ ...NEW_PRODUCT, maxAmount: 0 }, 'maxAmount', 'too_small'],
    [{ ...NEW_PRODUCT, categoryId: 9999 }, 'categoryId', 'object/not-found'],
    [{ ...NEW_PRODUCT, translations: { en: { description: 'x' } } }, 'translations.en.title', 'required'],
    [{ ...NEW_PRODUCT, translations: { fr: { title: 'x' } } }, 'translations', 'unknown_property'],
    [{ ...NEW_PRODUCT, price: 3 }, 'body', 'unknown_property'],
    [{ description: 'x', timeUnit: 10 }, 'title', 'required'],
  ])('answers 400 for a create naming the field (%#: %s)', async (body, property, message) => {
    const res = await t.call('POST', '/api/products', t.admin, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toContainEqual({ property, message });
  });

  it('answers 400 for a bad patch and 404 for an unknown product', async () => {
    const bad = await t.call('PATCH', '/api/product/1', t.admin, { active: 'yes' });
    expect(bad.json().errors).toContainEqual({ property: 'active', message: 'invalid_type' });
    expect((await t.call('PATCH', '/api/product/9999', t.admin, { title: 'X' })).statusCode).toBe(404);
    expect(
      (await t.call('PATCH', '/api/product/1', t.admin, { categoryId: 9999 })).json().errors,
    ).toContainEqual({
      property: 'categoryId',
      message: 'object/not-found',
    });
  });

  it('titles a reservation in the request language, and mails and .ics in the appointment language', async () => {
    const translations = { en: { title: 'Apply for a passport' }, de: { title: 'Reisepass beantragen' } };
    expect((await t.call('PATCH', '/api/product/1', t.admin, { translations })).statusCode).toBe(200);
    const [date] = (await availableDays(t.app)).slice(3);
    const [slot] = await slotsOn(t.app, date!);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/appointment/make-reservation',
      payload: { appointmentItems: [{ productId: 1, amount: 1 }], fromDateTime: slot!.beginTime },
      headers: { 'accept-language': 'de-DE' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().appointmentItems[0].product.title).toBe('Reisepass beantragen');
    const extended = await t.call(
      'GET',
      `/api/appointment/reservation/${res.json().id}/extend`,
      undefined,
      undefined,
      {
        'accept-language': 'en',
      },
    );
    expect(extended.json().appointmentItems[0].product.title).toBe('Apply for a passport');

    const confirmed = await confirm(t.app, res.json().id, { language: 'en' });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    const [queued] = await mailsOf(t.database.db, t.config, confirmed.json().id);
    const mail = queued!.mail!;
    expect(mail.text).toContain('Apply for a passport');
    expect(mail.text).not.toContain('Paspoort aanvragen');
    const ics = mail.attachments!.find((a) => a.filename.endsWith('.ics'))!;
    expect(String(ics.content)).toContain('Apply for a passport');

    expect((await t.call('PATCH', '/api/product/1', t.admin, { translations: {} })).statusCode).toBe(200);
  });
});
