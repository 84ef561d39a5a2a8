import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { financialYearOf } from '#shared/tax-documents.ts';
import type { SellerLedgerResponse } from '#shared/schemas/settlements.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { Pagination } from '#web/components/pagination.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { useSellerLedger, type LedgerOwner } from '../api/ledger.ts';
import { isFinancialYear, isMonth, monthName, recentMonths } from '../lib/labels.ts';
import { BalanceCards } from './balance-cards.tsx';
import { LedgerTable } from './ledger-table.tsx';
import { PayoutsList } from './payouts-list.tsx';
import { TaxWithheldSection } from './tax-withheld-table.tsx';

/** The statement's filters from the address: ?month=YYYY-MM (none: all), ?page=, ?fy= (this year). */
function useStatementParams() {
  const [params, setParams] = useSearchParams();
  const rawMonth = params.get('month');
  const month = isMonth(rawMonth) ? rawMonth : '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const rawFy = params.get('fy');
  const fy = isFinancialYear(rawFy) ? rawFy : financialYearOf(Date.now());
  const set = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };
  const hrefFor = (p: number) => {
    const next = new URLSearchParams(params);
    if (p > 1) next.set('page', String(p));
    else next.delete('page');
    const q = next.toString();
    return q ? `?${q}` : '?';
  };
  return { month, page, fy, set, hrefFor };
}

/**
 * A seller's statement (its own, or any seller's for an Admin): balance by where the money stands, the
 * entries of a month or all (paged), the payouts, the TCS/TDS of a financial year. `account` renders the
 * payout account card (the seller's editable one or the Admin's with Verify/Reject) from the answer;
 * `children` comes after the balance (the Admin's adjustment form).
 */
export function Statement({
  owner,
  account,
  children,
}: {
  /** 'own': the signed-in seller's statement; else an Admin reading a seller's. */
  owner: LedgerOwner;
  account: (data: SellerLedgerResponse) => ReactNode;
  children?: ReactNode;
}) {
  const t = useT();
  const locale = t.language.intl;
  const { month, page, fy, set, hrefFor } = useStatementParams();
  const ledger = useSellerLedger(owner, page, month);
  const months = recentMonths(12);
  if (month && !months.includes(month)) months.push(month);

  if (ledger.isPending) return <Loader label={t('settlements.statement.loading')} />;
  if (ledger.error) return <ErrorAlert error={ledger.error} />;
  const data = ledger.data;
  const period = month ? monthName(month, locale) : t('settlements.statement.allMonths');

  return (
    <>
      <BalanceCards balance={data.balance} audience={owner === 'own' ? 'seller' : 'admin'} />
      {children}
      <section aria-labelledby="entries-heading" className="mb-4">
        <div className="d-flex flex-wrap align-items-end justify-content-between gap-2 mb-2">
          <h2 id="entries-heading" className="h5 mb-0">
            {t('settlements.statement.entries')}
          </h2>
          <div>
            <label htmlFor="statement-month" className="form-label small mb-1">
              {t('settlements.statement.month')}
            </label>
            <select
              id="statement-month"
              className="form-select form-select-sm"
              value={month}
              onChange={(ev) => set({ month: ev.target.value, page: '' })}
            >
              <option value="">{t('settlements.statement.all')}</option>
              {months.map((m) => (
                <option key={m} value={m}>
                  {monthName(m, locale)}
                </option>
              ))}
            </select>
          </div>
        </div>
        {data.entries.length === 0 ? (
          <Message variant="secondary">
            {month
              ? t('settlements.statement.noEntriesIn', { period })
              : t('settlements.statement.noEntries')}
          </Message>
        ) : (
          <div aria-busy={ledger.isFetching || undefined}>
            <LedgerTable entries={data.entries} label={t('settlements.statement.entriesOf', { period })} />
            <Pagination
              page={data.page}
              pages={data.pages}
              hrefFor={hrefFor}
              label={t('settlements.statement.entryPages')}
            />
          </div>
        )}
      </section>
      <section aria-labelledby="payouts-heading" className="mb-4">
        <h2 id="payouts-heading" className="h5">
          {t('settlements.statement.payouts')}
        </h2>
        {data.payouts.length === 0 ? (
          <p className="small">{t('settlements.statement.noPayouts')}</p>
        ) : (
          <PayoutsList payouts={data.payouts} />
        )}
      </section>
      {account(data)}
      <TaxWithheldSection owner={owner} fy={fy} onFy={(y) => set({ fy: y })} />
    </>
  );
}
