/** /admin/sellers/:id/ledger (placeholder until the page is built). */
export function AdminSellerLedgerPage() {
  return <h1>AdminSellerLedgerPage</h1>;
}
