import { useParams } from 'react-router';
import { ProductTable } from '#web/features/seller-products/index.ts';
import { useAdminProducts } from '../api/get-admin-products.ts';
import { useDeleteProduct } from '../api/delete-product.ts';
import { PageHead } from '#web/components/page-head.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';

const pageOf = (value: string | undefined) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

function AdminProducts() {
  const t = useT();
  const page = pageOf(useParams().pageNumber);
  const query = useAdminProducts(page);
  const remove = useDeleteProduct();
  return (
    <section>
      <PageHead title={t('adminCatalog.products.pageTitle')} />
      <h1 className="h3 mb-3">{t('adminCatalog.products.heading')}</h1>
      <p className="text-body-secondary small">{t('adminCatalog.products.intro')}</p>
      <ProductTable
        query={query}
        page={page}
        hrefFor={(n) => (n === 1 ? '/admin/productlist' : `/admin/productlist/${String(n)}`)}
        empty={t('adminCatalog.products.empty')}

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
