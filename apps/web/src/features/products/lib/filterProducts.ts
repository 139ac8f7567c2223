import type { Product } from '@balie/shared';

/** A category id, every category, or products without one. */
export type CategoryFilter = number | 'all' | 'none';

/**
 * The products whose title, description or notice contains every word of `search` (case and accents
 * ignored) and that are in the chosen category.
 */
export function filterProducts(products: Product[], search: string, category: CategoryFilter): Product[] {
  const words = fold(search).split(/\s+/).filter(Boolean);
  return products.filter((p) => {
    if (category === 'none' ? p.category !== null : category !== 'all' && p.category?.id !== category)
      return false;
    const text = fold(`${p.title} ${p.description} ${p.notice}`);
    return words.every((w) => text.includes(w));
  });
}

/** Lower case without accents, so "cafe" finds "Café". */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
