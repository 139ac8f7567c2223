import { describe, expect, it } from 'vitest';
import { DATASET_LOCATIONS, DEFAULT_DATASET_SIZES, deskPlan, servesProduct } from './load-dataset.js';

describe('the benchmark data set’s desks (DESIGN §10, §4b)', () => {
  const { desks, products } = DEFAULT_DATASET_SIZES;
  const plan = deskPlan(desks, DATASET_LOCATIONS);
  const numbers = Array.from({ length: products }, (_, i) => i + 1);

  it('spreads 10 desks over 3 locations, with a specialist for the short products in each', () => {
    expect(plan.map((d) => d.location)).toEqual([0, 0, 0, 0, 1, 1, 1, 2, 2, 2]);
    expect(plan.map((d, i) => (d.specialist ? i + 1 : null)).filter(Boolean)).toEqual([4, 7, 10]);
  });

  it('serves every product somewhere, product 1 at every desk and product 3 at the first location only', () => {
    for (const n of numbers)
      expect(
        plan.some((d) => servesProduct(d, n)),
        `product ${n}`,
      ).toBe(true);
    expect(plan.every((d) => servesProduct(d, 1))).toBe(true);
    expect(plan.filter((d) => servesProduct(d, 3)).map((d) => d.location)).toEqual([0, 0, 0, 0]);
    // Specialists take the 12-minute (odd) products only.
    const specialist = plan.find((d) => d.specialist && d.location === 1)!;
    expect(numbers.filter((n) => servesProduct(specialist, n))).toEqual([1, 5, 9, 13, 17]);
  });

  it('keeps each location non-empty for small sets', () => {
    for (const n of [1, 2, 3, 4, 7]) {
      const small = deskPlan(n, Math.min(DATASET_LOCATIONS, n));
      expect(new Set(small.map((d) => d.location)).size).toBe(Math.min(DATASET_LOCATIONS, n));
      for (const p of [1, 2, 3, 4]) expect(small.some((d) => servesProduct(d, p))).toBe(true);
    }
  });
});
