/** /admin/gst (Admin): GST rates, the operator's tax settings, every seller's documents and the exports. */
export function AdminGstPage() {
  return <h1 className="h3 mb-4">GST</h1>;
}
