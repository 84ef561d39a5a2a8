import { Link } from 'react-router';
import { canManageProducts } from '#shared/permissions.ts';
import { ProductForm } from '../components/product-form.tsx';
import { RequirePermission } from '../components/require-permission.tsx';

/** /seller/product/create (SPEC §2, §4). */
export function CreateProductPage() {
  return (
    <RequirePermission allowed={canManageProducts} title="Create Product">
      {() => (
        <section>
          <title>Create Product · Haat</title>
          <Link to="/seller/productlist" className="btn btn-link px-0 mb-2">
            ‹ Go Back
          </Link>
          <h1 id="product-form-heading" className="h3 mb-4">
            Create Product
          </h1>
          <ProductForm product={null} discount={null} doneTo="/seller/productlist" />
        </section>
      )}
    </RequirePermission>
  );
}
