import type { SellerBalance } from '#shared/schemas/settlements.ts';
import { BUCKET_LABELS, payableWords, rupees } from '../lib/labels.ts';

type Card = { key: keyof SellerBalance; label: string; hint: string };

const CARDS: readonly Card[] = [
  { key: 'pending', label: BUCKET_LABELS.pending, hint: 'Shipped, not delivered yet' },
  { key: 'onHold', label: BUCKET_LABELS.on_hold, hint: 'Delivered, return window still open' },
  { key: 'payable', label: BUCKET_LABELS.payable, hint: 'Goes out in the next weekly payout' },
  { key: 'inPayout', label: BUCKET_LABELS.in_payout, hint: 'In a payout not yet settled' },
  { key: 'paid', label: BUCKET_LABELS.paid, hint: 'Reached your account' },
];

/**
 * A seller's money by where it stands (docs/product/settlements.md): pending delivery, on hold in the
 * return window, payable, in payout and paid, in rupees. A negative payable amount is carried forward to
 * the next cycle and says so in words. `audience` words the line on when money becomes payable.
 */
export function BalanceCards({
  balance,
  audience = 'seller',
  headingId,
}: {
  balance: SellerBalance;
  /** Who reads it: the seller ('your account') or an Admin ('the seller's'); null leaves the line out. */
  audience?: 'seller' | 'admin' | null;
  headingId?: string;
}) {
  const whose = audience === 'admin' ? 'the seller’s' : 'your';
  const carried = payableWords(balance.payable, audience === 'admin');
  return (
    <section aria-labelledby={headingId} aria-label={headingId ? undefined : 'Balance'} className="mb-4">
      <ul className="list-unstyled row row-cols-2 row-cols-md-3 row-cols-xl-5 g-2 mb-2">
        {CARDS.map((c) => {
          const value = balance[c.key];
          const negative = value < 0;
          return (
            <li key={c.key} className="col" data-bucket={c.key}>
              <div className={`card h-100 ${c.key === 'payable' ? 'border-primary' : ''}`}>
                <div className="card-body p-2 p-sm-3">
                  <p className="small fw-semibold mb-1">{c.label}</p>
                  <p className={`fs-5 fw-semibold mb-1 ${negative ? 'text-danger-emphasis' : ''}`}>
                    {negative ? `−${rupees(-value)}` : rupees(value)}
                  </p>
                  <p className="small text-body-secondary mb-0">
                    {c.key === 'payable' && negative ? 'Carried forward' : c.hint}
                  </p>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      {carried ? (
        <p className="small text-danger-emphasis mb-1" data-testid="carried-forward">
          {carried}
        </p>
      ) : null}
      {audience ? (
        <p className="small text-body-secondary mb-0">
          Money from a delivered order becomes payable 7 days after delivery when no return of it is open.
          Payable money is paid every week to {whose} verified payout account. Haat keeps TCS and TDS from
          each sale and deposits them with the government in {audience === 'admin' ? 'the seller’s' : 'your'}{' '}
          name.
        </p>
      ) : null}
    </section>
  );
}
