/** /admin/payouts (placeholder until the page is built). */
export function AdminPayoutsPage() {
  return <h1>AdminPayoutsPage</h1>;
}
