import type { MessageKey } from '../i18n/messages.js';
import type { UtrCheck } from './check-utr.js';

/** What to tell the payer about the UTR field: a message and whether it is a mistake. */
export interface Feedback {
  readonly key: MessageKey;
  readonly values?: Readonly<Record<string, string | number>>;
  readonly tone: 'info' | 'ok' | 'error';
}

/**
 * Live help while typing (a bank transfer's reference is found in the bank app, not a UPI app). Recognised mistakes are explained at once; "too short" is only an error
 * once the payer tries to submit (while typing it is a neutral digit count).
 */
export function utrFeedback(check: UtrCheck, attempted: boolean, imps = false): Feedback {
  switch (check.kind) {
    case 'empty':
      if (attempted) return { key: 'utrEmpty', tone: 'error' };
      return { key: imps ? 'utrIdleImps' : 'utrIdle', tone: 'info' };
    case 'valid':
      return { key: 'utrValid', tone: 'ok' };
    case 'phonepe-id':
      return { key: 'utrPhonePe', tone: 'error' };
    case 'gpay-id':
      return { key: 'utrGpay', tone: 'error' };
    case 'phone-number':
      return { key: 'utrPhone', tone: 'error' };
    case 'not-digits':
      return { key: 'utrNotDigits', tone: 'error' };
    case 'too-long':
      return { key: 'utrTooLong', values: { count: check.digits }, tone: 'error' };
    case 'too-short':
      return attempted
        ? { key: 'utrTooShort', values: { count: check.digits }, tone: 'error' }
        : { key: 'utrCount', values: { count: check.digits }, tone: 'info' };
  }
}
