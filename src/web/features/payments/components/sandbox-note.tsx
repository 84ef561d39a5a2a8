/** Says on the page, before paying, that no real payment will be made. */
export function SandboxNote({ provider }: { provider: 'RazorPay' | 'PayPal' }) {
  return (
    <p className="small mb-0 text-body-secondary">
      <span className="badge text-bg-warning me-1">SANDBOX</span>
      {provider} is played by Haat&apos;s built-in sandbox: no real money moves.
    </p>
  );
}
