/**
 * One JSON request to a payout provider's API through the outbound guard (notify/outbound-guard.ts):
 * the host is resolved and checked once and the connection pinned to the checked addresses, with a
 * total timeout and a cap on the answer's size (notify/outbound-request.ts).
 * The outcome is a value, never thrown; a timeout or a dropped connection says nothing about
 * whether the provider acted, which is why every create carries an idempotency key.
 */
import { checkHost, type OutboundPolicy } from '../notify/outbound-guard.js';
import { outboundRequest } from '../notify/outbound-request.js';

export interface ProviderRequest {
  readonly method: 'GET' | 'POST';
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

export type ProviderAnswer =
  | { readonly kind: 'answer'; readonly status: number; readonly json: unknown }
  /** No answer to act on: the provider may or may not have acted. */
  | { readonly kind: 'no_answer'; readonly reason: string };

export interface ProviderRequestOptions extends OutboundPolicy {
  readonly timeoutMs: number;
}

const MAX_ANSWER_BYTES = 256 * 1024;

export async function providerRequest(
  request: ProviderRequest,
  options: ProviderRequestOptions,
): Promise<ProviderAnswer> {
  const url = new URL(request.url);
  const started = performance.now();
  const check = await checkHost(url.hostname, options);
  if (!check.ok) return { kind: 'no_answer', reason: check.reason };
  const answer = await outboundRequest(
    {
      method: request.method,
      url,
      addresses: check.addresses,
      headers: {
        ...request.headers,
        accept: 'application/json',
        ...(request.body === undefined
          ? {}
          : {
              'content-type': 'application/json',
              'content-length': String(Buffer.byteLength(request.body)),
            }),
      },
      body: request.body,
    },
    // One byte over the cap is enough to tell that an answer is too large.
    { timeoutMs: options.timeoutMs, started, maxBytes: MAX_ANSWER_BYTES + 1 },
  );
  if (answer.kind === 'timeout')
    return { kind: 'no_answer', reason: `timeout after ${options.timeoutMs} ms` };
  if (answer.kind === 'error') return { kind: 'no_answer', reason: answer.error.message };
  if (answer.body.length > MAX_ANSWER_BYTES) return { kind: 'no_answer', reason: 'answer too large' };
  let json: unknown;
  try {
    json = JSON.parse(answer.body.toString('utf8'));
  } catch {
    json = undefined;
  }
  return { kind: 'answer', status: answer.status, json };
}
