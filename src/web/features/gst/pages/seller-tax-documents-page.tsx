/** /seller/tax-documents (sellers): the shop's invoices, credit notes and commission invoices by month. */
export function SellerTaxDocumentsPage() {
  return <h1 className="h3 mb-4">Tax documents</h1>;
}
