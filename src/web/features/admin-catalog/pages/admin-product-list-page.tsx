import { useParams } from 'react-router';
import { ProductTable } from '#web/features/seller-products/index.ts';
import { useAdminProducts } from '../api/get-admin-products.ts';
import { useDeleteProduct } from '../api/delete-product.ts';
import { PageHead } from '#web/components/page-head.tsx';

const pageOf = (value: string | undefined) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

function AdminProducts() {
  const page = pageOf(useParams().pageNumber);
  const query = useAdminProducts(page);
  const remove = useDeleteProduct();
  return (
    <section>
      <PageHead title="Products · Admin · Haat" />
      <h1 className="h3 mb-3">Products</h1>
      <p className="text-body-secondary small">Every seller's products, active and inactive, newest first.</p>
      <ProductTable
        query={query}
        page={page}
        hrefFor={(n) => (n === 1 ? '/admin/productlist' : `/admin/productlist/${String(n)}`)}
        empty="There are no products yet."
        onDelete={(p) => remove.mutateAsync(p._id)}
        showSeller
        deleting={remove.isPending}
        deleteError={remove.error}
      />
    </section>
  );
}

/** /admin/productlist(/:pageNumber) — Admin only (docs/product/roles-and-accounts.md, although SPEC's client did not check). */
export function AdminProductListPage() {
  return <AdminProducts />;
}
