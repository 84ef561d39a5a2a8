import { useQueries } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { variantUrl } from '#shared/images.ts';
import type { Product, Variant } from '#shared/schemas/product.ts';
import { variantLabel } from '#shared/variants.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { DiscountedPrice } from '#web/components/discounted-price.tsx';
import { Loader } from '#web/components/loader.tsx';
import { NO_IMAGE } from '#web/components/product-card.tsx';
import { productQueryOptions, useShelfPrice, type ShelfPrice } from '#web/features/catalog/index.ts';
import { useCart } from '#web/lib/cart/cart-context.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { useSetSaved, useWishlist } from '#web/lib/wishlist/use-wishlist.ts';
import { MoveToCartDialog } from '../components/move-to-cart-dialog.tsx';
import { canMove, cartLineFor, needsChoice } from '../lib/move-to-cart.ts';
import '../wishlist.css';
import { PageHead } from '#web/components/page-head.tsx';
import { useUniqueId } from '#web/lib/use-unique-id.ts';

/** What the last "Move to cart" did, for the notice at the top. */
type Moved = { name: string; option: string; error?: unknown };

/**
 * '/wishlist' (docs/product/catalog.md#wishlist): the saved products, newest first, each with Move to cart
 * and Remove. A guest sees this browser's list and is asked to sign in to keep it; signed in, the
 * account's list (the guest list having been merged into it at sign-in).
 */
export function WishlistPage() {
  const t = useT();
  const { signedIn, ids, account } = useWishlist();
  // A guest's list is ids only: each product is read like the product page reads it (cached alike).
  const guestProducts = useQueries({
    queries: (signedIn ? [] : ids).map((id) => ({ ...productQueryOptions(id), retry: false })),
  });

  const products: Product[] = signedIn
    ? (account.data?.products ?? [])
    : guestProducts.flatMap((q) => (q.data ? [q.data] : []));
  const loading = signedIn ? account.isPending : guestProducts.some((q) => q.isPending);
  // Kept here, so the notice stays when the last item leaves the list.
  const [moved, setMoved] = useState<Moved | null>(null);

  return (
    <section className="haat-wishlist-page">
      <PageHead title={t('wishlist.title')} />
      <h1 className="h3 mb-3">
        {t('wishlist.heading')}
        {products.length > 0 ? (
          <span className="text-body-secondary fs-6 fw-normal ms-2">
            {t('wishlist.count', { count: products.length, n: String(products.length) })}
          </span>
        ) : null}
      </h1>
      {signedIn ? null : (
        <Message variant="info">
          {t.rich('wishlist.guest', {
            link: (chunks) => <Link to="/login?redirect=/wishlist">{chunks}</Link>,
          })}
        </Message>
      )}
      {signedIn && account.isError ? <ErrorAlert error={account.error} /> : null}
      {moved ? <MovedNotice moved={moved} /> : null}
      {loading ? (
        <Loader label={t('wishlist.loading')} />
      ) : products.length === 0 ? (
        signedIn && account.isError ? null : (
          <EmptyWishlist />
        )
      ) : (
        <WishlistItems products={products} onMoved={setMoved} />
      )}
    </section>
  );
}

function EmptyWishlist() {
  const t = useT();
  return (
    <div className="text-center py-5 haat-wishlist-empty">
      <p className="h5">{t('wishlist.empty')}</p>
      <p className="text-body-secondary">{t('wishlist.emptyHint')}</p>
      <Link to="/" className="btn btn-primary">
        {t('wishlist.startShopping')}
      </Link>
    </div>
  );
}

function MovedNotice({ moved }: { moved: Moved }) {
  const t = useT();
  const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;
  return (
    <>
      <Message variant="success" className="d-flex flex-wrap align-items-center gap-2">
        <span>
          {moved.option
            ? t.rich('wishlist.addedOption', { name: moved.name, option: moved.option, b: strong })
            : t.rich('wishlist.added', { name: moved.name, b: strong })}
        </span>
        <Link to="/cart" className="btn btn-sm btn-success ms-sm-auto">
          {t('wishlist.viewCart')}
        </Link>
      </Message>
      {moved.error ? <ErrorAlert error={moved.error} /> : null}
    </>
  );
}

function WishlistItems({
  products,
  onMoved: setMoved,
}: {
  products: readonly Product[];
  onMoved: (moved: Moved) => void;
}) {
  const t = useT();
  const cart = useCart();
  const remove = useSetSaved();
  const [choosing, setChoosing] = useState<Product | null>(null);
  const [removeFailed, setRemoveFailed] = useState<unknown>(null);
  const priceOf = useShelfPrice(products.map((p) => p._id));

  const move = (product: Product, variant: Variant) => {
    setChoosing(null);
    cart.add(cartLineFor(product, variant, cart.items));
    const option = variantLabel(variant);
    remove.mutate(
      { productId: product._id, saved: false },
      { onError: (error) => setMoved({ name: product.name, option, error }) },
    );
    setMoved({ name: product.name, option });
  };

  const startMove = (product: Product) => {
    if (needsChoice(product)) return setChoosing(product);
    const only = product.variants[0];
    if (only) move(product, only);
  };

  return (
    <>
      <ErrorAlert error={removeFailed} />
      <ul className="list-unstyled haat-wishlist-list" aria-label={t('wishlist.saved')}>
        {products.map((product) => (
          <WishlistItem
            key={product._id}
            product={product}
            price={priceOf(product)}
            onMove={() => startMove(product)}
            onRemove={() => {
              setRemoveFailed(null);
              remove.mutate({ productId: product._id, saved: false }, { onError: setRemoveFailed });
            }}
            removing={remove.isPending && remove.variables.productId === product._id}
          />
        ))}
      </ul>
      {choosing ? (
        <MoveToCartDialog
          product={choosing}
          onMove={(variant) => move(choosing, variant)}
          onCancel={() => setChoosing(null)}
        />
      ) : null}
    </>
  );
}

function WishlistItem({
  product,
  price,
  onMove,
  onRemove,
  removing,
}: {
  product: Product;
  price: ShelfPrice;
  onMove: () => void;
  onRemove: () => void;
  removing: boolean;
}) {
  const t = useT();
  const nameId = useUniqueId();
  const available = canMove(product);
  const first = product.image[0];
  const href = `/product/${product._id}`;

  return (
    <li className="card haat-wishlist-item" aria-labelledby={nameId}>
      <div className="card-body d-flex gap-3">
        <Link to={href} className="flex-shrink-0" tabIndex={-1} aria-hidden="true">
          <img
            src={first ? variantUrl(first, 'thumbnail') : NO_IMAGE}
            alt=""
            width={96}
            height={96}
            className="haat-wishlist-thumb rounded"
          />
        </Link>
        <div className="flex-grow-1 min-w-0 d-flex flex-column flex-md-row gap-2 gap-md-3">
          <div className="flex-grow-1 min-w-0">
            {product.brand ? (
              <p className="small text-body-secondary mb-0 text-truncate">{product.brand}</p>
            ) : null}
            <h2 className="h6 mb-1" id={nameId}>
              <Link to={href} className="text-reset">
                {product.name}
              </Link>
            </h2>
            <DiscountedPrice
              price={price.price}
              finalPrice={price.finalPrice}
              percentOff={price.percentOff}
            />
            {available ? null : (
              <p className="small text-danger fw-semibold mb-0 mt-1">{t('wishlist.outOfStock')}</p>
            )}
          </div>
          <div className="d-flex gap-2 align-items-start flex-shrink-0 haat-wishlist-actions">
            <button
              type="button"
              className="btn btn-primary btn-sm"
              onClick={onMove}
              disabled={!available}
              aria-describedby={nameId}
            >
              {t('wishlist.move')}
            </button>
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm"
              onClick={onRemove}
              disabled={removing}
              aria-describedby={nameId}
            >
              {t('wishlist.remove')}
            </button>
          </div>
        </div>
      </div>
    </li>
  );
}
