import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { LEDGER_ENTRY_KINDS } from '#shared/ledger.ts';
import type { LedgerEntryWire } from '#shared/schemas/settlements.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import {
  amountClass,
  bucketLabels,
  entryDetail,
  formatIndiaDate,
  ledgerLabel,
  signedRupees,
} from '../lib/labels.ts';

function OrderLink({ e }: { e: LedgerEntryWire }) {
  if (!e.orderId || !e.orderNumber) return <span className="text-body-secondary">—</span>;
  return <Link to={`/order/${e.orderId}`}>{e.orderNumber}</Link>;
}

function DocumentLink({ e }: { e: LedgerEntryWire }) {
  if (!e.taxDocumentId || !e.taxDocumentNumber) return <span className="text-body-secondary">—</span>;
  return (
    <Link to={`/tax-documents/${e.taxDocumentId}`} className="text-nowrap">
      {e.taxDocumentNumber}
    </Link>
  );
}

function Description({ e }: { e: LedgerEntryWire }) {
  const t = useT();
  const detail = entryDetail(t, e);
  return (
    <>
      <span className="fw-semibold">{ledgerLabel(t, e)}</span>
      {detail ? <div className="small text-body-secondary">{detail}</div> : null}
    </>
  );
}

function Amount({ e }: { e: LedgerEntryWire }) {
  return <span className={`fw-semibold text-nowrap ${amountClass(e.amount)}`}>{signedRupees(e.amount)}</span>;
}

/**
 * Newest first as the server sends them; the entries one event wrote at the same instant read in the
 * order of a sale: sale, its GST, commission, GST on commission, TCS, TDS, fees.
 */
function inReadingOrder(entries: LedgerEntryWire[]): LedgerEntryWire[] {
  const rank = (e: LedgerEntryWire) => LEDGER_ENTRY_KINDS.indexOf(e.kind);
  const out: LedgerEntryWire[] = [];
  let group: LedgerEntryWire[] = [];
  const flush = () => {
    out.push(...group.sort((a, b) => rank(a) - rank(b)));
    group = [];
  };
  for (const e of entries) {
    const head = group[0];
    if (head && (head.at !== e.at || head.cause !== e.cause || head.orderItemId !== e.orderItemId)) flush();
    group.push(e);
  }
  flush();
  return out;
}

/**
 * Ledger entries, newest first, as a table from tablet width up and as stacked cards on a phone: date
 * (India calendar), what it is (label, and the rule or rate and base it was worked out with), order, item,
 * invoice or credit note, where its money stands, and the signed amount (+ owed to the seller, − taken;
 * the sign is in the text, the colour only repeats it).
 */
export function LedgerTable({ entries: given, label }: { entries: LedgerEntryWire[]; label: string }) {
  const t = useT();
  const locale = t.language.intl;
  const buckets = bucketLabels(t);
  const entries = inReadingOrder(given);
  return (
    <>
      <ul className="list-unstyled d-md-none" aria-label={label}>
        {entries.map((e) => (
          <li key={e._id} className="card mb-2" data-entry-kind={e.kind}>
            <div className="card-body p-3">
              <div className="d-flex justify-content-between align-items-start gap-2">
                <div>
                  <Description e={e} />
                </div>
                <Amount e={e} />
              </div>
              <dl className="row small mb-0 mt-2 g-0">
                <dt className="col-5 fw-normal text-body-secondary">{t('settlements.ledger.date')}</dt>
                <dd className="col-7 mb-0">{formatIndiaDate(e.at, locale)}</dd>
                <dt className="col-5 fw-normal text-body-secondary">{t('settlements.ledger.status')}</dt>
                <dd className="col-7 mb-0">{buckets[e.bucket]}</dd>
                {e.orderNumber ? (
                  <>
                    <dt className="col-5 fw-normal text-body-secondary">{t('settlements.ledger.order')}</dt>
                    <dd className="col-7 mb-0">
                      <OrderLink e={e} />
                    </dd>
                  </>
                ) : null}
                {e.itemName ? (
                  <>
                    <dt className="col-5 fw-normal text-body-secondary">{t('settlements.ledger.item')}</dt>
                    <dd className="col-7 mb-0 text-break">
                      {e.itemName}
                      {e.qty ? ` × ${e.qty}` : ''}
                    </dd>
                  </>
                ) : null}
                {e.taxDocumentNumber ? (
                  <>
                    <dt className="col-5 fw-normal text-body-secondary">
                      {t('settlements.ledger.document')}
                    </dt>
                    <dd className="col-7 mb-0">
                      <DocumentLink e={e} />
                    </dd>
                  </>
                ) : null}
              </dl>
            </div>
          </li>
        ))}
      </ul>
      <div className="table-responsive d-none d-md-block mb-3">
        <Table striped hover size="sm" className="align-middle mb-0" aria-label={label}>
          <thead>
            <tr>
              <th scope="col">{t('settlements.ledger.date')}</th>
              <th scope="col">{t('settlements.ledger.description')}</th>
              <th scope="col">{t('settlements.ledger.order')}</th>
              <th scope="col">{t('settlements.ledger.item')}</th>
              <th scope="col">{t('settlements.ledger.invoiceOrCreditNote')}</th>
              <th scope="col">{t('settlements.ledger.status')}</th>
              <th scope="col" className="text-end">
                {t('settlements.ledger.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e._id} data-entry-kind={e.kind}>
                <td className="text-nowrap">{formatIndiaDate(e.at, locale)}</td>
                <td>
                  <Description e={e} />
                </td>
                <td className="text-nowrap">
                  <OrderLink e={e} />
                </td>
                <td className="small">
                  {e.itemName ?? <span className="text-body-secondary">—</span>}
                  {e.itemName && e.qty ? ` × ${e.qty}` : ''}
                </td>
                <td>
                  <DocumentLink e={e} />
                </td>
                <td className="small">{buckets[e.bucket]}</td>
                <td className="text-end">
                  <Amount e={e} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </>
  );
}
