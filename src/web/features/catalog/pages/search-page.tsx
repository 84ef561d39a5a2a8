import { Link, Navigate, useParams } from 'react-router';
import { isBlankKeyword } from '#shared/search.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { Pagination, PastLastPage } from '#web/components/pagination.tsx';
import { siteOrigin } from '#web/lib/site-origin.ts';
import { useProducts } from '../api/get-products.ts';
import { TopCategoryLinks } from '../components/category-links.tsx';
import { FilteredListing } from '../components/filter-panel.tsx';
import { ProductGrid } from '../components/product-grid.tsx';
import { activeFilterCount, clearFilters, hrefWithFilters } from '../lib/filter-params.ts';
import { listHref, pageFromParam } from '../lib/route-params.ts';
import { useListFilters } from '../lib/use-list-filters.ts';
import { PageHead } from '#web/components/page-head.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';

/**
 * Search results (docs/product/screens.md): '/search/:keyword', '/search/:keyword/page/:pageNumber'. A Go
 * Back button, then the results best first, with filters and sort kept in the query
 * ('/search/kurta?size=M&sort=price_asc'). A blank keyword goes home. A page of its own, apart from the
 * home page, so the home page does not load the filters and the schemas they parse with
 * (docs/decisions/0127-page-weight-images-seo.md).
 */
export function SearchPage() {
  const t = useT();
  const params = useParams();
  const keyword = (params.keyword ?? '').trim();
  const page = pageFromParam(params.pageNumber);
  const { filters, query, apply } = useListFilters(listHref(keyword, 1), undefined, { category: true });
  const products = useProducts(keyword, page, query);
  const hrefFor = (n: number) => hrefWithFilters(listHref(keyword, n), filters);
  const filtered = activeFilterCount(filters) > 0;

  if (isBlankKeyword(keyword)) return <Navigate to="/" replace />;

  const list = products.data;
  const heading = t('catalog.search.heading', { keyword });

  const results = products.isPending ? (
    <Loader label={t('catalog.list.loading')} />
  ) : products.isError ? (
    <ErrorAlert error={products.error} />
  ) : list && list.products.length === 0 ? (
    <Message variant="secondary">
      {filtered ? (
        <>
          {t('catalog.list.noMatch')}{' '}
          <button
            type="button"
            className="btn btn-link p-0 align-baseline"
            onClick={() => apply(clearFilters(filters))}
          >
            {t('catalog.list.clearAllFilters')}
          </button>
        </>
      ) : (
        t.rich('catalog.search.empty', { link: (chunks) => <Link to="/">{chunks}</Link> })
      )}
    </Message>
  ) : list ? (
    <div
      aria-busy={products.isPlaceholderData}
      className={products.isPlaceholderData ? 'opacity-50' : undefined}
    >
      <ProductGrid products={list.products} label={heading} besideFilters />
      <Pagination page={list.page} pages={list.pages} hrefFor={hrefFor} label={t('catalog.search.pages')} />
    </div>
  ) : null;

  return (
    <section>
      {/* Filters and sort are views of the page: its URL without them. */}
      <PageHead
        title={t('catalog.search.title', { keyword })}
        meta={[{ name: 'description', content: t('catalog.search.description', { heading }) }]}
        links={[{ rel: 'canonical', href: `${siteOrigin()}${listHref(keyword, page)}` }]}
      />
      {list ? <PastLastPage page={list.page} pages={list.pages} hrefFor={hrefFor} /> : null}
      <Link to="/" className="btn btn-outline-primary mb-3">
        {t('catalog.list.goBack')}
      </Link>
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">{heading}</h1>
        {list && list.pages > 1 ? (
          <p className="text-body-secondary small mb-0">
            {t('catalog.list.pageOf', { page: String(list.page), pages: String(list.pages) })}
          </p>
        ) : null}
      </div>
      <FilteredListing
        filters={filters}
        facets={list?.facets}
        total={list?.total}
        totalIsLowerBound={list?.totalIsLowerBound}
        onApply={apply}
        before={<TopCategoryLinks keyword={keyword} filters={filters} />}
      >
        {results}
      </FilteredListing>
    </section>
  );
}
