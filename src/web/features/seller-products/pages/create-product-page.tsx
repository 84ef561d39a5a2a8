import { Link } from 'react-router';
import { ProductForm } from '../components/product-form.tsx';
import { PageHead } from '#web/components/page-head.tsx';

/** /seller/product/create (docs/product/screens.md, docs/product/orders-and-checkout.md#checkout-flow). */
export function CreateProductPage() {
  return (
    <section>
      <PageHead title="Create Product · Haat" />
      <Link to="/seller/productlist" className="btn btn-link px-0 mb-2">
        ‹ Go Back
      </Link>
      <h1 id="product-form-heading" className="h3 mb-4">
        Create Product
      </h1>
      <ProductForm product={null} discount={null} doneTo="/seller/productlist" />
    </section>
  );
}
