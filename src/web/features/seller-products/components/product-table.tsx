import { useState, type ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { Link, useLocation } from 'react-router';
import { variantUrl } from '#shared/images.ts';
import type { Product, ProductList } from '#shared/schemas/product.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { Price } from '#web/components/price.tsx';
import { useToggleProduct } from '../api/toggle-product.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { VariantStock } from './variant-stock.tsx';
import { lastPageFor } from '#web/components/paginate.ts';
import { Pagination, PastLastPage } from '#web/components/pagination.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';

// The confirmation prompts (sellerProducts.table.togglePrompt, .deletePrompt) are docs/product/messages.md's, word for word.

type Pending = { product: Product; action: 'toggle' | 'delete' } | null;

const categoryLabel = (p: Product) =>
  [
    p.category.subCategory,
    p.category.levelThreeCategory,
    p.category.levelFourCategory,
    p.category.levelFiveCategory,
  ]
    .filter(Boolean)
    .join(' › ');

/**
 * The product table of My Products and of the admin list (docs/product/screens.md "Product tables"): status, edit,
 * activate/deactivate after a prompt, and (Admin) delete after 'Are you sure?'; pagination.
 */
export function ProductTable({
  query,
  page,
  hrefFor,
  empty,
  onDelete,
  deleting = false,
  deleteError,
  showSeller = false,
}: {
  query: { data: ProductList | undefined; isPending: boolean; error: unknown; isPlaceholderData?: boolean };
  page: number;
  hrefFor: (page: number) => string;
  empty: ReactNode;
  /** Admin only: delete a product; resolves when done. */
  onDelete?: (product: Product) => Promise<unknown>;
  deleting?: boolean;
  deleteError?: unknown;
  /** Admin: show whose product it is. */
  showSeller?: boolean;
}) {
  const t = useT();
  const { pathname } = useLocation();
  const toggle = useToggleProduct();
  const [pending, setPending] = useState<Pending>(null);
  const close = () => setPending(null);

  if (query.isPending) return <Loader label={t('sellerProducts.table.loading')} />;
  if (query.error) return <ErrorAlert error={query.error} />;
  const list = query.data;
  if (list && lastPageFor(page, list.pages) !== null) {
    return <PastLastPage page={page} pages={list.pages} hrefFor={hrefFor} />;
  }
  if (!list || list.products.length === 0) return <Message variant="info">{empty}</Message>;

  const confirm = async () => {
    if (!pending) return;
    try {
      if (pending.action === 'toggle') await toggle.mutateAsync(pending.product._id);
      else await onDelete?.(pending.product);
    } finally {
      close();
    }
  };

  const actions = (p: Product) => (
    <div className="d-inline-flex flex-nowrap justify-content-end gap-1">
      <Link
        to={`/product/${p._id}/edit`}
        state={{ from: pathname }}
        className="btn btn-sm btn-outline-primary"
      >
        {t('sellerProducts.table.edit')}
        <span className="visually-hidden"> {p.name}</span>
      </Link>
      <Button
        size="sm"
        variant={p.status ? 'outline-secondary' : 'outline-success'}
        onClick={() => setPending({ product: p, action: 'toggle' })}
      >
        {p.status ? t('sellerProducts.table.deactivate') : t('sellerProducts.table.activate')}
        <span className="visually-hidden"> {p.name}</span>
      </Button>
      {onDelete ? (
        <Button
          size="sm"
          variant="outline-danger"
          onClick={() => setPending({ product: p, action: 'delete' })}
        >
          {t('sellerProducts.table.delete')}
          <span className="visually-hidden"> {p.name}</span>
        </Button>
      ) : null}
    </div>
  );
  const status = (p: Product) =>
    p.status ? (
      <Badge bg="success">{t('sellerProducts.table.active')}</Badge>
    ) : (
      <Badge bg="secondary">{t('sellerProducts.table.inactive')}</Badge>
    );
  const thumb = (p: Product, size: number) =>
    p.image[0] ? (
      <img
        src={variantUrl(p.image[0], 'thumbnail')}
        alt=""
        width={size}
        height={size}
        className="rounded object-fit-cover flex-shrink-0"
      />
    ) : (
      <span
        className="d-inline-block rounded bg-body-secondary flex-shrink-0"
        style={{ width: size, height: size }}
      />
    );
  const seller = (p: Product) => p.shop?.shopName ?? p.user.name;

  return (
    <>
      <ErrorAlert error={toggle.error} />
      <ErrorAlert error={deleteError} />

      {/* Phones: one card per product, the actions under it. */}
      <ul className="list-unstyled d-md-none mb-3" aria-busy={query.isPlaceholderData ? true : undefined}>
        {list.products.map((p) => (
          <li key={p._id} className="card border-0 shadow-sm mb-2">
            <div className="card-body p-3">
              <div className="d-flex gap-3">
                {thumb(p, 56)}
                <div className="flex-grow-1" style={{ minWidth: 0 }}>
                  <Link
                    to={`/product/${p._id}`}
                    className="fw-semibold text-decoration-none d-block text-break"
                  >
                    {p.name}
                  </Link>
                  <div className="small text-body-secondary">{showSeller ? seller(p) : p.brand}</div>
                  <div className="d-flex flex-wrap align-items-center gap-2 mt-1">
                    <Price amount={p.price} className="fw-semibold" />
                    {status(p)}
                  </div>
                  <VariantStock product={p} className="small mt-1" />
                </div>
              </div>
              <div className="d-flex justify-content-end mt-2">{actions(p)}</div>
            </div>
          </li>
        ))}
      </ul>

      {/* Wider screens: the table. */}
      <div className="table-responsive d-none d-md-block">
        <table className="table table-hover align-middle bg-white shadow-sm rounded haat-product-table">
          <thead className="table-light">
            <tr>
              <th scope="col">
                <span className="visually-hidden">{t('sellerProducts.table.image')}</span>
              </th>
              <th scope="col">{t('sellerProducts.table.name')}</th>
              {showSeller ? <th scope="col">{t('sellerProducts.table.seller')}</th> : null}
              <th scope="col" className="text-end">
                {t('sellerProducts.table.price')}
              </th>
              <th scope="col">{t('sellerProducts.table.stock')}</th>
              <th scope="col" className="d-none d-xl-table-cell">
                {t('sellerProducts.table.category')}
              </th>
              <th scope="col">{t('sellerProducts.table.status')}</th>
              <th scope="col" className="text-end">
                {t('sellerProducts.table.actions')}
              </th>
            </tr>
          </thead>
          <tbody aria-busy={query.isPlaceholderData ? true : undefined}>
            {list.products.map((p) => (
              <tr key={p._id}>
                <td style={{ width: 64 }}>{thumb(p, 48)}</td>
                <th scope="row" className="fw-normal">
                  <Link to={`/product/${p._id}`} className="fw-semibold text-decoration-none">
                    {p.name}
                  </Link>
                  <div className="small text-body-secondary">{p.brand}</div>
                </th>
                {showSeller ? <td className="small">{seller(p)}</td> : null}
                <td className="text-end text-nowrap">
                  <Price amount={p.price} />
                </td>
                <td>
                  <VariantStock product={p} />
                </td>
                <td className="d-none d-xl-table-cell small">{categoryLabel(p)}</td>
                <td>{status(p)}</td>
                <td className="text-end text-nowrap">{actions(p)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination
        page={page}
        pages={list.pages}
        hrefFor={hrefFor}
        label={t('sellerProducts.table.pagination')}
      />
      <ConfirmDialog
        show={pending !== null}
        title={
          pending?.action === 'delete'
            ? t('sellerProducts.table.deleteTitle', { name: pending.product.name })
            : pending?.product.status
              ? t('sellerProducts.table.deactivateTitle', { name: pending.product.name })
              : t('sellerProducts.table.activateTitle', { name: pending?.product.name ?? '' })
        }
        message={
          pending?.action === 'delete'
            ? t('sellerProducts.table.deletePrompt')
            : t('sellerProducts.table.togglePrompt')
        }
        confirmLabel={
          pending?.action === 'delete'
            ? t('sellerProducts.table.delete')
            : pending?.product.status
              ? t('sellerProducts.table.deactivate')
              : t('sellerProducts.table.activate')
        }

        variant={pending?.action === 'delete' ? 'danger' : 'primary'}
        pending={toggle.isPending || deleting}
        onConfirm={() => void confirm()}
        onCancel={close}
      />
    </>
  );
}
