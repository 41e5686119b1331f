/**
 * One JSON request to a payout provider's API through the outbound guard (notify/outbound-guard.ts):
 * the host is resolved and checked once and the connection pinned to the checked addresses, with a
 * total timeout and a cap on the answer's size. node:http(s) rather than fetch for the pinning.
 * The outcome is a value, never thrown; a timeout or a dropped connection says nothing about
 * whether the provider acted, which is why every create carries an idempotency key.
 */
import http from 'node:http';
import https from 'node:https';
import { checkHost, type OutboundPolicy, pinnedLookup } from '../notify/outbound-guard.js';

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
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (answer: ProviderAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(answer);
    };
    const req = client.request(url, {
      method: request.method,
      agent: false,
      lookup: pinnedLookup(check.addresses),
      headers: {
        ...request.headers,
        accept: 'application/json',
        ...(request.body === undefined
          ? {}
          : {
              'content-type': 'application/json',
              'content-length': String(Buffer.byteLength(request.body)),
            }),
        connection: 'close',
      },
    });
    const timer = setTimeout(
      () => settle({ kind: 'no_answer', reason: `timeout after ${options.timeoutMs} ms` }),
      Math.max(0, options.timeoutMs - (performance.now() - started)),
    );
    req.on('error', (error) => settle({ kind: 'no_answer', reason: error.message }));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_ANSWER_BYTES) settle({ kind: 'no_answer', reason: 'answer too large' });
        else chunks.push(chunk);
      });
      res.on('end', () => {
        let json: unknown;
        try {
          json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          json = undefined;
        }
        settle({ kind: 'answer', status: res.statusCode ?? 0, json });
      });
      res.on('error', (error) => settle({ kind: 'no_answer', reason: error.message }));
    });
    req.end(request.body);
  });
}
