import type { PayerFailReason } from '../../shared/payer-order.js';
import type { PayerReasonCode } from '../../shared/payer-reason.js';
import type { MessageKey } from '../i18n/messages.js';
import { formatInr } from './format-inr.js';

const KEYS: { readonly [C in PayerReasonCode]: MessageKey } = {
  amount_mismatch: 'reasonAmountMismatch',
  no_payment: 'reasonNoPayment',
  refunded: 'reasonRefunded',
  operator_failed: 'reasonOperatorFailed',
  operator_rejected: 'reasonOperatorRejected',
  payment_failed: 'reasonPaymentFailed',
  payout_failed: 'reasonPayoutFailed',
};

/**
 * The server's failure reason (a code and parameters) as a message of the page's own, in the
 * payer's language; amounts in Indian grouping. An unknown code reads as a general failure.
 */
export function failReasonMessage(reason: PayerFailReason): {
  readonly key: MessageKey;
  readonly values: Readonly<Record<string, string>>;
} {
  const key = KEYS[reason.code as PayerReasonCode] ?? 'reasonPaymentFailed';
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(reason.params)) {
    values[name] = name === 'expected' || name === 'received' ? formatInr(value) : value;
  }
  return { key, values };
}
