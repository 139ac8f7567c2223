import { describe, expect, it } from 'vitest';
import { productSchema, type Product } from '@balie/shared';
import { itemsFromParam } from './itemsParam';

const product = (id: number, overrides: Partial<Product> = {}): Product =>
  productSchema.parse({
    id,
    title: `P${id}`,
    description: '',
    notice: '',
    category: null,
    timeUnit: 10,
    extraTimeUnit: 5,
    maxAmount: 3,
    active: true,
    files: [],
    ...overrides,
  });
const PRODUCTS = [product(1), product(2), product(3), product(4), product(5), product(9, { active: false })];

describe('/new?items= (rebooking links)', () => {
  it('reads productId x amount pairs in order', () => {
    expect(itemsFromParam('2x1,1x3', PRODUCTS)).toEqual([
      { productId: 2, amount: 1 },
      { productId: 1, amount: 3 },
    ]);
  });

  it('skips bad parts, unknown and inactive products and repeats', () => {
    expect(itemsFromParam('abc,2x,x3,77x1,9x1,2x2,2x1,-1x2,1.5x1', PRODUCTS)).toEqual([
      { productId: 2, amount: 2 },
    ]);
  });

  it("keeps an amount within 1…the product's maximum and takes at most four products", () => {
    expect(itemsFromParam('1x0,2x99,3x1,4x1,5x1', PRODUCTS)).toEqual([
      { productId: 1, amount: 1 },
      { productId: 2, amount: 3 },
      { productId: 3, amount: 1 },
      { productId: 4, amount: 1 },
    ]);
  });

  it('gives nothing for a missing or empty parameter', () => {
    expect(itemsFromParam(null, PRODUCTS)).toEqual([]);
    expect(itemsFromParam('', PRODUCTS)).toEqual([]);
  });
});
