import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import type { CommissionRuleWire } from '#shared/schemas/settlements.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { isApiError } from '#web/lib/api-client.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { useCommissionRules, useEndCommissionRule } from '../api/settlements-admin.ts';
import {
  formatDay,
  indiaToday,
  RULE_STATUS_BADGES,
  ruleScope,
  ruleStatusLabels,
  ruleStatus,
  type RuleStatus,
} from '../lib/books.ts';
import './settlement-tables.css';

const ORDER: Record<RuleStatus, number> = { future: 0, in_force: 1, ended: 2 };

/** 'End' on one rule: its last day (today by default, or its first day if it has not started) and a confirm. */
function EndRule({ rule, scope, today }: { rule: CommissionRuleWire; scope: string; today: string }) {
  const t = useT();
  const end = useEndCommissionRule();
  const [open, setOpen] = useState(false);
  const [day, setDay] = useState(rule.effectiveFrom > today ? rule.effectiveFrom : today);
  const fieldError = isApiError(end.error)
    ? end.error.errors.find((e) => e.path === 'effectiveTo')?.message
    : undefined;
  const inputId = `end-rule-${rule._id}`;

  if (!open) {
    return (
      <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => setOpen(true)}>
        {t.rich('settlements.rules.end', {
          scope,
          hidden: (chunks) => <span className="visually-hidden">{chunks}</span>,
        })}
      </button>
    );
  }
  return (
    <form
      className="d-flex flex-wrap align-items-start gap-1"
      aria-label={t('settlements.rules.endForm', { scope })}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        end.mutate({ id: rule._id, effectiveTo: day }, { onSuccess: () => setOpen(false) });
      }}
    >
      <div>
        <label htmlFor={inputId} className="visually-hidden">
          {t('settlements.rules.lastDay', { scope })}
        </label>
        <input
          id={inputId}
          type="date"
          className={`form-control form-control-sm${fieldError ? ' is-invalid' : ''}`}
          value={day}
          min={rule.effectiveFrom}
          onChange={(e) => setDay(e.target.value)}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${inputId}-error` : undefined}
          style={{ maxWidth: '10rem' }}
          autoFocus
        />
        {fieldError ? (
          <div id={`${inputId}-error`} className="invalid-feedback d-block">
            {fieldError}
          </div>
        ) : null}
      </div>
      <button type="submit" className="btn btn-danger btn-sm" disabled={end.isPending}>
        {end.isPending ? t('settlements.rules.ending') : t('settlements.rules.endRule')}
      </button>
      <button type="button" className="btn btn-link btn-sm" onClick={() => setOpen(false)}>
        {t('settlements.cancel')}
      </button>
      {end.error && !fieldError ? (
        <ErrorAlert error={end.error} className="w-100 py-1 px-2 small mb-0" />
      ) : null}
    </form>
  );
}

/**
 * 'Commission rules' (Admin): each rule with what it covers (seller, category, product), how it charges,
 * its dates and whether it is In force, Future or Ended today (India), in words. A rule not yet ended can
 * be given a last day. Ended rules are hidden until asked for. On a phone each rule is a card.
 */
export function CommissionRules() {
  const t = useT();
  const locale = t.language.intl;
  const rules = useCommissionRules();
  const [showEnded, setShowEnded] = useState(false);
  const today = indiaToday();
  if (rules.isPending) return <Loader label={t('settlements.rules.loading')} />;
  if (rules.error) return <ErrorAlert error={rules.error} />;

  const all = rules.data.rules.map((r) => ({
    rule: r,
    status: ruleStatus(r, today),
    scope: ruleScope(t, r),
  }));
  const statusLabels = ruleStatusLabels(t);
  const endedCount = all.filter((r) => r.status === 'ended').length;
  const shown = all
    .filter((r) => showEnded || r.status !== 'ended')
    .sort(
      (a, b) => ORDER[a.status] - ORDER[b.status] || b.rule.effectiveFrom.localeCompare(a.rule.effectiveFrom),
    );

  return (
    <>
      <Form.Check
        type="switch"
        id="rules-show-ended"
        className="mb-2"
        label={t('settlements.rules.showEnded', { count: String(endedCount) })}
        checked={showEnded}
        onChange={(e) => setShowEnded(e.target.checked)}
      />
      {shown.length === 0 ? (
        <Message variant="secondary">
          {endedCount > 0 && !showEnded ? t('settlements.rules.noneInForce') : t('settlements.rules.none')}
        </Message>
      ) : (
        <Table
          size="sm"
          className="small align-middle haat-books-stack"
          aria-label={t('settlements.admin.commissionRules')}
        >
          <thead>
            <tr>
              <th scope="col">{t('settlements.rules.appliesTo')}</th>
              <th scope="col">{t('settlements.rules.commission')}</th>
              <th scope="col">{t('settlements.rules.dates')}</th>
              <th scope="col">{t('settlements.ledger.status')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('settlements.batch.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map(({ rule, status, scope }) => (
              <tr key={rule._id} className={status === 'ended' ? 'text-body-secondary' : undefined}>
                <td data-label={t('settlements.rules.appliesTo')} className="fw-semibold">
                  {scope}
                </td>
                <td data-label={t('settlements.rules.commission')}>
                  <span>
                    {rule.description}
                    {rule.note ? <span className="d-block text-body-secondary">{rule.note}</span> : null}
                  </span>
                </td>
                <td data-label={t('settlements.rules.dates')}>
                  <span>
                    <span className="text-nowrap">
                      {t('settlements.rules.from', { date: formatDay(rule.effectiveFrom, locale) })}
                    </span>{' '}
                    <span className="text-nowrap">
                      {rule.effectiveTo
                        ? t('settlements.rules.to', { date: formatDay(rule.effectiveTo, locale) })
                        : t('settlements.rules.onwards')}
                    </span>
                  </span>
                </td>
                <td data-label={t('settlements.ledger.status')}>
                  <span className={`badge ${RULE_STATUS_BADGES[status]}`}>{statusLabels[status]}</span>
                </td>
                <td className="text-end">
                  {status === 'ended' ? null : <EndRule rule={rule} scope={scope} today={today} />}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
