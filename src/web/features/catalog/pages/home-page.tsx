import { useParams } from 'react-router';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { Pagination, PastLastPage } from '#web/components/pagination.tsx';
import { siteOrigin } from '#web/lib/site-origin.ts';
import { useProducts } from '../api/get-products.ts';
import { BannerCarousel } from '../components/banner-carousel.tsx';
import { ProductGrid } from '../components/product-grid.tsx';
import { TopRatedStrip } from '../components/top-rated-strip.tsx';
import { listHref, pageFromParam } from '../lib/route-params.ts';
import { PageHead } from '#web/components/page-head.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';

/**
 * The home page (docs/product/screens.md): '/', '/page/:pageNumber'. The banner, 'Top Rated' (on the first
 * page) and 'Latest Products'. Search results are search-page.tsx: the home page has no filters, so it
 * loads none of their code (docs/decisions/0127-page-weight-images-seo.md).
 */
export function HomePage() {
  const t = useT();
  const params = useParams();
  const page = pageFromParam(params.pageNumber);
  const products = useProducts('', page, '');
  const hrefFor = (n: number) => listHref('', n);

  const list = products.data;
  const heading = t('catalog.home.heading');
  const title = page > 1 ? t('catalog.home.titlePaged', { page: String(page) }) : t('catalog.home.title');

  return (
    <section>
      <PageHead
        title={title}
        meta={[
          {
            name: 'description',
            content: t('catalog.home.description'),
          },
        ]}
        links={[{ rel: 'canonical', href: `${siteOrigin()}${listHref('', page)}` }]}
      />
      {list ? <PastLastPage page={list.page} pages={list.pages} hrefFor={hrefFor} /> : null}
      <BannerCarousel />
      {page === 1 ? <TopRatedStrip /> : null}
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">{heading}</h1>
        {list && list.pages > 1 ? (
          <p className="text-body-secondary small mb-0">
            {t('catalog.list.pageOf', { page: String(list.page), pages: String(list.pages) })}
          </p>
        ) : null}
      </div>
      {products.isPending ? (
        <Loader label={t('catalog.list.loading')} />
      ) : products.isError ? (
        <ErrorAlert error={products.error} />
      ) : list && list.products.length === 0 ? (
        <Message variant="secondary">{t('catalog.list.noProducts')}</Message>
      ) : list ? (
        <div
          aria-busy={products.isPlaceholderData}
          className={products.isPlaceholderData ? 'opacity-50' : undefined}
        >
          <ProductGrid products={list.products} label={heading} eagerFirst={page === 1 ? 0 : 2} />
          <Pagination page={list.page} pages={list.pages} hrefFor={hrefFor} label={t('catalog.home.pages')} />
        </div>
      ) : null}
    </section>
  );
}
