/** /seller/statement (placeholder until the page is built). */
export function SellerStatementPage() {
  return <h1>SellerStatementPage</h1>;
}
