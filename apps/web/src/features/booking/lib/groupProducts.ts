import type { Product, ProductCategory } from '@balie/shared';

export interface ProductGroup {
  key: string;
  category: ProductCategory | null;
  products: Product[];
}

interface Filter {
  search: string;
  categoryId: number | null;
}

/**
 * Products grouped under their categories (in category order, uncategorised last), narrowed by a
 * case- and accent-insensitive search on title and description and by an optional category.
 */
export function groupProducts(
  products: readonly Product[],
  categories: readonly ProductCategory[],
  filter: Filter,
) {
  const normalise = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const needle = normalise(filter.search.trim());
  const matching = products.filter(
    (p) =>
      (filter.categoryId === null || p.category?.id === filter.categoryId) &&
      (needle === '' || normalise(`${p.title} ${p.description}`).includes(needle)),
  );
  const ordered = [...categories].sort((a, b) => a.position - b.position || a.name.localeCompare(b.name));
  // Categories only known from a product (not in the list) still get a group.
  for (const p of matching)
    if (p.category && !ordered.some((c) => c.id === p.category?.id)) ordered.push(p.category);
  const groups: ProductGroup[] = ordered.map((category) => ({
    key: String(category.id),
    category,
    products: matching.filter((p) => p.category?.id === category.id),
  }));
  groups.push({ key: 'none', category: null, products: matching.filter((p) => p.category === null) });
  return groups.filter((g) => g.products.length > 0);
}
