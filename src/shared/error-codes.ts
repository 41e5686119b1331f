/**
 * Stable error codes carried in `data.error` of the interface's error shape
 * (`{"result":"error","data":{"error":"...","details":"..."}}`). The checkout page maps the
 * codes of the payer-facing endpoints to plain words in the payer's language.
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
  tooManyUtrs: 'too_many_utrs',
  amountOutOfRange: 'amount_out_of_range',
  insufficientBalance: 'insufficient_balance',
  invalidTransition: 'invalid_transition',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  rateLimited: 'rate_limited',
  internal: 'internal_error',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
