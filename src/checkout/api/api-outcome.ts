/**
 * What a call to the payer API came to, as the UI needs it. Transport details (status codes,
 * bodies, exceptions) stop at the API module; expected outcomes are values, not exceptions.
 */
export type ApiOutcome<T> =
  | { readonly kind: 'ok'; readonly data: T }
  /** `If-None-Match` matched: nothing changed since the last answer. */
  | { readonly kind: 'not-modified' }
  | { readonly kind: 'not-found' }
  /** The service answered with an error code the payer should hear about (`utr_used`, ...). */
  | {
      readonly kind: 'refused';
      readonly code: string;
      readonly retryAfterSeconds: number | undefined;
      /** `credit_mismatch`: the amount of the bank credit the UTR belongs to. */
      readonly creditAmount?: string | undefined;
    }
  /** No answer, a server failure, or an answer we could not read: try again later. */
  | { readonly kind: 'offline' };
