/**
 * One callback attempt (docs/merchant-api.md, Callbacks; SECURITY.md, Callbacks): POST the flat JSON body with `OC-Key` and
 * `OC-Signature` to the notify_url through the outbound guard, with a total timeout, no redirects
 * followed and at most `maxResponseBytes` of the answer read. Acknowledged iff HTTP 2xx and the
 * body acknowledges it (acknowledgement.ts: `SUCCESS`, or JSON with `status`/`result` `success` or
 * `ok`). Uses node:http/https rather than fetch because only
 * they let the connection be pinned to the checked address (outbound-request.ts). The outcome is a value, never thrown.
 */
import { isAcknowledgement } from './acknowledgement.js';
import { checkHost, isOutboundRefusedError, type OutboundPolicy } from './outbound-guard.js';
import { outboundRequest } from './outbound-request.js';

export interface CallbackRequest {
  readonly url: string;
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
}

export interface DeliveryOptions extends OutboundPolicy {
  readonly timeoutMs: number;
  readonly maxResponseBytes?: number;
}

export interface DeliveryOutcome {
  readonly acknowledged: boolean;
  readonly httpStatus: number | null;
  readonly latencyMs: number;
  /** The first bytes of the answer, as text. */
  readonly snippet: string;
  /** Why the attempt failed; empty when acknowledged. */
  readonly error: string;
}

export type DeliverCallback = (
  request: CallbackRequest,
  options: DeliveryOptions,
) => Promise<DeliveryOutcome>;

const DEFAULT_MAX_RESPONSE_BYTES = 4096;
const SNIPPET_CHARS = 256;

export const deliverCallback: DeliverCallback = async (request, options) => {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return failure(null, 0, '', 'invalid notify_url');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return failure(null, 0, '', `unsupported scheme ${url.protocol}`);
  }
  // Resolved and checked once; the connection is pinned to these addresses (no second lookup).
  const check = await withTimeout(checkHost(url.hostname, options), options.timeoutMs);
  if (check === undefined) return failure(null, elapsed(), '', `timeout after ${options.timeoutMs} ms`);
  if (!check.ok) return failure(null, elapsed(), '', check.reason);

  const answer = await outboundRequest(
    {
      method: 'POST',
      url,
      addresses: check.addresses,
      headers: {
        ...request.headers,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(request.body)),
        'user-agent': 'upi-gateway-callback/1',
      },
      body: request.body,
    },
    {
      timeoutMs: options.timeoutMs,
      started,
      maxBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
    },
  );
  const latencyMs = elapsed();
  if (answer.kind === 'timeout') return failure(null, latencyMs, '', `timeout after ${options.timeoutMs} ms`);
  if (answer.kind === 'error') return failure(null, latencyMs, '', describeError(answer.error));
  const snippet = toSnippet(answer.body);
  const { status } = answer;
  if (status >= 300 && status < 400)
    return failure(status, latencyMs, snippet, `redirect ${status} not followed`);
  if (status < 200 || status >= 300) return failure(status, latencyMs, snippet, `HTTP ${status}`);
  if (!isAcknowledgement(answer.body.toString('utf8'))) {
    return failure(status, latencyMs, snippet, 'answer was not SUCCESS or a JSON success');
  }
  return { acknowledged: true, httpStatus: status, latencyMs, snippet, error: '' };
};

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

function describeError(error: Error): string {
  if (isOutboundRefusedError(error)) return error.message;
  const code = (error as NodeJS.ErrnoException).code;
  return code ? `${code}: ${error.message}` : error.message;
}

function toSnippet(body: Buffer): string {
  // PostgreSQL text cannot hold NUL; other control characters are kept as sent.
  return body.toString('utf8').replaceAll('\u0000', '').slice(0, SNIPPET_CHARS);
}

function failure(
  httpStatus: number | null,
  latencyMs: number,
  snippet: string,
  error: string,
): DeliveryOutcome {
  return { acknowledged: false, httpStatus, latencyMs, snippet, error };
}
