import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import {
  codRemittanceForm,
  type CodCashResponse,
  type CodRemittanceForm,
} from '#shared/schemas/settlements.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { SubmitButton, TextField } from '#web/components/form-field.tsx';
import { useRecordRemittance } from '../api/cod-cash.ts';
import { AGE_KEYS, ageLabels, days, indiaToday, oldestAge, sumRupees } from '../lib/books.ts';
import { showServerErrors } from '#web/lib/form-errors.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { formatIndiaDate, rupees } from '../lib/labels.ts';
import './settlement-tables.css';

export type CodDistributor = CodCashResponse['distributors'][number];

const FIELDS = ['orderIds', 'amount', 'reference', 'receivedOn', 'note'] as const;

/** Outstanding cash by age; the oldest age that holds cash is marked in words, not by colour alone. */
function AgeBuckets({ d }: { d: CodDistributor }) {
  const t = useT();
  const labels = ageLabels(t);
  const oldest = oldestAge(d.ages);
  return (
    <ul
      className="list-unstyled row row-cols-2 row-cols-md-4 g-2 mb-3"
      aria-label={t('settlements.cod.byAge', { name: d.distributorName })}
    >
      {AGE_KEYS.map((key) => {
        const label = labels[key];
        const isOldest = key === oldest;
        return (
          <li key={key} className="col">
            <div
              className={`border rounded p-2 h-100${isOldest ? ' border-warning border-2 bg-warning-subtle' : ''}`}
            >
              <div className="small text-body-secondary">{label}</div>
              <div className="fw-semibold">{rupees(d.ages[key])}</div>
              {isOldest ? (
                <div className="small fw-semibold text-warning-emphasis">{t('settlements.cod.oldest')}</div>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * One Distributor's cash on delivery (Admin): what it collected and has not handed over, by age, each
 * order it marked paid (chosen with a checkbox), and 'Record remittance' for the chosen orders: the amount
 * starts as their sum, with the receipt or deposit reference, the day the cash came in and a note.
 */
export function CodDistributorCard({ d }: { d: CodDistributor }) {
  const t = useT();
  const record = useRecordRemittance();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [done, setDone] = useState<{ amount: string; count: number; reference: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    setValue,
    reset,
    formState: { errors },
  } = useForm<CodRemittanceForm>({
    resolver: zodResolver(codRemittanceForm),
    defaultValues: {
      distributorId: d.distributorId,
      orderIds: [],
      amount: '',
      reference: '',
      receivedOn: indiaToday(),
      note: '',
    },
  });

  const choose = (next: ReadonlySet<string>) => {
    setChosen(next);
    const ids = d.orders.filter((o) => next.has(o.orderId));
    setValue('orderIds', [...next], { shouldValidate: false });
    setValue('amount', ids.length ? String(sumRupees(ids.map((o) => o.amount)).toFixed(2)) : '');
  };
  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    choose(next);
  };
  const allChosen = d.orders.length > 0 && d.orders.every((o) => chosen.has(o.orderId));

  const onSubmit = handleSubmit((body) => {
    setDone(null);
    record.mutate(body, {
      onSuccess: () => {
        setDone({
          amount: rupees(Number(body.amount)),
          count: body.orderIds.length,
          reference: body.reference,
        });
        setChosen(new Set());
        reset({
          distributorId: d.distributorId,
          orderIds: [],
          amount: '',
          reference: '',
          receivedOn: indiaToday(),
          note: '',
        });
      },
      onError: (error) => showServerErrors(error, setError, setFocus, FIELDS),
    });
  });

  const headingId = `cod-${d.distributorId}-heading`;
  return (
    <section className="card mb-4" aria-labelledby={headingId}>
      <div className="card-body p-2 p-sm-3">
        <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-2">
          <h2 id={headingId} className="h5 mb-0">
            {d.distributorName}
          </h2>
          <p className="mb-0">
            {t.rich('settlements.cod.outstanding', {
              amount: rupees(d.outstanding),
              b: (chunks) => <span className="fs-5 fw-semibold">{chunks}</span>,
            })}
          </p>
        </div>
        {done ? (
          <Message variant="success">
            {t('settlements.cod.recordedDone', {
              amount: done.amount,
              count: done.count,
              reference: done.reference,
            })}
          </Message>
        ) : null}
        <AgeBuckets d={d} />
        {d.orders.length === 0 ? (
          <p className="text-body-secondary mb-0">{t('settlements.cod.noneOutstanding')}</p>
        ) : (
          <form
            onSubmit={onSubmit}
            noValidate
            aria-label={t('settlements.cod.recordFrom', { name: d.distributorName })}
          >
            <Form.Check
              id={`cod-${d.distributorId}-all`}
              className="mb-2"
              label={t('settlements.cod.chooseAll', { name: d.distributorName })}
              checked={allChosen}
              onChange={(e) => choose(new Set(e.target.checked ? d.orders.map((o) => o.orderId) : []))}
            />
            <Table
              size="sm"
              className="small align-middle haat-books-stack mb-2"
              aria-label={t('settlements.cod.cashOrders', { name: d.distributorName })}
            >
              <thead>
                <tr>
                  <th scope="col" style={{ width: '2.5rem' }}>
                    <span className="visually-hidden">{t('settlements.cod.choose')}</span>
                  </th>
                  <th scope="col">{t('settlements.ledger.order')}</th>
                  <th scope="col" className="text-end">
                    {t('settlements.payouts.amount')}
                  </th>
                  <th scope="col" className="ps-md-4">
                    {t('settlements.cod.paidOn')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('settlements.cod.age')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {d.orders.map((o) => (
                  <tr key={o.orderId}>
                    <td data-label={t('settlements.cod.choose')}>
                      <input
                        type="checkbox"
                        className="form-check-input"
                        aria-label={t('settlements.cod.chooseOrder', { number: o.orderNumber })}
                        checked={chosen.has(o.orderId)}
                        onChange={(e) => toggle(o.orderId, e.target.checked)}
                      />
                    </td>
                    <td data-label={t('settlements.ledger.order')}>
                      <Link to={`/order/${o.orderId}`}>{o.orderNumber}</Link>
                    </td>
                    <td data-label={t('settlements.payouts.amount')} className="text-end text-nowrap">
                      {rupees(o.amount)}
                    </td>
                    <td data-label={t('settlements.cod.paidOn')} className="text-nowrap ps-md-4">
                      {formatIndiaDate(o.paidAt, t.language.intl)}
                    </td>
                    <td data-label={t('settlements.cod.age')} className="text-end text-nowrap">
                      {days(t, o.ageDays)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
            {errors.orderIds?.message ? (
              <div className="text-danger small mb-2" role="alert">
                {errors.orderIds.message}
              </div>
            ) : null}
            <ErrorAlert error={record.error} />
            <fieldset>
              <legend className="fs-6 fw-semibold mb-1">{t('settlements.cod.record')}</legend>
              <p className="form-text mt-0">
                {chosen.size === 0
                  ? t('settlements.cod.chooseOrders')
                  : t('settlements.cod.chosen', { count: chosen.size })}
              </p>
              <div className="row g-2">
                <div className="col-6 col-md-3">
                  <TextField
                    label={t('settlements.cod.amountReceived')}
                    inputMode="decimal"
                    {...register('amount')}
                    error={errors.amount?.message}
                  />
                </div>
                <div className="col-6 col-md-3">
                  <TextField
                    label={t('settlements.cod.receivedOn')}
                    type="date"
                    max={indiaToday()}
                    {...register('receivedOn')}
                    error={errors.receivedOn?.message}
                  />
                </div>
                <div className="col-12 col-md-6">
                  <TextField
                    label={t('settlements.cod.reference')}
                    placeholder={t('settlements.cod.referencePlaceholder')}
                    {...register('reference')}
                    error={errors.reference?.message}
                  />
                </div>
              </div>
              <TextField
                label={t('settlements.ruleForm.note')}
                maxLength={300}
                {...register('note')}
                error={errors.note?.message}
              />
              <SubmitButton pending={record.isPending} pendingLabel={t('settlements.cod.recording')}>
                {t('settlements.cod.record')}
              </SubmitButton>
            </fieldset>
          </form>
        )}
      </div>
    </section>
  );
}
