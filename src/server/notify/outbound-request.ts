/**
 * One HTTP request out of the building, to a host the outbound guard checked (outbound-guard.ts):
 * the connection is pinned to the checked addresses (no second lookup), never kept alive, cut off
 * when the total time is up, and at most `maxBytes` of the answer are read. node:http(s) rather
 * than fetch, because only they let the connection be pinned. The outcome is a value, never
 * thrown; callers say what a failure means to them (a callback attempt, a payout provider's call).
 */
import http from 'node:http';
import https from 'node:https';
import { pinnedLookup, type ResolvedAddress } from './outbound-guard.js';

export interface OutboundRequest {
  readonly method: 'GET' | 'POST';
  readonly url: URL;
  /** The addresses checkHost answered for the URL's host. */
  readonly addresses: readonly ResolvedAddress[];
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string | undefined;
}

export interface OutboundLimits {
  /** The whole exchange's time, counted from `started` (performance.now()). */
  readonly timeoutMs: number;
  readonly started: number;
  /** Once this many bytes of the answer have arrived, the answer is what was read, cut there. */
  readonly maxBytes: number;
}

export type OutboundAnswer =
  | { readonly kind: 'answer'; readonly status: number; readonly body: Buffer }
  | { readonly kind: 'timeout' }
  | { readonly kind: 'error'; readonly error: Error };

export function outboundRequest(request: OutboundRequest, limits: OutboundLimits): Promise<OutboundAnswer> {
  const client = request.url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const settle = (answer: OutboundAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(answer);
    };
    const req = client.request(request.url, {
      method: request.method,
      agent: false,
      lookup: pinnedLookup(request.addresses),
      headers: { ...request.headers, connection: 'close' },
    });
    timer = setTimeout(
      () => settle({ kind: 'timeout' }),
      Math.max(0, limits.timeoutMs - (performance.now() - limits.started)),
    );
    req.on('error', (error) => settle({ kind: 'error', error }));
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= limits.maxBytes) {
          settle({ kind: 'answer', status, body: Buffer.concat(chunks).subarray(0, limits.maxBytes) });
        }
      });
      res.on('end', () => settle({ kind: 'answer', status, body: Buffer.concat(chunks) }));
      res.on('error', (error) => settle({ kind: 'error', error }));
    });
    req.end(request.body);
  });
}
