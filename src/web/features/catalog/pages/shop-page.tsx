import { Link, useParams, useSearchParams } from 'react-router';
import { MSG } from '#shared/messages.ts';
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
  const { shopName = '' } = useParams();
  const [search] = useSearchParams();
  const page = pageFromParam(search.get('page'));
  const { filters, query, apply } = useListFilters(shopPath(shopName), 'page');
  const shop = useShop(shopName);
  const products = useShopProducts(shopName, page, query);

  if (shop.isPending) return <Loader label="Loading the shop…" />;
  if (shop.isError) {
    return (
      <section>
        <PageHead title="Shop not found · Haat" />
        <ErrorAlert error={shop.error} />
        <Link to="/" className="btn btn-outline-primary">
          ‹ Go Back
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
        title={`${s.shopName} · Haat`}
        meta={[
          { name: 'description', content: `${s.shopName} by ${s.user.name} on Haat.` },
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
          {s.shopBanner ? <img src={s.shopBanner} alt={`${s.shopName} banner`} /> : null}
        </div>
        <div className="haat-shop-identity">
          {s.shopPicture ? (
            <img
              className="haat-shop-picture"
              src={s.shopPicture}
              alt={`${s.shopName} logo`}
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
      <h2 className="h4 mb-3">Products by {s.user.name}</h2>
      <FilteredListing
        filters={filters}
        // One shop, one seller: no seller filter.
        facets={list?.facets && { ...list.facets, sellers: [] }}
        total={list?.total}
        onApply={apply}
      >
        {products.isPending ? (
          <Loader label="Loading products…" />
        ) : products.isError ? (
          <ErrorAlert error={products.error} />
        ) : list && list.products.length === 0 ? (
          filtered ? (
            <Message variant="secondary">
              No products match these filters.{' '}
              <button
                type="button"
                className="btn btn-link p-0 align-baseline"
                onClick={() => apply(clearFilters(filters))}
              >
                Clear all filters
              </button>
            </Message>
          ) : (
            <Message variant="secondary">{MSG.noShopProducts}</Message>
          )
        ) : list ? (
          <div
            aria-busy={products.isPlaceholderData}
            className={products.isPlaceholderData ? 'opacity-50' : undefined}
          >
            <ProductGrid
              products={list.products}
              label={`Products by ${s.user.name}`}
              besideFilters
              headingLevel="h3"
            />
            <Pagination
              page={list.page}
              pages={list.pages}
              hrefFor={pageHref}
              label={`${s.shopName} pages`}
            />
          </div>
        ) : null}
      </FilteredListing>
    </section>
  );
}
