import { Link } from 'react-router';
import { ProductForm } from '../components/product-form.tsx';
import { PageHead } from '#web/components/page-head.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';

/** /seller/product/create (docs/product/screens.md, docs/product/orders-and-checkout.md#checkout-flow). */
export function CreateProductPage() {
  const t = useT();
  return (
    <section>
      <PageHead title={t('sellerProducts.create.pageTitle')} />
      <Link to="/seller/productlist" className="btn btn-link px-0 mb-2">
        {t('sellerProducts.goBack')}
      </Link>
      <h1 id="product-form-heading" className="h3 mb-4">
        {t('sellerProducts.create.heading')}
      </h1>

      <ProductForm product={null} discount={null} doneTo="/seller/productlist" />
    </section>
  );
}
