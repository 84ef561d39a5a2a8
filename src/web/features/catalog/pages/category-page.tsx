import { Link, useParams, useSearchParams } from 'react-router';
import { Message } from '#web/components/alerts.tsx';
import { Breadcrumbs } from '#web/components/breadcrumbs.tsx';
import { Loader } from '#web/components/loader.tsx';
import { Pagination, PastLastPage } from '#web/components/pagination.tsx';
import { siteOrigin } from '#web/lib/site-origin.ts';
import { useCategoryProducts } from '../api/get-categories.ts';
import { SubCategoryLinks } from '../components/category-links.tsx';
import { FilteredListing } from '../components/filter-panel.tsx';
import { ProductGrid } from '../components/product-grid.tsx';
import { segmentLabels } from '../lib/category-path.ts';
import { activeFilterCount, clearFilters, hrefWithFilters } from '../lib/filter-params.ts';
import { pageFromParam } from '../lib/route-params.ts';
import { useListFilters } from '../lib/use-list-filters.ts';
import { PageHead } from '#web/components/page-head.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';

/**
 * '/categories/:category' and the deeper breadcrumb targets '/categories/:category/:sub/…' (docs/product/screens.md):
 * the products of the categories at exactly that path of level names (dashes read as spaces), so 'Men
 * Clothes › Ethnic Wear' lists no women's sarees; with a breadcrumb of the segments. Further pages are
 * '?page=n'; filters and sort sit beside it in the query ('?size=M&sort=price_asc').
 */
export function CategoryPage() {
  const t = useT();
  const params = useParams();
  const [search] = useSearchParams();
  const segments = [params.category, params.sub, params.level3, params.level4, params.level5].filter(
    (s): s is string => !!s,
  );
  const page = pageFromParam(search.get('page'));
  const base = `/categories/${segments.map((s) => encodeURIComponent(s)).join('/')}`;
  const { filters, query, apply } = useListFilters(base, 'page');
  const { ids, products } = useCategoryProducts(segments, page, query);

  const list = products.data;
  const labels = segmentLabels(segments, list?.products.map((p) => p.category) ?? []);
  const heading = labels[labels.length - 1] ?? t('catalog.category.fallback');
  const pageHref = (n: number) => hrefWithFilters(n > 1 ? `${base}?page=${String(n)}` : base, filters);
  const crumbs = [
    { label: t('catalog.list.home'), to: '/' },
    ...labels.map((label, i) => ({
      label,
      to: `/categories/${segments
        .slice(0, i + 1)
        .map((s) => encodeURIComponent(s))
        .join('/')}`,
    })),
  ];
  const noCategory = ids.isSuccess && ids.data.categoryIDs.length === 0;
  const filtered = activeFilterCount(filters) > 0;
  // docs/product/messages.md's category page messages.
  const emptyCategory = t.rich('catalog.category.empty', {
    link: (chunks) => <Link to="/">{chunks}</Link>,
  });

  return (
    <section>
      {/* Filters and sort are views of the page: its URL without them (docs/decisions/0127-page-weight-images-seo.md). */}
      <PageHead
        title={t('catalog.list.pageTitle', { name: heading })}
        meta={[{ name: 'description', content: t('catalog.category.description', { heading }) }]}
        links={[
          { rel: 'canonical', href: `${siteOrigin()}${page > 1 ? `${base}?page=${String(page)}` : base}` },
        ]}
      />
      {list ? <PastLastPage page={list.page} pages={list.pages} hrefFor={pageHref} /> : null}
      <Breadcrumbs items={crumbs} className="mb-3" />
      <h1 className="h3 mb-3">{heading}</h1>
      {ids.isError ? (
        <Message variant="danger">{t('catalog.category.errorIds')}</Message>
      ) : noCategory ? (
        <Message variant="secondary">{emptyCategory}</Message>
      ) : (
        <FilteredListing
          filters={filters}
          facets={list?.facets}
          total={list?.total}
          totalIsLowerBound={list?.totalIsLowerBound}
          onApply={apply}
          before={<SubCategoryLinks segments={segments} filters={filters} />}
        >
          {products.isError ? (
            <Message variant="danger">{t('catalog.category.errorProducts')}</Message>
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
                emptyCategory
              )}
            </Message>
          ) : !list ? (
            <Loader label={t('catalog.list.loading')} />
          ) : (
            <div
              aria-busy={products.isPlaceholderData}
              className={products.isPlaceholderData ? 'opacity-50' : undefined}
            >
              <ProductGrid
                products={list.products}
                label={t('catalog.category.gridLabel', { heading })}
                besideFilters
              />
              <Pagination
                page={list.page}
                pages={list.pages}
                hrefFor={pageHref}
                label={t('catalog.category.pages', { heading })}
              />
            </div>
          )}
        </FilteredListing>
      )}
    </section>
  );
}
