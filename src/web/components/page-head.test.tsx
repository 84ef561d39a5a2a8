import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PageHead } from './page-head.tsx';

// In the browser PageHead writes <head> itself (tests/e2e/server-rendering.test.ts checks that after a
// client-side navigation); here, on the server, it renders the tags for React to hoist.
describe('<PageHead> on the server', () => {
  it('renders the title, meta tags by name and property, and links', () => {
    const html = renderToStaticMarkup(
      <PageHead
        title="Kurta · Haat"
        meta={[
          { name: 'description', content: 'A cotton kurta' },
          { property: 'og:title', content: 'Kurta' },
        ]}
        links={[{ rel: 'canonical', href: 'https://haat.example/product/1' }]}
      />,
    );
    expect(html).toContain('<title>Kurta · Haat</title>');
    expect(html).toContain('<meta name="description" content="A cotton kurta"/>');
    expect(html).toContain('<meta property="og:title" content="Kurta"/>');
    expect(html).toContain('<link rel="canonical" href="https://haat.example/product/1"/>');
  });

  it('renders only the title when given nothing else', () => {
    expect(renderToStaticMarkup(<PageHead title="Cart · Haat" />)).toBe('<title>Cart · Haat</title>');
  });
});
