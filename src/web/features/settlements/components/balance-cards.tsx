import type { SellerBalance } from '#shared/schemas/settlements.ts';
import { useT, type Translate } from '#web/lib/i18n/i18n.tsx';
import { bucketLabels, payableWords, rupees } from '../lib/labels.ts';

type Card = { key: keyof SellerBalance; label: string; hint: string };

function cards(t: Translate): readonly Card[] {
  const labels = bucketLabels(t);
  return [
    { key: 'pending', label: labels.pending, hint: t('settlements.balance.hint.pending') },
    { key: 'onHold', label: labels.on_hold, hint: t('settlements.balance.hint.onHold') },
    { key: 'payable', label: labels.payable, hint: t('settlements.balance.hint.payable') },
    { key: 'inPayout', label: labels.in_payout, hint: t('settlements.balance.hint.inPayout') },
    { key: 'paid', label: labels.paid, hint: t('settlements.balance.hint.paid') },
  ];
}

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
  const t = useT();
  const carried = payableWords(t, balance.payable, audience === 'admin');
  return (
    <section
      aria-labelledby={headingId}
      aria-label={headingId ? undefined : t('settlements.balance.label')}
      className="mb-4"
    >
      <ul className="list-unstyled row row-cols-2 row-cols-md-3 row-cols-xl-5 g-2 mb-2">
        {cards(t).map((c) => {
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
                    {c.key === 'payable' && negative ? t('settlements.balance.carried') : c.hint}
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
          {audience === 'admin' ? t('settlements.balance.rulesAdmin') : t('settlements.balance.rulesSeller')}
        </p>
      ) : null}
    </section>
  );
}
