import { describe, expect, it } from 'vitest';
import type { Product } from '@balie/shared';
import { filterProducts } from './filterProducts';

const product = (id: number, title: string, categoryId: number | null, notice = ''): Product => ({
  id,
  title,
  description: '',
  notice,
  category: categoryId === null ? null : { id: categoryId, name: `C${categoryId}`, position: 0 },
  timeUnit: 10,
  extraTimeUnit: 0,
  maxAmount: 10,
  active: true,
  files: [],
});

const products = [
  product(1, 'Paspoort aanvragen', 1, 'Neem een pasfoto mee'),
  product(2, 'Rijbewijs ophalen', 1),
  product(3, 'Café-vergunning', null),
];

describe('filterProducts', () => {
  it('finds every word in title or notice, ignoring case and accents', () => {
    expect(filterProducts(products, 'pasfoto', 'all').map((p) => p.id)).toEqual([1]);
    expect(filterProducts(products, 'CAFE vergunning', 'all').map((p) => p.id)).toEqual([3]);
    expect(filterProducts(products, 'paspoort rijbewijs', 'all')).toEqual([]);
  });

  it('keeps one category, or the products without one', () => {
    expect(filterProducts(products, '', 1).map((p) => p.id)).toEqual([1, 2]);
    expect(filterProducts(products, '', 'none').map((p) => p.id)).toEqual([3]);
    expect(filterProducts(products, 'ophalen', 1).map((p) => p.id)).toEqual([2]);
    expect(filterProducts(products, '', 'all')).toHaveLength(3);
  });
});
