import { describe, expect, it } from 'vitest';
import { chunkNamespaces, namespacesNamedIn } from './messages-plugin.ts';

const known = ['common', 'orders', 'delivery', 'checkout'];

describe('the namespaces a page needs', () => {
  it('finds the namespaces of the message ids a module names, in any quotes, once each', () => {
    const code = [
      "t('orders.items.title')",
      't("checkout.placeOrder.place")',
      't(`delivery.by.${day}`)',
      "t.rich('orders.status.paid', {})",
    ].join('\n');
    expect(namespacesNamedIn(code, known)).toEqual(['checkout', 'delivery', 'orders']);
  });

  it('ignores what is not a known namespace followed by a key', () => {
    const code = "const a = 'product.name'; const b = 'orders'; const c = 'common.'; const d = x.orders.y;";
    expect(namespacesNamedIn(code, known)).toEqual([]);
  });

  it("takes a chunk's own modules and those of every chunk it imports, not the ones it loads on demand", () => {
    const chunks = {
      'page.js': { moduleIds: ['/w/page.tsx'], imports: ['shared.js'] },
      'shared.js': { moduleIds: ['/w/list.tsx', '/w/loader.tsx'], imports: ['entry.js'] },
      'entry.js': { moduleIds: ['/w/header.tsx'], imports: ['page.js'] },
      'lightbox.js': { moduleIds: ['/w/lightbox.tsx'], imports: [] },
    };
    const byModule = new Map([
      ['/w/page.tsx', ['checkout']],
      ['/w/list.tsx', ['orders']],
      ['/w/header.tsx', ['common']],
      ['/w/lightbox.tsx', ['delivery']],
    ]);
    expect(chunkNamespaces('page.js', chunks, byModule)).toEqual(['checkout', 'common', 'orders']);
    expect(chunkNamespaces('missing.js', chunks, byModule)).toEqual([]);
  });
});
