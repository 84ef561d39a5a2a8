import { Link, useParams } from 'react-router';
import { ErrorAlert } from '#web/components/alerts.tsx';
import { Breadcrumbs } from '#web/components/breadcrumbs.tsx';
import { DiscountedPrice } from '#web/components/discounted-price.tsx';
import { Loader } from '#web/components/loader.tsx';
import { Rating } from '#web/components/rating.tsx';
import { WishlistButton } from '#web/components/wishlist-button.tsx';
import { DeliveryCheck } from '#web/features/delivery/index.ts';
import { ReviewsSection } from '#web/features/reviews/index.ts';
import { shopPath } from '#web/lib/format.ts';
import { siteOrigin } from '#web/lib/site-origin.ts';
import type { Product } from '#shared/schemas/product.ts';
import { useShelfPrice } from '../api/get-discounts.ts';
import { useProduct } from '../api/get-product.ts';
import { usePublicUser } from '../api/get-public-user.ts';
import { CollapsibleDescription } from '../components/collapsible-description.tsx';
import { ProductGallery } from '../components/product-gallery.tsx';
import { BuyBar } from '../components/buy-bar.tsx';
import { PurchasePanel, usePurchase, useVariantChoice } from '../components/purchase-panel.tsx';
import { ShareButtons } from '../components/share-buttons.tsx';
import { categoryHref, categoryLevels } from '../lib/category-path.ts';
import { pricesVary, variantPrice } from '../lib/variant-pick.ts';
import { metaDescription, productJsonLd, scriptJson } from '#shared/product-seo.ts';
import { PageHead } from '#web/components/page-head.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';

/** '/product/:id' (docs/product/screens.md). */
export function ProductPage() {
  const { id = '' } = useParams();
  const product = useProduct(id);
  const t = useT();

  if (product.isPending) return <Loader label={t('catalog.product.loading')} />;
  if (product.isError) {
    return (
      <section>
        <PageHead title={t('catalog.product.notFoundTitle')} />
        <Link to="/" className="btn btn-outline-primary mb-3">
          {t('catalog.list.goBack')}
        </Link>
        <ErrorAlert error={product.error} />
      </section>
    );
  }
  return <ProductDetails key={product.data._id} product={product.data} />;
}

function SellerLine({ product }: { product: Product }) {
  const t = useT();
  const seller = usePublicUser(product.user._id);
  // docs/product/messages.md: what the seller line says when the name lookup fails.
  const name = seller.isError
    ? t('catalog.product.sellerFallback')
    : (seller.data?.name ?? product.user.name);
  const shop = product.shop;
  return (
    <p className="mb-2 text-body-secondary">
      {t.rich('catalog.product.soldBy', {
        name,
        seller: (chunks) =>
          shop ? (
            <Link to={shopPath(shop.shopName)} className="fw-semibold">
              {chunks}
            </Link>
          ) : (
            <span className="fw-semibold">{chunks}</span>
          ),
      })}
      {product.shop ? <span className="small"> ({product.shop.shopName})</span> : null}
    </p>
  );
}

function ProductDetails({ product }: { product: Product }) {
  const t = useT();
  const priceOf = useShelfPrice([product._id]);
  // Search engines get the product's price; the shopper sees the price of the variant they chose.
  const price = priceOf(product);
  const choice = useVariantChoice(product);
  // One purchase state for the panel and the phone's sticky bar (docs/decisions/0132-phone-purchase-flow.md).
  const purchase = usePurchase(product, choice);
  const shown = priceOf({ _id: product._id, price: variantPrice(product, choice.chosen) });
  const varies = !choice.chosen && pricesVary(product, choice.variants);
  const levels = categoryLevels(product.category);
  const origin = siteOrigin();
  const url = `${origin}/product/${product._id}`;
  const description = metaDescription(product.description);
  const firstImage = product.image[0] ? new URL(product.image[0], origin).href : undefined;

  return (
    <article className="haat-product-page">
      <PageHead
        title={t('catalog.list.pageTitle', { name: product.name })}
        meta={[
          { name: 'description', content: description },
          { property: 'og:type', content: 'product' },
          { property: 'og:title', content: product.name },
          { property: 'og:description', content: description },
          { property: 'og:url', content: url },
          { property: 'og:site_name', content: 'Haat' },
          ...(firstImage ? [{ property: 'og:image', content: firstImage }] : []),
          { property: 'product:price:amount', content: price.finalPrice.toFixed(2) },
          { property: 'product:price:currency', content: product.currency },
        ]}
        links={[{ rel: 'canonical', href: url }]}
      />
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{
          __html: scriptJson(productJsonLd(product, { origin, finalPrice: price.finalPrice })),
        }}
      />

      <Breadcrumbs
        className="mb-3"
        items={[
          { label: t('catalog.list.home'), to: '/' },
          ...levels.map((level, i) => ({ label: level, to: categoryHref(levels.slice(0, i + 1)) })),
          { label: product.name },
        ]}
      />

      <div className="row g-4">
        <div className="col-12 col-md-6">
          <ProductGallery name={product.name} images={product.image} />
        </div>
        <div className="col-12 col-md-6">
          {product.brand ? (
            <p className="small text-uppercase fw-semibold text-body-secondary mb-1">{product.brand}</p>
          ) : null}
          <h1 className="h3 mb-1">{product.name}</h1>
          <SellerLine product={product} />
          <a href="#reviews" className="text-decoration-none d-inline-block mb-2">
            <Rating
              value={product.rating}
              text={t('catalog.product.reviewCount', {
                count: product.numReviews,
                n: String(product.numReviews),
              })}
            />
          </a>
          <p className="mb-1 fs-3" aria-live="polite">
            <DiscountedPrice
              price={shown.price}
              finalPrice={shown.finalPrice}
              percentOff={shown.percentOff}
            />
          </p>
          {varies ? (
            <p className="small text-body-secondary mb-1">{t('catalog.product.priceVaries')}</p>
          ) : null}
          {shown.couponAvailable ? (
            <p className="small text-success mb-2">{t('catalog.product.coupon')}</p>
          ) : null}
          <p className="small text-body-secondary mb-3">{t('catalog.product.inclusive')}</p>
          <PurchasePanel purchase={purchase} />
          <WishlistButton productId={product._id} look="wide" className="mt-2" />
          <DeliveryCheck productId={product._id} />
          <div className="mt-3">
            <ShareButtons url={url} title={product.name} />
          </div>
          <section className="mt-4" aria-labelledby="description-heading">
            <h2 id="description-heading" className="h5">
              {t('catalog.product.description')}
            </h2>
            <CollapsibleDescription text={product.description} id={`description-${product._id}`} />
          </section>
        </div>
      </div>

      <ReviewsSection product={product} />
      <BuyBar purchase={purchase} shown={shown} />
    </article>
  );
}
