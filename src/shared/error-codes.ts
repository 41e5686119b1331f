/**
 * Stable error codes carried in `data.error` of the interface's error shape
 * (`{"result":"error","data":{"error":"...","details":"..."}}`), each with the one HTTP status
 * it is answered with. The checkout page maps the codes of the payer-facing endpoints to plain
 * words in the payer's language.
 */
export const ERROR_CODES = {
  invalidRequest: 'invalid_request',
  invalidField: 'invalid_field',
  missingField: 'missing_field',
  unauthorized: 'unauthorized',
  badSignature: 'bad_signature',
  forbidden: 'forbidden',
  merchantDisabled: 'merchant_disabled',
  payerBlacklisted: 'payer_blacklisted',
  notFound: 'not_found',
  duplicateOrder: 'duplicate_order',
  orderFinal: 'order_final',
  utrUsed: 'utr_used',
  creditMismatch: 'credit_mismatch',
  noNotifyUrl: 'no_notify_url',
  nameTaken: 'name_taken',
  accountInUse: 'account_in_use',
  tooManyUtrs: 'too_many_utrs',
  amountOutOfRange: 'amount_out_of_range',
  insufficientBalance: 'insufficient_balance',
  payoutsUnavailable: 'payouts_unavailable',
  sameOperator: 'same_operator',
  invalidTransition: 'invalid_transition',
  payloadTooLarge: 'payload_too_large',
  headersTooLarge: 'headers_too_large',
  requestTimeout: 'request_timeout',
  expectationFailed: 'expectation_failed',
  unsupportedMediaType: 'unsupported_media_type',
  rateLimited: 'rate_limited',
  internal: 'internal_error',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export type ErrorStatus = 400 | 401 | 403 | 404 | 408 | 409 | 413 | 415 | 417 | 422 | 429 | 431 | 500;

/**
 * The HTTP status of each code: 400 invalid body or field, 401 missing or unknown key or bad
 * signature, 403 not allowed, 404 no such thing, 409 conflicts with the order's state, 422
 * limits and balance, 413, 415, 429, 500; 408, 417 and 431 come from the HTTP layer (a request too
 * slow to arrive, an `Expect` it cannot meet, headers too large).
 */
export const ERROR_STATUS: { readonly [C in ErrorCode]: ErrorStatus } = {
  invalid_request: 400,
  invalid_field: 400,
  missing_field: 400,
  unauthorized: 401,
  bad_signature: 401,
  forbidden: 403,
  merchant_disabled: 403,
  payer_blacklisted: 403,
  not_found: 404,
  duplicate_order: 409,
  order_final: 409,
  utr_used: 409,
  credit_mismatch: 409,
  no_notify_url: 409,
  name_taken: 409,
  account_in_use: 409,
  invalid_transition: 409,
  too_many_utrs: 422,
  amount_out_of_range: 422,
  insufficient_balance: 422,
  payouts_unavailable: 422,
  same_operator: 403,
  payload_too_large: 413,
  headers_too_large: 431,
  request_timeout: 408,
  expectation_failed: 417,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
};
