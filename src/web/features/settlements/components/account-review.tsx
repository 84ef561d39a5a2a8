import { useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { formatDate } from '#web/lib/format.ts';
import { usePayoutAccounts, useVerifyAccount, type PayoutAccountRow } from '../api/payouts.ts';
import { ReasonDialog } from './payout-batch-dialogs.tsx';
import { METHOD_LABELS } from './payout-batch-words.ts';

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
  const id = useId();
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
          setDone(`${a.sellerName}’s payout account is verified.`);
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
        Verify<span className="visually-hidden"> {a.sellerName}’s account</span>
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
        Reject<span className="visually-hidden"> {a.sellerName}’s account</span>
      </Button>
    </div>
  );

  return (
    <section aria-labelledby={`${id}-h`} className="mb-4">
      <h2 id={`${id}-h`} ref={heading} tabIndex={-1} className="h4">
        Accounts awaiting verification
      </h2>
      <p className="small text-body-secondary">
        A seller is paid only into a verified account. Check the holder, the account and the PAN against the
        seller’s documents; a seller who changes the account needs verifying again.
      </p>
      {done ? <Message variant="success">{done}</Message> : null}
      {!rejecting ? <ErrorAlert error={verify.error} /> : null}
      {accounts.isPending ? (
        <Loader label="Loading payout accounts…" />
      ) : accounts.error ? (
        <ErrorAlert error={accounts.error} />
      ) : accounts.data.accounts.length === 0 ? (
        <p className="text-body-secondary">No payout account is waiting to be verified.</p>
      ) : (
        <>
          <ul className="list-unstyled d-md-none" aria-label="Accounts awaiting verification">
            {accounts.data.accounts.map((a) => (
              <li key={a.sellerId} className="card mb-2">
                <div className="card-body p-3 small">
                  <Link to={ledgerPath(a.sellerId)} className="fw-semibold">
                    {a.sellerName}
                  </Link>
                  <div>
                    {METHOD_LABELS[a.method]} of {a.accountHolder}
                  </div>
                  <div>
                    <Destination a={a} />
                  </div>
                  <div>PAN {a.pan ?? <span className="text-body-secondary">not given</span>}</div>
                  <div className="text-body-secondary mb-2">Saved {formatDate(a.updatedAt)}</div>
                  {actions(a)}
                </div>
              </li>
            ))}
          </ul>
          <div className="table-responsive d-none d-md-block">
            <Table size="sm" striped className="align-middle">
              <caption className="visually-hidden">Accounts awaiting verification</caption>
              <thead>
                <tr>
                  <th scope="col">Seller</th>
                  <th scope="col">Method</th>
                  <th scope="col">Holder</th>
                  <th scope="col">Account · IFSC or UPI id</th>
                  <th scope="col">PAN</th>
                  <th scope="col">Saved</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {accounts.data.accounts.map((a) => (
                  <tr key={a.sellerId}>
                    <td>
                      <Link to={ledgerPath(a.sellerId)}>{a.sellerName}</Link>
                    </td>
                    <td>{METHOD_LABELS[a.method]}</td>
                    <td className="text-break">{a.accountHolder}</td>
                    <td className="small">
                      <Destination a={a} />
                    </td>
                    <td className="font-monospace small">
                      {a.pan ?? <span className="text-body-secondary font-sans-serif">Not given</span>}
                    </td>
                    <td className="text-nowrap small">{formatDate(a.updatedAt)}</td>
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
          title={`Reject ${rejecting.sellerName}’s payout account?`}
          intro="The seller sees your reason on its statement page and can save a corrected account."
          confirmLabel="Reject account"
          pending={verify.isPending}
          error={verify.error}
          fallbackFocus={heading}
          onClose={closeReject}
          onConfirm={(reason) =>
            verify.mutate(
              { sellerId: rejecting.sellerId, approve: false, reason, updatedAt: rejecting.updatedAt },
              {
                onSuccess: () => {
                  setDone(`${rejecting.sellerName}’s payout account is rejected.`);
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
