/** /admin/cod-cash (placeholder until the page is built). */
export function AdminCodCashPage() {
  return <h1>AdminCodCashPage</h1>;
}
