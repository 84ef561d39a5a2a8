import { describe, expect, it } from 'vitest';
import {
  barrelTargets,
  namesImported,
  staticClosure,
  storefrontGroups,
  usedImports,
} from './storefront-chunks-plugin.ts';

const graph: Record<string, string[]> = {
  '/w/main.tsx': ['/w/router.tsx', '/w/header.tsx'],
  '/w/router.tsx': [],
  '/w/header.tsx': ['/w/price.tsx'],
  '/w/home.tsx': ['/w/grid.tsx'],
  '/w/grid.tsx': ['/w/price.tsx'],
  '/w/product.tsx': ['/w/gallery.tsx', '/w/stars.tsx'],
  '/w/gallery.tsx': [],
  '/w/search.tsx': ['/w/filters.tsx', '/w/stars.tsx', '/w/grid.tsx'],
  '/w/category.tsx': ['/w/filters.tsx'],
  '/w/filters.tsx': ['/n/zod.js'],
  '/w/stars.tsx': [],
  '/n/zod.js': [],
};
const imports = (id: string) => graph[id] ?? [];

describe('storefront chunks', () => {
  it('follows static imports only, once each', () => {
    expect([...staticClosure(['/w/home.tsx'], imports)].sort()).toEqual([
      '/w/grid.tsx',
      '/w/home.tsx',
      '/w/price.tsx',
    ]);
  });

  it('puts what the entry and home need in the shell, then splits the rest by who needs it', () => {
    const g = storefrontGroups(
      { entries: ['/w/main.tsx'], imports },
      { home: '/w/home.tsx', product: '/w/product.tsx', listing: ['/w/search.tsx', '/w/category.tsx'] },
    );
    expect([...g.shell].sort()).toEqual([
      '/w/grid.tsx',
      '/w/header.tsx',
      '/w/main.tsx',
      '/w/price.tsx',
      '/w/router.tsx',
    ]);
    expect([...g.common]).toEqual(['/w/stars.tsx']);
    expect([...g.product]).toEqual(['/w/gallery.tsx']);
    expect([...g.listing].sort()).toEqual(['/n/zod.js', '/w/filters.tsx']);
  });

  it("follows only the parts of a feature's index.ts that the importer names", () => {
    const barrel = '/w/features/reviews/index.ts';
    const code: Record<string, string> = {
      '/w/page.tsx':
        "import { ReviewsSection } from '#web/features/reviews/index.ts';\nimport x from './x.ts';",
      [barrel]:
        "export { ReviewsSection } from './components/section.tsx';\nexport { ReviewForm as Form } from './components/form.tsx';",
    };
    const ids: Record<string, string[]> = {
      '/w/page.tsx': [barrel, '/w/x.ts'],
      [barrel]: ['/w/features/reviews/components/section.tsx', '/w/features/reviews/components/form.tsx'],
    };
    const info = (id: string) => ({ code: code[id] ?? '', importedIds: ids[id] ?? [] });
    expect(usedImports('/w/page.tsx', info)).toEqual([
      '/w/features/reviews/components/section.tsx',
      '/w/x.ts',
    ]);
    expect(namesImported("import { A, type B, C as D } from '../../cart/index.ts'", 'cart')).toEqual(
      new Set(['A', 'B', 'C']),
    );
    expect(barrelTargets(barrel, code[barrel]!, ids[barrel]!, new Set(['Form']))).toEqual([
      '/w/features/reviews/components/form.tsx',
    ]);
    // An alias and no extension, as the wishlist's index writes them.
    expect(
      barrelTargets(
        barrel,
        "export { useWishlist } from '#web/lib/wishlist/use-wishlist';",
        ['/p/src/web/lib/wishlist/use-wishlist.ts'],
        new Set(['useWishlist']),
      ),
    ).toEqual(['/p/src/web/lib/wishlist/use-wishlist.ts']);
    // An index it cannot read that way (export *, or a module it does not import) is followed whole.
    expect(barrelTargets(barrel, "export * from './all.ts';", [], new Set(['A']))).toBeNull();
    expect(barrelTargets(barrel, "export { A } from './gone.ts';", [], new Set(['A']))).toBeNull();
    // 'catalog' is not the end of 'admin-catalog'.
    expect(namesImported("import { X } from '#web/features/admin-catalog/index.ts'", 'catalog').size).toBe(0);
  });
});
