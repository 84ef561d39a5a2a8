import { Link, useParams } from 'react-router';
import { useSellerProducts } from '../api/get-seller-products.ts';
import { ProductTable } from '../components/product-table.tsx';
import { isSeller } from '#shared/permissions.ts';
import { BULK_UPLOAD_PATH } from '#web/features/product-imports/index.ts';
import { actorOf, useSignedInUser } from '#web/lib/session.ts';
import { PageHead } from '#web/components/page-head.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';

const pageOf = (value: string | undefined) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

function MyProducts({ userId, seller }: { userId: string; seller: boolean }) {
  const t = useT();
  const page = pageOf(useParams().pageNumber);
  const query = useSellerProducts(userId, page);
  return (
    <section>
      <PageHead title={t('sellerProducts.list.pageTitle')} />
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">{t('sellerProducts.list.heading')}</h1>
        <div className="d-flex flex-wrap gap-2">
          {seller && (
            <Link to={BULK_UPLOAD_PATH} className="btn btn-outline-primary">
              {t('sellerProducts.list.bulkUpload')}
            </Link>
          )}
          <Link to="/seller/product/create" className="btn btn-primary">
            {t('sellerProducts.list.create')}
          </Link>
        </div>
      </div>
      <ProductTable
        query={query}
        page={page}
        hrefFor={(n) => (n === 1 ? '/seller/productlist' : `/seller/productlist/${String(n)}`)}
        empty={
          <>
            {t.rich('sellerProducts.list.empty', {
              link: (chunks) => <Link to="/seller/product/create">{chunks}</Link>,
            })}
          </>
        }
      />
    </section>
  );
}

/** /seller/productlist(/:pageNumber): the signed-in seller's (or Admin's) own products (docs/product/screens.md). */
export function SellerProductListPage() {
  const user = useSignedInUser();
  return <MyProducts userId={user._id} seller={isSeller(actorOf(user))} />;
}
