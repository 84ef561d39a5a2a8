import { Link, useParams, useSearchParams } from 'react-router';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { Pagination, PastLastPage } from '#web/components/pagination.tsx';
import { shopPath } from '#web/lib/format.ts';
import { siteOrigin } from '#web/lib/site-origin.ts';
import { useShop, useShopProducts } from '../api/get-shop.ts';
import { FilteredListing } from '../components/filter-panel.tsx';
import { ProductGrid } from '../components/product-grid.tsx';
import { activeFilterCount, clearFilters, hrefWithFilters } from '../lib/filter-params.ts';
import { pageFromParam } from '../lib/route-params.ts';
import { useListFilters } from '../lib/use-list-filters.ts';
import { PageHead } from '#web/components/page-head.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');

/**
 * '/shop/:shopName' (docs/product/screens.md): the shop's banner, round picture and name, then 'Products by {owner name}'
 * or 'No products found in this shop'. Further pages are '?page=n'; filters and sort sit beside it in the query.
 */
export function ShopPage() {
  const t = useT();
  const { shopName = '' } = useParams();
  const [search] = useSearchParams();
  const page = pageFromParam(search.get('page'));
  const { filters, query, apply } = useListFilters(shopPath(shopName), 'page');
  const shop = useShop(shopName);
  const products = useShopProducts(shopName, page, query);

  if (shop.isPending) return <Loader label={t('catalog.shop.loading')} />;
  if (shop.isError) {
    return (
      <section>
        <PageHead title={t('catalog.shop.notFoundTitle')} />
        <ErrorAlert error={shop.error} />
        <Link to="/" className="btn btn-outline-primary">
          {t('catalog.list.goBack')}
        </Link>
      </section>
    );
  }

  const s = shop.data;
  const list = products.data;
  const base = shopPath(s.shopName);
  const pageHref = (n: number) => hrefWithFilters(n > 1 ? `${base}?page=${String(n)}` : base, filters);
  const filtered = activeFilterCount(filters) > 0;

  return (
    <section>
      <PageHead
        title={t('catalog.list.pageTitle', { name: s.shopName })}
        meta={[
          {
            name: 'description',
            content: t('catalog.shop.description', { shop: s.shopName, owner: s.user.name }),
          },
          { property: 'og:title', content: s.shopName },
          { property: 'og:type', content: 'website' },
          ...(s.shopBanner
            ? [{ property: 'og:image', content: new URL(s.shopBanner, siteOrigin()).href }]
            : []),
        ]}
        links={[
          { rel: 'canonical', href: `${siteOrigin()}${page > 1 ? `${base}?page=${String(page)}` : base}` },
        ]}
      />
      {list ? <PastLastPage page={list.page} pages={list.pages} hrefFor={pageHref} /> : null}
      <header className="haat-shop-header mb-4">
        <div className="haat-shop-banner">
          {s.shopBanner ? (
            <img src={s.shopBanner} alt={t('catalog.shop.banner', { shop: s.shopName })} />
          ) : null}
        </div>
        <div className="haat-shop-identity">
          {s.shopPicture ? (
            <img
              className="haat-shop-picture"
              src={s.shopPicture}
              alt={t('catalog.shop.logo', { shop: s.shopName })}
              width={112}
              height={112}
            />
          ) : (
            <span className="haat-shop-picture haat-shop-initials" aria-hidden="true">
              {initials(s.shopName)}
            </span>
          )}
          <div className="min-w-0">
            <h1 className="h3 mb-0 text-break">{s.shopName}</h1>
          </div>
        </div>
      </header>
      <h2 className="h4 mb-3">{t('catalog.shop.productsBy', { owner: s.user.name })}</h2>
      <FilteredListing
        filters={filters}
        // One shop, one seller: no seller filter.
        facets={list?.facets && { ...list.facets, sellers: [] }}
        total={list?.total}
        totalIsLowerBound={list?.totalIsLowerBound}
        onApply={apply}
      >
        {products.isPending ? (
          <Loader label={t('catalog.list.loading')} />
        ) : products.isError ? (
          <ErrorAlert error={products.error} />
        ) : list && list.products.length === 0 ? (
          filtered ? (
            <Message variant="secondary">
              {t('catalog.list.noMatch')}{' '}
              <button
                type="button"
                className="btn btn-link p-0 align-baseline"
                onClick={() => apply(clearFilters(filters))}
              >
                {t('catalog.list.clearAllFilters')}
              </button>
            </Message>
          ) : (
            <Message variant="secondary">{t('catalog.shop.empty')}</Message>
          )
        ) : list ? (
          <div
            aria-busy={products.isPlaceholderData}
            className={products.isPlaceholderData ? 'opacity-50' : undefined}
          >
            <ProductGrid
              products={list.products}
              label={t('catalog.shop.productsBy', { owner: s.user.name })}
              besideFilters
              headingLevel="h3"
            />
            <Pagination
              page={list.page}
              pages={list.pages}
              hrefFor={pageHref}
              label={t('catalog.shop.pages', { shop: s.shopName })}
            />
          </div>
        ) : null}
      </FilteredListing>
    </section>
  );
}
