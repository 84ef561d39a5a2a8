/** /admin/settlements (placeholder until the page is built). */
export function AdminSettlementsPage() {
  return <h1>AdminSettlementsPage</h1>;
}
