import { useEffect } from 'react';

/** A `<meta>` tag in the page's head: by `name` (description) or `property` (Open Graph). */
export type HeadMeta = { name: string; content: string } | { property: string; content: string };
/** A `<link>` tag in the page's head (the canonical URL). */
export type HeadLink = { rel: string; href: string };

type PageHeadProps = { title: string; meta?: HeadMeta[]; links?: HeadLink[] };

const OWNED = 'data-page-head';

function metaSelector(m: HeadMeta): string {
  return 'name' in m ? `meta[name="${m.name}"]` : `meta[property="${m.property}"]`;
}

/** The head tag `selector` finds, or a new one made by `make`, marked as this page's. */
function upsert<T extends HTMLElement>(selector: string, make: () => T): T {
  const found = document.head.querySelector<T>(selector);
  const el = found ?? make();
  el.setAttribute(OWNED, '');
  if (!found) document.head.append(el);
  return el;
}

/**
 * The page's title, description, canonical link and Open Graph tags (docs/decisions/0130-preact-in-the-browser.md).
 *
 * On the server React renders the tags and hoists them into `<head>` (ADR 0126). In the browser the page
 * runs on Preact, which does not hoist, so there the tags are written into `<head>` directly: the title
 * set, the meta and link tags updated in place (the server's own tags included) and removed when the page
 * goes, so the next page does not inherit a stale canonical URL.
 */
export function PageHead({ title, meta = [], links = [] }: PageHeadProps) {
  const key = JSON.stringify([title, meta, links]);
  useEffect(() => {
    document.title = title;
    const owned: HTMLElement[] = [];
    for (const m of meta) {
      const el = upsert(metaSelector(m), () => {
        const tag = document.createElement('meta');
        if ('name' in m) tag.name = m.name;
        else tag.setAttribute('property', m.property);
        return tag;
      });
      el.setAttribute('content', m.content);
      owned.push(el);
    }
    for (const l of links) {
      const el = upsert(`link[rel="${l.rel}"]`, () => {
        const tag = document.createElement('link');
        tag.rel = l.rel;
        return tag;
      });
      el.setAttribute('href', l.href);
      owned.push(el);
    }
    return () => {
      for (const el of owned) el.remove();
      // Until the next page sets its own (it may still be loading), the site's name, as index.html has.
      document.title = 'Haat';
    };
    // `key` holds everything the effect reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  // The server's render: React hoists these into <head>. The browser renders nothing in their place (the
  // effect above writes them), which matches the server's body, where hoisted tags leave nothing behind.
  if (typeof document !== 'undefined') return null;
  return (
    <>
      <title>{title}</title>
      {meta.map((m) =>
        'name' in m ? (
          <meta key={`n:${m.name}`} name={m.name} content={m.content} />
        ) : (
          <meta key={`p:${m.property}`} property={m.property} content={m.content} />
        ),
      )}
      {links.map((l) => (
        <link key={`l:${l.rel}`} rel={l.rel} href={l.href} />
      ))}
    </>
  );
}
