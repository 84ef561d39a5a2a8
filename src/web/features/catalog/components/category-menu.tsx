import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Loader } from '#web/components/loader.tsx';
import { NavMenu } from '#web/components/nav-menu.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useCategoryTree } from '../api/get-categories.ts';
import { categoryHref } from '../lib/category-path.ts';
import '../catalog.css';
import { useT } from '#web/lib/i18n/i18n.tsx';

/**
 * The header's "Categories" menu (docs/product/screens.md): each top level with its sub-categories, linking
 * /categories/{top}/{sub} — the whole path, since a lone segment matches that name at any level ('Ethnic
 * Wear' under Men Clothes would list women's sarees too). The menu's contents render, and sub-categories
 * load, the first time it opens: a page that never opens it does not pay for them, and its HTML and
 * hydration skip a list that runs to hundreds of links on a large catalogue (crawlers find categories in
 * the sitemap). Columns on wide screens; one list inside the collapsed navbar on phones.
 */
export function CategoryMenu() {
  // The header sits outside the layout's Suspense boundary: a page the browser renders on its own starts
  // with only the shell's messages, so the menu waits for its namespace here instead of suspending the page.
  return (
    <Suspense fallback={null}>
      <Menu />
    </Suspense>
  );
}

function Menu() {
  // Its own small namespace: the header shows the menu on every page, which should not load the catalog's.
  const t = useT();
  const [opened, setOpened] = useState(false);
  const { first, tree, error } = useCategoryTree(opened);

  return (
    <NavMenu
      id="category-menu"
      title={t('catalogMenu.title')}
      className="haat-category-menu"
      onOpen={() => setOpened(true)}
    >
      {!opened ? null : first.isPending ? (
        <div className="px-3 py-2">
          <Loader inline label={t('catalogMenu.loading')} />
        </div>
      ) : error ? (
        <p className="px-3 py-2 mb-0 text-danger small" role="alert">
          {errorMessage(error)}
        </p>
      ) : (
        <div className="haat-category-columns">
          {tree.map((top) => (
            <div key={top.name} className="haat-category-group">
              <Link to={categoryHref([top.name])} className="dropdown-item fw-semibold">
                {top.name}
              </Link>
              {top.pending ? (
                <div className="px-4 py-1">
                  <Loader inline label={t('catalogMenu.loadingTop', { name: top.name })} />
                </div>
              ) : (
                (top.children ?? []).map((sub) => (
                  <Link
                    key={sub}
                    to={categoryHref([top.name, sub])}
                    className="dropdown-item haat-category-sub"
                  >
                    {sub}
                  </Link>
                ))
              )}
            </div>
          ))}
        </div>
      )}
    </NavMenu>
  );
}
