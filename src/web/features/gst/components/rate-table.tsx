import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { indiaDate } from '#shared/gst-rates.ts';
import type { GstRateRuleWire } from '#shared/schemas/gst.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { useT, type Translate } from '#web/lib/i18n/i18n.tsx';
import { useGstRates } from '../api/gst.ts';
import {
  formatDay,
  ruleKey,
  ruleKeyLabel,
  ruleStatus,
  slabText,
  STATUS_BADGES,
  statusLabels,
  type RuleStatus,
} from '../lib/format.ts';

const ORDER: Record<RuleStatus, number> = { future: 0, in_force: 1, past: 2 };

type Group = { key: string; label: string; rules: GstRateRuleWire[] };

/** Rules by key (HSN prefixes first, by prefix; then categories by name); newest dates first, slabs upward. */
export function groupRules(rules: readonly GstRateRuleWire[], today: string, t: Translate): Group[] {
  const groups = new Map<string, Group>();
  for (const r of rules) {
    const key = ruleKey(r);
    const group = groups.get(key) ?? { key, label: ruleKeyLabel(r, t), rules: [] };
    group.rules.push(r);
    groups.set(key, group);
  }
  for (const g of groups.values())
    g.rules.sort(
      (a, b) =>
        ORDER[ruleStatus(a, today)] - ORDER[ruleStatus(b, today)] ||
        b.effectiveFrom.localeCompare(a.effectiveFrom) ||
        a.fromPaise - b.fromPaise,
    );
  return [...groups.values()].sort((a, b) => {
    const hsnA = a.key.startsWith('hsn:');
    const hsnB = b.key.startsWith('hsn:');
    if (hsnA !== hsnB) return hsnA ? -1 : 1;
    return a.label.localeCompare(b.label, 'en', { numeric: true });
  });
}

function StatusBadge({ status }: { status: RuleStatus }) {
  const t = useT();
  return <span className={`badge ${STATUS_BADGES[status]}`}>{statusLabels(t)[status]}</span>;
}

/**
 * The dated rate table (Admin): each HSN prefix or category with its slabs in rupees per piece, the rate and
 * the dates, each marked In force, Future or Past in words. Past rates are hidden until asked for.
 */
export function RateTable() {
  const t = useT();
  const rates = useGstRates();
  const [showPast, setShowPast] = useState(false);
  const today = indiaDate(Date.now());
  const day = (d: string) => formatDay(d, t.language.intl);
  if (rates.isPending) return <Loader label={t('gst.rates.loading')} />;
  if (rates.error) return <ErrorAlert error={rates.error} />;
  const groups = groupRules(
    rates.data.rules.filter((r) => showPast || ruleStatus(r, today) !== 'past'),
    today,
    t,
  ).filter((g) => g.rules.length > 0);
  const pastCount = rates.data.rules.filter((r) => ruleStatus(r, today) === 'past').length;

  return (
    <>
      <p className="small text-body-secondary">{t('gst.rates.intro', { today: day(today) })}</p>
      <Form.Check
        type="switch"
        id="rates-show-past"
        className="mb-3"
        label={t('gst.rates.showPast', { count: String(pastCount) })}
        checked={showPast}
        onChange={(e) => setShowPast(e.target.checked)}
      />
      {groups.length === 0 ? <Message variant="secondary">{t('gst.rates.none')}</Message> : null}
      <div className="row g-3">
        {groups.map((g) => (
          <div key={g.key} className="col-12 col-xl-6">
            <div className="card h-100">
              <div className="card-body p-2 p-sm-3">
                <h3 className="h6 mb-2">{g.label}</h3>
                <Table
                  responsive
                  size="sm"
                  className="mb-0 small align-middle gst-rate-table"
                  aria-label={t('gst.rates.ratesFor', { label: g.label })}
                >
                  <thead>
                    <tr>
                      <th scope="col" style={{ minWidth: '6.5rem' }}>
                        {t('gst.rates.pricePerPiece')}
                      </th>
                      <th scope="col" className="text-end">
                        {t('gst.rates.rate')}
                      </th>
                      <th scope="col">{t('gst.rates.dates')}</th>
                      <th scope="col" className="d-none d-sm-table-cell">
                        {t('gst.rates.status')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {g.rules.map((r) => {
                      const status = ruleStatus(r, today);
                      return (
                        <tr key={r._id} className={status === 'past' ? 'text-body-secondary' : undefined}>
                          <td>
                            {slabText(r, t)}
                            {r.note ? (
                              <div className="text-body-secondary d-none d-sm-block">{r.note}</div>
                            ) : null}
                          </td>
                          <td className="text-end text-nowrap fw-semibold">{r.rate} %</td>
                          <td>
                            <span className="text-nowrap">
                              {t('gst.rates.from', { date: day(r.effectiveFrom) })}
                            </span>{' '}
                            <span className="text-nowrap">
                              {r.effectiveTo
                                ? t('gst.rates.to', { date: day(r.effectiveTo) })
                                : t('gst.rates.onwards')}
                            </span>
                            {/* On a phone the status sits under the dates, in its own line. */}
                            <div className="d-sm-none">
                              <StatusBadge status={status} />
                            </div>
                          </td>
                          <td className="d-none d-sm-table-cell">
                            <StatusBadge status={status} />
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </Table>
              </div>
            </div>
          </div>
        ))}
      </div>
    </>
  );
}
