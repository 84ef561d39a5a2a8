import { useParams } from 'react-router';

/** Home (and /page/:pageNumber). The storefront issue replaces this with the banner and product grid. */
export function HomePage() {
  const { pageNumber } = useParams();
  return (
    <section>
      <title>Haat · Online marketplace</title>
      <div className="haat-hero rounded-3 p-4 p-md-5 mb-4">
        <p className="text-uppercase small fw-semibold mb-1">Welcome to Haat</p>
        <p className="h3 mb-0">Clothing and more from independent sellers across India.</p>
      </div>
      <h1 className="h3">Latest Products</h1>
      <p className="text-body-secondary">
        Coming soon: the latest products{pageNumber ? ` (page ${pageNumber})` : ''} will be listed here.
      </p>
    </section>
  );
}
