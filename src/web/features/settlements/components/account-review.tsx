import { useRef, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { formatDate } from '#web/lib/format.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { usePayoutAccounts, useVerifyAccount, type PayoutAccountRow } from '../api/payouts.ts';
import { ReasonDialog } from './payout-batch-dialogs.tsx';
import { methodLabels } from './payout-batch-words.ts';
import { useUniqueId } from '#web/lib/use-unique-id.ts';

const hidden = (chunks: ReactNode[]) => <span className="visually-hidden">{chunks}</span>;

const ledgerPath = (sellerId: string) => `/admin/sellers/${encodeURIComponent(sellerId)}/ledger`;

/** The account number (masked) and IFSC, or the UPI id. */
function Destination({ a }: { a: PayoutAccountRow }) {
  return a.method === 'upi' ? (
    <span className="text-break">{a.vpa}</span>
  ) : (
    <>
      <span className="font-monospace text-break">{a.accountNumber}</span>
      <span className="text-body-secondary"> · </span>
      <span className="font-monospace">{a.ifsc}</span>
    </>
  );
}

/**
 * Payout accounts awaiting verification (docs/product/settlements.md): the Admin checks the holder, the
 * account or UPI id and the PAN against the seller's documents, then verifies the account (its seller can
 * be paid from the next batch) or rejects it with a reason the seller sees.
 */
export function AccountReview() {
  const t = useT();
  const locale = t.language.intl;
  const methods = methodLabels(t);
  const id = useUniqueId();
  const heading = useRef<HTMLHeadingElement>(null);
  const accounts = usePayoutAccounts('unverified');
  const verify = useVerifyAccount();
  const [rejecting, setRejecting] = useState<PayoutAccountRow | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const onVerify = (a: PayoutAccountRow) => {
    setDone(null);
    verify.mutate(
      { sellerId: a.sellerId, approve: true, reason: '', updatedAt: a.updatedAt },
      {
        onSuccess: () => {
          setDone(t('settlements.review.verified', { seller: a.sellerName }));
          // The row (and its button) is gone: keep focus in this section.
          heading.current?.focus();
        },
      },
    );
  };
  const closeReject = () => {
    setRejecting(null);
    verify.reset();
  };
  const busy = verify.isPending;

  const actions = (a: PayoutAccountRow) => (
    <div className="d-flex flex-wrap gap-2">
      <Button size="sm" variant="success" disabled={busy} onClick={() => onVerify(a)}>
        {t.rich('settlements.review.verify', { seller: a.sellerName, hidden })}
      </Button>
      <Button
        size="sm"
        variant="outline-danger"
        disabled={busy}
        onClick={() => {
          setDone(null);
          verify.reset();
          setRejecting(a);
        }}
      >
        {t.rich('settlements.review.reject', { seller: a.sellerName, hidden })}
      </Button>
    </div>
  );

  return (
    <section aria-labelledby={`${id}-h`} className="mb-4">
      <h2 id={`${id}-h`} ref={heading} tabIndex={-1} className="h4">
        {t('settlements.review.heading')}
      </h2>
      <p className="small text-body-secondary">{t('settlements.review.intro')}</p>
      {done ? <Message variant="success">{done}</Message> : null}
      {!rejecting ? <ErrorAlert error={verify.error} /> : null}
      {accounts.isPending ? (
        <Loader label={t('settlements.review.loading')} />
      ) : accounts.error ? (
        <ErrorAlert error={accounts.error} />
      ) : accounts.data.accounts.length === 0 ? (
        <p className="text-body-secondary">{t('settlements.review.none')}</p>
      ) : (
        <>
          <ul className="list-unstyled d-md-none" aria-label={t('settlements.review.heading')}>
            {accounts.data.accounts.map((a) => (
              <li key={a.sellerId} className="card mb-2">
                <div className="card-body p-3 small">
                  <Link to={ledgerPath(a.sellerId)} className="fw-semibold">
                    {a.sellerName}
                  </Link>
                  <div>
                    {t('settlements.review.methodOf', { method: methods[a.method], holder: a.accountHolder })}
                  </div>
                  <div>
                    <Destination a={a} />
                  </div>
                  <div>
                    {t('settlements.account.pan')}{' '}
                    {a.pan ?? (
                      <span className="text-body-secondary">{t('settlements.review.panNotGiven')}</span>
                    )}
                  </div>
                  <div className="text-body-secondary mb-2">
                    {t('settlements.review.savedOn', { date: formatDate(a.updatedAt, locale) })}
                  </div>
                  {actions(a)}
                </div>
              </li>
            ))}
          </ul>
          <div className="table-responsive d-none d-md-block">
            <Table size="sm" striped className="align-middle">
              <caption className="visually-hidden">{t('settlements.review.heading')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('settlements.batch.seller')}</th>
                  <th scope="col">{t('settlements.review.method')}</th>
                  <th scope="col">{t('settlements.review.holder')}</th>
                  <th scope="col">{t('settlements.review.destination')}</th>
                  <th scope="col">{t('settlements.account.pan')}</th>
                  <th scope="col">{t('settlements.review.saved')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('settlements.batch.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {accounts.data.accounts.map((a) => (
                  <tr key={a.sellerId}>
                    <td>
                      <Link to={ledgerPath(a.sellerId)}>{a.sellerName}</Link>
                    </td>
                    <td>{methods[a.method]}</td>
                    <td className="text-break">{a.accountHolder}</td>
                    <td className="small">
                      <Destination a={a} />
                    </td>
                    <td className="font-monospace small">
                      {a.pan ?? (
                        <span className="text-body-secondary font-sans-serif">
                          {t('settlements.review.notGiven')}
                        </span>
                      )}
                    </td>
                    <td className="text-nowrap small">{formatDate(a.updatedAt, locale)}</td>
                    <td>{actions(a)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        </>
      )}
      {rejecting ? (
        <ReasonDialog
          title={t('settlements.review.rejectTitle', { seller: rejecting.sellerName })}
          intro={t('settlements.review.rejectIntro')}
          confirmLabel={t('settlements.account.reject')}
          pending={verify.isPending}
          error={verify.error}
          fallbackFocus={heading}
          onClose={closeReject}
          onConfirm={(reason) =>
            verify.mutate(
              { sellerId: rejecting.sellerId, approve: false, reason, updatedAt: rejecting.updatedAt },
              {
                onSuccess: () => {
                  setDone(t('settlements.review.rejected', { seller: rejecting.sellerName }));
                  closeReject();
                },
              },
            )
          }
        />
      ) : null}
    </section>
  );
}
