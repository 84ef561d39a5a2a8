type Address = { address: string; city: string; state: string; postalCode: string; country: string };

/** An address on one line, as docs/product/screens.md lists it: address, city, state, postal code, country. */
export function formatAddress(a: Address): string {
  return [a.address, a.city, a.state, a.postalCode, a.country]
    .filter((part) => part.trim() !== '')
    .join(', ');
}

export function AddressText({ address, name }: { address: Address; name?: string | undefined }) {
  return (
    <span>
      {name ? <span className="fw-medium">{name}, </span> : null}
      {formatAddress(address)}
    </span>
  );
}
