import { Link, Navigate, useParams } from 'react-router';
import { isBlankKeyword } from '#shared/search.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { Pagination, PastLastPage } from '#web/components/pagination.tsx';
import { useProducts } from '../api/get-products.ts';
import { BannerCarousel } from '../components/banner-carousel.tsx';
import { TopCategoryLinks } from '../components/category-links.tsx';
import { FilteredListing } from '../components/filter-panel.tsx';
import { ProductGrid } from '../components/product-grid.tsx';
import { TopRatedStrip } from '../components/top-rated-strip.tsx';
import { activeFilterCount, clearFilters, EMPTY_FILTERS, hrefWithFilters } from '../lib/filter-params.ts';
import { listHref, pageFromParam } from '../lib/route-params.ts';
import { useListFilters } from '../lib/use-list-filters.ts';

/**
 * Home and search results (docs/product/screens.md): '/', '/page/:pageNumber', '/search/:keyword',
 * '/search/:keyword/page/:pageNumber'. Without a keyword: the banner, 'Top Rated' and 'Latest Products';
 * with one: a Go Back button instead of the banner, and the results best first, with filters and sort kept
 * in the query ('/search/kurta?size=M&sort=price_asc'). A blank keyword goes home.
 */
export function HomePage() {
  const params = useParams();
  const keyword = (params.keyword ?? '').trim();
  const page = pageFromParam(params.pageNumber);
  const searching = params.keyword !== undefined;
  const listFilters = useListFilters(listHref(keyword, 1), undefined, { category: true });
  // Filters belong to search results; the home page's Latest Products has none.
  const filters = searching ? listFilters.filters : EMPTY_FILTERS;
  const products = useProducts(keyword, page, searching ? listFilters.query : '');
  const hrefFor = (n: number) => hrefWithFilters(listHref(keyword, n), filters);
  const filtered = activeFilterCount(filters) > 0;

  if (searching && isBlankKeyword(keyword)) return <Navigate to="/" replace />;

  const list = products.data;
  const heading = searching ? `Search results for “${keyword}”` : 'Latest Products';
  const title = searching
    ? `${keyword} · Search · Haat`
    : page > 1
      ? `Latest Products, page ${String(page)} · Haat`
      : 'Haat · Online marketplace';

  const results = products.isPending ? (
    <Loader label="Loading products…" />
  ) : products.isError ? (
    <ErrorAlert error={products.error} />
  ) : list && list.products.length === 0 ? (
    <Message variant="secondary">
      {filtered ? (
        <>
          No products match these filters.{' '}
          <button
            type="button"
            className="btn btn-link p-0 align-baseline"
            onClick={() => listFilters.apply(clearFilters(filters))}
          >
            Clear all filters
          </button>
        </>
      ) : searching ? (
        <>
          No products found. Try another word, or <Link to="/">browse the latest products</Link>.
        </>
      ) : (
        'No products found.'
      )}
    </Message>
  ) : list ? (
    <div
      aria-busy={products.isPlaceholderData}
      className={products.isPlaceholderData ? 'opacity-50' : undefined}
    >
      <ProductGrid products={list.products} label={heading} besideFilters={searching} />
      <Pagination
        page={list.page}
        pages={list.pages}
        hrefFor={hrefFor}
        label={searching ? 'Search result pages' : 'Product pages'}
      />
    </div>
  ) : null;

  return (
    <section>
      <title>{title}</title>
      {list ? <PastLastPage page={list.page} pages={list.pages} hrefFor={hrefFor} /> : null}
      {!searching ? (
        <meta
          name="description"
          content="Haat: clothing, handloom, gadgets and home goods from independent sellers across India."
        />
      ) : null}
      {searching ? (
        <Link to="/" className="btn btn-outline-primary mb-3">
          ‹ Go Back
        </Link>
      ) : (
        <>
          <BannerCarousel />
          {page === 1 ? <TopRatedStrip /> : null}
        </>
      )}
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">{heading}</h1>
        {list && list.pages > 1 ? (
          <p className="text-body-secondary small mb-0">
            Page {list.page} of {list.pages}
          </p>
        ) : null}
      </div>
      {searching ? (
        <FilteredListing
          filters={filters}
          facets={list?.facets}
          total={list?.total}
          onApply={listFilters.apply}
          before={<TopCategoryLinks keyword={keyword} filters={filters} />}
        >
          {results}
        </FilteredListing>
      ) : (
        results
      )}
    </section>
  );
}
