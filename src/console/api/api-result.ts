/**
 * What a call to the operator API came to, as the console needs it. Transport details stop at
 * the API module; expected outcomes are values, not exceptions.
 */
export type ApiResult<T> =
  | { readonly kind: 'ok'; readonly data: T }
  /** No session (never signed in, expired, signed out elsewhere): show the sign-in screen. */
  | { readonly kind: 'unauthorized' }
  /** The service refused the request with an error code and its details (shown to the operator). */
  | { readonly kind: 'refused'; readonly code: string; readonly details: string }
  /** No answer, a server failure, or an answer we could not read. */
  | { readonly kind: 'offline' };

export function describeFailure(result: Exclude<ApiResult<unknown>, { kind: 'ok' }>): string {
  switch (result.kind) {
    case 'unauthorized':
      return 'Your session has ended. Sign in again.';
    case 'refused':
      return result.details || result.code;
    case 'offline':
      return 'The service did not answer. Check the connection and try again.';
  }
}
