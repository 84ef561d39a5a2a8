import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { RETURN_REASONS, RETURN_WINDOW_DAYS } from '#shared/fulfilment.ts';
import {
  createReturnBody,
  RETURN_MSG,
  type CreateReturnBody,
  type ReturnRequest,
} from '#shared/schemas/fulfilment.ts';
import type { Variant } from '#shared/schemas/product.ts';
import { nameWithVariant } from '#shared/variants.ts';
import { ErrorAlert } from '#web/components/alerts.tsx';
import { SelectField, SubmitButton, TextField } from '#web/components/form-field.tsx';
import { productQueryOptions } from '#web/features/catalog/index.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { useCreateReturn } from '../api/returns.ts';
import { returnReasonText } from '../lib/labels.ts';
import { MediaPicker, type PickedMedia } from './media-picker.tsx';
import { useUniqueId } from '#web/lib/use-unique-id.ts';

type Output = z.output<typeof createReturnBody>;
type PaymentMethod = 'RazorPay' | 'PayPal' | 'CashOnDelivery';

/** The order line a request is about, as the order page knows it. */
export type ReturnDialogLine = {
  /** The order item's id. */
  orderItemId: string;
  name: string;
  size: string | null;
  colour?: string | null;
  /** Null when the product no longer exists: only a return can be asked for then. */
  productId: string | null;
  /** Units not yet in a return or exchange request. */
  qtyLeft: number;
};

/**
 * Only the fields the chosen kind sends: the size wanted for an exchange, the refund account for a
 * return of a cash-on-delivery order (docs/decisions/0112-returns-and-exchanges.md).
 */
function sent(values: CreateReturnBody, cod: boolean): CreateReturnBody {
  const { exchangeVariant, refundAccount, ...rest } = values;
  const account =
    refundAccount?.kind === 'upi'
      ? { kind: 'upi' as const, upi: refundAccount.upi }
      : refundAccount?.kind === 'bank'
        ? {
            kind: 'bank' as const,
            name: refundAccount.name,
            accountNumber: refundAccount.accountNumber,
            ifsc: refundAccount.ifsc,
          }
        : undefined;
  return {
    ...rest,
    ...(values.kind === 'exchange' && exchangeVariant ? { exchangeVariant } : {}),
    ...(values.kind === 'return' && cod && account ? { refundAccount: account } : {}),
  };
}

const sizeLabel = (v: Variant) => (v.colour ? `${v.size}, ${v.colour}` : v.size);

/**
 * 'Return or exchange' for one delivered line (the buyer's order page): return or exchange, how many,
 * why, photos or a short video, the size wanted (sold-out sizes shown but not choosable), and for a
 * cash-on-delivery order the UPI id or bank account the refund is paid to. Checked with the server's
 * own schema. `onDone` gets the new request, or null when the dialog is closed without asking.
 */
export function ReturnRequestDialog({
  show = true,
  orderId,
  orderNumber,
  line,
  paymentMethod,
  onDone,
}: {
  show?: boolean;
  orderId: string;
  orderNumber: string;
  line: ReturnDialogLine;
  paymentMethod: PaymentMethod;
  onDone: (created: ReturnRequest | null) => void;
}) {
  const t = useT();
  const id = useUniqueId();
  const cod = paymentMethod === 'CashOnDelivery';
  const create = useCreateReturn(orderId);
  const [media, setMedia] = useState<PickedMedia[]>([]);
  const resolver = useMemo<Resolver<CreateReturnBody, unknown, Output>>(() => {
    const base = zodResolver(createReturnBody);
    return async (values, context, options) => {
      const result = await base(sent(values, cod), context, options);
      // The schema leaves the size optional (a return has none); an exchange must name one.
      if (values.kind === 'exchange' && !values.exchangeVariant) {
        const exchangeVariant = { type: 'required', message: RETURN_MSG.exchangeSize };
        return { values: {}, errors: { ...result.errors, exchangeVariant } };
      }
      return result;
    };
  }, [cod]);
  const form = useForm<CreateReturnBody, unknown, Output>({
    resolver,
    defaultValues: {
      orderItem: line.orderItemId,
      qty: 1,
      kind: 'return',
      reason: '' as CreateReturnBody['reason'],
      comment: '',
      ...(cod ? { refundAccount: { kind: 'upi', upi: '' } } : {}),
    },
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const kind = useWatch({ control, name: 'kind' });
  const qty = useWatch({ control, name: 'qty' });
  const accountKind = useWatch({ control, name: 'refundAccount.kind' });

  // GET /api/products/:id for its sizes and their stock (only when the product still exists).
  const product = useQuery({
    ...productQueryOptions(line.productId ?? ''),
    enabled: line.productId !== null,
  });
  const choices = useMemo(() => {
    if (!product.data) return [];
    const sameColour = (v: Variant) => (v.colour ?? '') === (line.colour ?? '');
    const others = product.data.variants.filter((v) => !(v.size === line.size && sameColour(v)));
    // Other sizes of the same colour first; other colours only when there is no same-colour size.
    const colourMatch = others.filter(sameColour);
    return colourMatch.length > 0 ? colourMatch : others;
  }, [product.data, line.size, line.colour]);
  const canExchange = line.productId !== null;

  const close = () => {
    if (!create.isPending) onDone(null);
  };
  const onSubmit = form.handleSubmit((values) =>
    create.mutateAsync({ body: sent(values, cod), files: media.map((m) => m.file) }).then(
      (created) => onDone(created),
      () => undefined,
    ),
  );

  const accountErrors = errors.refundAccount as
    | {
        upi?: { message?: string };
        name?: { message?: string };
        accountNumber?: { message?: string };
        ifsc?: { message?: string };
      }
    | undefined;
  const lineName = nameWithVariant(line.name, { size: line.size, colour: line.colour ?? null });

  return (
    <Modal show={show} onHide={close} centered aria-labelledby={`${id}-title`}>
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton>
          <Modal.Title id={`${id}-title`} as="h2" className="h5">
            {t('returns.dialog.title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="small text-body-secondary">
            {t.rich('returns.dialog.intro', {
              line: lineName,
              number: orderNumber,
              days: RETURN_WINDOW_DAYS,
              mono: (chunks) => <span className="font-monospace">{chunks}</span>,
            })}
          </p>
          <ErrorAlert error={create.error} />

          <fieldset className="mb-3">
            <legend className="form-label fs-6 mb-1">{t('returns.dialog.title')}</legend>
            <Form.Check
              type="radio"
              id={`${id}-kind-return`}
              label={t('returns.dialog.kindReturn')}
              value="return"
              {...register('kind')}
            />
            <Form.Check
              type="radio"
              id={`${id}-kind-exchange`}
              label={t('returns.dialog.kindExchange')}
              value="exchange"
              disabled={!canExchange}
              {...register('kind')}
            />
          </fieldset>

          <SelectField
            label={t('returns.dialog.quantity')}
            {...register('qty', { valueAsNumber: true })}
            error={errors.qty?.message}
          >
            {Array.from({ length: Math.max(1, line.qtyLeft) }, (_, i) => (
              <option key={i + 1} value={i + 1}>
                {i + 1}
              </option>
            ))}
          </SelectField>

          <SelectField
            label={t('returns.dialog.reason')}
            {...register('reason')}
            error={errors.reason?.message}
          >
            <option value="" disabled>
              {t('returns.dialog.chooseReason')}
            </option>
            {RETURN_REASONS.map((r) => (
              <option key={r.code} value={r.code}>
                {returnReasonText(t, r.code, r.label)}
              </option>
            ))}
          </SelectField>

          <Form.Group className="mb-3" controlId={`${id}-comment`}>
            <Form.Label>{t('returns.dialog.comment')}</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              maxLength={1000}
              {...register('comment')}
              isInvalid={!!errors.comment}
            />
            <Form.Control.Feedback type="invalid">{errors.comment?.message}</Form.Control.Feedback>
          </Form.Group>

          <MediaPicker picked={media} onChange={setMedia} />

          {kind === 'exchange' ? (
            <SelectField
              label={t('returns.dialog.sizeWanted')}
              {...register('exchangeVariant')}
              error={errors.exchangeVariant?.message}
              help={product.isPending ? t('returns.dialog.loadingSizes') : t('returns.dialog.soldOutHelp')}
              defaultValue=""
            >
              <option value="" disabled>
                {t('returns.dialog.chooseSize')}
              </option>
              {choices.map((v) => {
                const soldOut = v.countInStock < (Number.isFinite(qty) ? qty : 1);
                return (
                  <option key={v._id} value={v._id} disabled={soldOut}>
                    {soldOut ? t('returns.dialog.soldOut', { size: sizeLabel(v) }) : sizeLabel(v)}
                  </option>
                );
              })}
            </SelectField>
          ) : null}

          {kind === 'return' && cod ? (
            <fieldset className="mb-2">
              <legend className="form-label fs-6 mb-1">{t('returns.dialog.refundWhere')}</legend>
              <p className="small text-body-secondary mb-2">{t('returns.dialog.refundCod')}</p>
              <div className="d-flex gap-3 mb-2">
                <Form.Check
                  type="radio"
                  id={`${id}-acc-upi`}
                  label={t('returns.dialog.upi')}
                  value="upi"
                  {...register('refundAccount.kind')}
                />
                <Form.Check
                  type="radio"
                  id={`${id}-acc-bank`}
                  label={t('returns.dialog.bank')}
                  value="bank"
                  {...register('refundAccount.kind')}
                />
              </div>
              {accountKind === 'bank' ? (
                <>
                  <TextField
                    label={t('returns.dialog.holder')}
                    autoComplete="name"
                    {...register('refundAccount.name')}
                    error={accountErrors?.name?.message}
                  />
                  <TextField
                    label={t('returns.dialog.accountNumber')}
                    inputMode="numeric"
                    {...register('refundAccount.accountNumber')}
                    error={accountErrors?.accountNumber?.message}
                  />
                  <TextField
                    label={t('returns.dialog.ifsc')}
                    autoCapitalize="characters"
                    {...register('refundAccount.ifsc')}
                    error={accountErrors?.ifsc?.message}
                  />
                </>
              ) : (
                <TextField
                  label={t('returns.dialog.upiId')}
                  placeholder={t('returns.dialog.upiPlaceholder')}
                  {...register('refundAccount.upi')}
                  error={accountErrors?.upi?.message}
                />
              )}
            </fieldset>
          ) : null}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={close} disabled={create.isPending}>
            {t('returns.dialog.cancel')}
          </Button>
          <SubmitButton pending={create.isPending} pendingLabel={t('returns.dialog.sending')}>
            {kind === 'exchange' ? t('returns.dialog.requestExchange') : t('returns.dialog.requestReturn')}
          </SubmitButton>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
