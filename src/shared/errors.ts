/**
 * The stable error codes of the API: every non-2xx JSON body carries one as `code`, so a client (our web
 * app included) branches on the code, never on the message text or the bare status. Messages may be
 * reworded; a code, once shipped, keeps its meaning. New codes are added here, never renamed.
 * See docs/decisions (the "Stable error codes" ADR).
 */
export const ERROR_CODES = {
  // Generic codes: one per HTTP status the API answers with, used when nothing more specific applies.
  /** 400: a body, query or path value failed its schema, or a service refused a value (see `errors`). */
  invalid_input: 'invalid_input',
  /** 401: no session, or the session is gone. */
  unauthenticated: 'unauthenticated',
  /** 403: signed in, but this role may not do this. */
  forbidden: 'forbidden',
  /** 404: no such resource, or not one the caller may see (including malformed ids). */
  not_found: 'not_found',
  /** 409: the resource's state forbids the change. */
  conflict: 'conflict',
  /** 413: the request or a file in it is too large. */
  too_large: 'too_large',
  /** 415: not a content type this route accepts. */
  unsupported_media: 'unsupported_media',
  /** 429: too many requests; try again later. */
  rate_limited: 'rate_limited',
  /** 500: our fault; the body says nothing more (the log has the details). */
  internal_error: 'internal_error',
  /** 502: a payment provider did not answer. */
  provider_down: 'provider_down',
  /** 503: the database is unavailable for a moment; `Retry-After` says when to try again. */
  service_unavailable: 'service_unavailable',

  // Accounts and sessions.
  /** 403: the account is signed in but not (or no longer) active. */
  account_inactive: 'account_inactive',
  /** 403: a cookie-authenticated write from another site. */
  cross_site_request: 'cross_site_request',
  /** 401: wrong e-mail or password at sign-in. */
  invalid_login: 'invalid_login',
  /** 401: a password-reset token that is unknown, used or expired. */
  invalid_token: 'invalid_token',
  /** 409: the e-mail address belongs to another account. */
  user_exists: 'user_exists',
  /** 409: another seller already uses this shop name. */
  shop_name_taken: 'shop_name_taken',
  /** 409: the last active admin cannot be demoted, deactivated or deleted. */
  last_admin: 'last_admin',
  /** 409: an admin cannot delete their own account. */
  self_delete: 'self_delete',
  /** 409/403: the account is not a seller. */
  not_a_seller: 'not_a_seller',
  /** 409: the seller is not active. */
  not_active_seller: 'not_active_seller',
  /** 409: a seller asked for review without any KYC document. */
  no_documents: 'no_documents',
  /** 409: the seller registration can no longer be withdrawn. */
  not_withdrawable: 'not_withdrawable',

  // Catalogue.
  /** 400: a seller without a shop name cannot list products. */
  shop_required: 'shop_required',
  /** 400: the product's locked fields cannot change after its first update. */
  product_locked: 'product_locked',
  /** 409: the buyer already reviewed this product. */
  already_reviewed: 'already_reviewed',
  /** 409: the seller already has a size chart with this name. */
  size_chart_name_taken: 'size_chart_name_taken',
  /** 409: the wishlist already holds the most products it may (WISHLIST_MAX). */
  wishlist_full: 'wishlist_full',

  // Orders and payments.
  /** 400: an order line names a product that does not exist. */
  product_not_found: 'product_not_found',
  /** 409: an order line names a product that is not for sale. */
  product_unavailable: 'product_unavailable',
  /** 409: not enough stock for an order line. */
  out_of_stock: 'out_of_stock',
  /** 409: the order is cancelled. */
  order_cancelled: 'order_cancelled',
  /** 409: the order is not paid yet. */
  order_unpaid: 'order_unpaid',
  /** 409: the order is already paid. */
  order_paid: 'order_paid',
  /** 409: the order is not complete yet (its mails cannot be sent). */
  order_not_complete: 'order_not_complete',
  /** 404: this payment provider is not configured. */
  provider_unavailable: 'provider_unavailable',
  /** 400: a payment signature did not verify. */
  payment_signature_invalid: 'payment_signature_invalid',
  /** 400: a webhook signature did not verify. */
  webhook_signature_invalid: 'webhook_signature_invalid',
  /** 400: the provider says the payment is not completed. */
  payment_not_completed: 'payment_not_completed',
  /** 400: the provider's amount is not the order's. */
  payment_amount_mismatch: 'payment_amount_mismatch',

  // After 'Place Order': shipments, cancellations, returns, refunds, the delivery promise.
  /** 409: the shipment, return or refund is not in a state that allows this move (`state` says which). */
  illegal_transition: 'illegal_transition',
  /** 409: a line cannot be delivered to the address's pincode (the message names it). */
  not_deliverable: 'not_deliverable',
  /** 409: cash on delivery is not offered for this order (pincode, seller, value or buyer). */
  cod_not_allowed: 'cod_not_allowed',
  /** 409: the buyer already holds the most open unpaid cash-on-delivery orders or units allowed. */
  cod_limit_reached: 'cod_limit_reached',
  /** 409: the return window of the shipment is closed (or it was not delivered). */
  return_window_closed: 'return_window_closed',
  /** 502: the provider refused or failed a refund; it is retried. */
  refund_failed: 'refund_failed',

  // Files.
  /** 413: one uploaded file is over the size limit. */
  file_too_large: 'file_too_large',
  /** 413: the whole upload is over the request limit. */
  request_too_large: 'request_too_large',
  /** 413: an image has more pixels than we decode. */
  image_too_many_pixels: 'image_too_many_pixels',
  /** 415: the file is not an image we accept. */
  unsupported_image: 'unsupported_image',
  /** 400: the file claims to be an image but cannot be read. */
  image_unreadable: 'IMAGE_UNREADABLE',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** One field's problem in a 400 answer: `path` is the dotted field name (`shippingAddress.postalCode`). */
export type FieldError = { path: string; message: string };

/** The body of every non-2xx JSON answer of the API. */
export type ApiErrorBody = {
  message: string;
  code: ErrorCode;
  errors?: FieldError[];
  /** For `illegal_transition`: the state the shipment, return or refund is in now. */
  state?: string;
  /** The request's id, also in the `X-Request-Id` header and on the server's log lines. */
  requestId?: string;
};

const KNOWN = new Set<string>(Object.values(ERROR_CODES));

/** Whether `value` is one of the codes above (a client may get a code newer than its own build). */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && KNOWN.has(value);
}

/** The generic code of an HTTP error status, for answers that have no more specific one. */
export function codeOfStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return ERROR_CODES.invalid_input;
    case 401:
      return ERROR_CODES.unauthenticated;
    case 403:
      return ERROR_CODES.forbidden;
    case 404:
      return ERROR_CODES.not_found;
    case 409:
      return ERROR_CODES.conflict;
    case 413:
      return ERROR_CODES.too_large;
    case 415:
      return ERROR_CODES.unsupported_media;
    case 429:
      return ERROR_CODES.rate_limited;
    case 502:
      return ERROR_CODES.provider_down;
    case 503:
      return ERROR_CODES.service_unavailable;
    default:
      return status >= 500 ? ERROR_CODES.internal_error : ERROR_CODES.invalid_input;
  }
}
