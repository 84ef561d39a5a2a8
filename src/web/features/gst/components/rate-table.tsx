import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { indiaDate } from '#shared/gst-rates.ts';
import type { GstRateRuleWire } from '#shared/schemas/gst.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { useGstRates } from '../api/gst.ts';
import {
  formatDay,
  ruleKey,
  ruleKeyLabel,
  ruleStatus,
  slabText,
  STATUS_BADGES,
  STATUS_LABELS,
  type RuleStatus,
} from '../lib/format.ts';

const ORDER: Record<RuleStatus, number> = { future: 0, in_force: 1, past: 2 };

type Group = { key: string; label: string; rules: GstRateRuleWire[] };

/** Rules by key (HSN prefixes first, by prefix; then categories by name); newest dates first, slabs upward. */
export function groupRules(rules: readonly GstRateRuleWire[], today: string): Group[] {
  const groups = new Map<string, Group>();
  for (const r of rules) {
    const key = ruleKey(r);
    const group = groups.get(key) ?? { key, label: ruleKeyLabel(r), rules: [] };
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
  return <span className={`badge ${STATUS_BADGES[status]}`}>{STATUS_LABELS[status]}</span>;
}

/**
 * The dated rate table (Admin): each HSN prefix or category with its slabs in rupees per piece, the rate and
 * the dates, each marked In force, Future or Past in words. Past rates are hidden until asked for.
 */
export function RateTable() {
  const rates = useGstRates();
  const [showPast, setShowPast] = useState(false);
  const today = indiaDate(Date.now());
  if (rates.isPending) return <Loader label="Loading GST rates…" />;
  if (rates.error) return <ErrorAlert error={rates.error} />;
  const groups = groupRules(
    rates.data.rules.filter((r) => showPast || ruleStatus(r, today) !== 'past'),
    today,
  ).filter((g) => g.rules.length > 0);
  const pastCount = rates.data.rules.filter((r) => ruleStatus(r, today) === 'past').length;

  return (
    <>
      <p className="small text-body-secondary">
        A product takes its category&apos;s rates if the category has any here, else those of the longest HSN
        prefix that matches its HSN code, else its category&apos;s own GST rate. Slabs are on the price of one
        piece after discount. Today is {formatDay(today)} (India).
      </p>
      <Form.Check
        type="switch"
        id="rates-show-past"
        className="mb-3"
        label={`Show past rates (${pastCount})`}
        checked={showPast}
        onChange={(e) => setShowPast(e.target.checked)}
      />
      {groups.length === 0 ? <Message variant="secondary">No GST rates yet.</Message> : null}
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
                  aria-label={`Rates for ${g.label}`}
                >
                  <thead>
                    <tr>
                      <th scope="col" style={{ minWidth: '6.5rem' }}>
                        Price per piece
                      </th>
                      <th scope="col" className="text-end">
                        Rate
                      </th>
                      <th scope="col">Dates</th>
                      <th scope="col" className="d-none d-sm-table-cell">
                        Status
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {g.rules.map((r) => {
                      const status = ruleStatus(r, today);
                      return (
                        <tr key={r._id} className={status === 'past' ? 'text-body-secondary' : undefined}>
                          <td>
                            {slabText(r)}
                            {r.note ? (
                              <div className="text-body-secondary d-none d-sm-block">{r.note}</div>
                            ) : null}
                          </td>
                          <td className="text-end text-nowrap fw-semibold">{r.rate} %</td>
                          <td>
                            <span className="text-nowrap">From {formatDay(r.effectiveFrom)}</span>{' '}
                            <span className="text-nowrap">
                              {r.effectiveTo ? `to ${formatDay(r.effectiveTo)}` : 'onwards'}
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
