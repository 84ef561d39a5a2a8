import { Link, useLocation, useParams } from 'react-router';
import { canEditProduct, isAdmin, type Actor } from '#shared/permissions.ts';
import type { Product } from '#shared/schemas/product.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { safeRedirect } from '#web/lib/redirect.ts';
import { useProductDiscount } from '../api/get-product-discount.ts';
import { useProductForEdit } from '../api/get-product.ts';
import { ProductForm } from '../components/product-form.tsx';
import { actorOf, useSignedInUser } from '#web/lib/session.ts';
import { PageHead } from '#web/components/page-head.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';

type EditState = { from?: string; notice?: string } | null;

/** The product's discount, then the form. */
function EditForm({
  product,
  doneTo,
  notice,
}: {
  product: Product;
  doneTo: string;
  notice: string | undefined;
}) {
  const t = useT();
  const discount = useProductDiscount(product._id);
  if (discount.isPending) return <Loader label={t('sellerProducts.edit.loading')} />;
  if (discount.error) return <ErrorAlert error={discount.error} />;
  return (
    <ProductForm
      key={product._id}
      product={product}
      discount={discount.data}
      doneTo={doneTo}
      notice={notice}
    />
  );
}

function EditProduct({ id, actor }: { id: string; actor: Actor }) {
  const t = useT();
  const state = useLocation().state as EditState;
  const doneTo = safeRedirect(
    state?.from,
    window.location.origin,
    isAdmin(actor) ? '/admin/productlist' : '/seller/productlist',
  );
  const product = useProductForEdit(id);
  return (
    <section>
      <PageHead title={t('sellerProducts.edit.pageTitle')} />
      <Link to={doneTo} className="btn btn-link px-0 mb-2">
        {t('sellerProducts.goBack')}
      </Link>
      <h1 id="product-form-heading" className="h3 mb-4">
        {t('sellerProducts.edit.heading')}
      </h1>
      {product.isPending ? (
        <Loader label={t('sellerProducts.edit.loading')} />
      ) : product.error ? (
        <ErrorAlert error={product.error} />
      ) : !canEditProduct(actor, product.data.user._id) ? (
        // The server refuses anyway (404): say why instead of letting the save fail.
        <Message variant="warning">{t('sellerProducts.edit.notOwn')}</Message>
      ) : (
        <EditForm product={product.data} doneTo={doneTo} notice={state?.notice} />
      )}
    </section>
  );
}

/** /product/:id/edit (docs/product/screens.md, docs/product/orders-and-checkout.md#checkout-flow): its seller or Admin; the server answers 404 to anybody else. */
export function EditProductPage() {
  const { id = '' } = useParams();
  const actor = actorOf(useSignedInUser());
  return <EditProduct id={id} actor={actor} />;
}
