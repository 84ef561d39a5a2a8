import type { ReturnReason, ReturnState } from '#shared/fulfilment.ts';
import type { Translate } from '#web/lib/i18n/i18n.tsx';

/** A request's state in the page's language (English: RETURN_STATE_LABELS of #shared/fulfilment.ts). */
export function returnStateLabel(t: Translate, state: ReturnState): string {
  const labels: Record<ReturnState, string> = {
    requested: t('returns.state.requested'),
    approved: t('returns.state.approved'),
    rejected: t('returns.state.rejected'),
    picked_up: t('returns.state.picked_up'),
    received: t('returns.state.received'),
    refunded: t('returns.state.refunded'),
    exchanged: t('returns.state.exchanged'),
    cancelled: t('returns.state.cancelled'),
  };
  return labels[state];
}

/**
 * Why the buyer sends it back, in the page's language (English: RETURN_REASONS of #shared/fulfilment.ts);
 * `fallback` (the server's label) for a code this list does not know.
 */
export function returnReasonText(t: Translate, code: string, fallback?: string): string {
  const labels: Record<ReturnReason, string> = {
    too_small: t('returns.reason.too_small'),
    too_large: t('returns.reason.too_large'),
    damaged: t('returns.reason.damaged'),
    wrong_item: t('returns.reason.wrong_item'),
    not_as_described: t('returns.reason.not_as_described'),
    quality: t('returns.reason.quality'),
    no_longer_needed: t('returns.reason.no_longer_needed'),
    other: t('returns.reason.other'),
  };
  return labels[code as ReturnReason] ?? fallback ?? code;
}
