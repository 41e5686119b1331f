/**
 * The merchant's web site on loopback (node:http), on two ports, that is two origins:
 * - POST /callbacks: the notify_url. Verifies OC-Signature as merchants do (docs/merchant-api.md, Callbacks), under
 *   both empty-value conventions, records every callback and answers `SUCCESS`;
 * - GET /return: the redirect_url page, recording each visit;
 * - GET /embed?src=<payment_url>: a shop page that frames the checkout and records the messages
 *   it receives in `window.checkoutMessages`.
 * `origin` is meant to be allowed to embed the checkout; `otherOrigin` is not.
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signFields } from './merchant-client.js';
import { sleep } from './service-process.js';

export interface ReceivedCallback {
  readonly at: number;
  readonly headers: IncomingHttpHeaders;
  readonly fields: Record<string, string>;
  /** The body was one flat JSON object of strings. */
  readonly flatStrings: boolean;
  readonly signedKeepingEmpties: boolean;
  readonly signedSkippingEmpties: boolean;
}

export interface MerchantSite {
  readonly origin: string;
  readonly otherOrigin: string;
  readonly notifyUrl: string;
  readonly callbacks: ReceivedCallback[];
  readonly returns: URL[];
  returnUrl(merchantOrderId: string): string;
  embedUrl(origin: string, paymentUrl: string): string;
  /** Waits for a callback matching `match` and returns it. */
  waitForCallback(
    match: (fields: Record<string, string>) => boolean,
    timeoutMs?: number,
  ): Promise<ReceivedCallback>;
  callbacksFor(paymentUid: string): ReceivedCallback[];
  close(): Promise<void>;
}

export async function startMerchantSite(
  secretFor: (apiKey: string) => string | undefined,
): Promise<MerchantSite> {
  const callbacks: ReceivedCallback[] = [];
  const returns: URL[] = [];
  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
    if (req.method === 'POST' && url.pathname === '/callbacks') {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        callbacks.push(readCallback(Buffer.concat(chunks).toString('utf8'), req.headers, secretFor));
        res.writeHead(200, { 'Content-Type': 'text/plain' }).end('SUCCESS');
      });
      return;
    }
    if (req.method === 'GET' && url.pathname === '/return') {
      returns.push(url);
      return html(
        res,
        `<h1>Back at the shop</h1><p id="order">${escapeHtml(url.searchParams.get('order') ?? '')}</p>`,
      );
    }
    if (req.method === 'GET' && url.pathname === '/embed') {
      const src = url.searchParams.get('src') ?? '';
      return html(
        res,
        `<h1>Shop checkout</h1>
<script>
  window.checkoutMessages = [];
  window.addEventListener('message', (event) => {
    window.checkoutMessages.push({ origin: event.origin, data: event.data });
  });
</script>
<iframe id="checkout" title="Payment" src="${escapeHtml(src)}" width="420" height="760"></iframe>`,
      );
    }
    res.writeHead(404).end('not found');
  };
  const servers = [http.createServer(handler), http.createServer(handler)];
  const ports: number[] = [];
  for (const server of servers) {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    ports.push((server.address() as AddressInfo).port);
  }
  const origin = `http://127.0.0.1:${ports[0]}`;
  const otherOrigin = `http://127.0.0.1:${ports[1]}`;
  return {
    origin,
    otherOrigin,
    notifyUrl: `${origin}/callbacks`,
    callbacks,
    returns,
    returnUrl: (merchantOrderId) => `${origin}/return?order=${encodeURIComponent(merchantOrderId)}`,
    embedUrl: (from, paymentUrl) => `${from}/embed?src=${encodeURIComponent(paymentUrl)}`,
    async waitForCallback(match, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = callbacks.find((callback) => match(callback.fields));
        if (found) return found;
        await sleep(100);
      }
      const seen = callbacks
        .map((c) => `${c.fields.merchant_order_id}:${c.fields.payment_status}`)
        .join(', ');
      throw new Error(`no matching callback within ${timeoutMs} ms (received: ${seen || 'none'})`);
    },
    callbacksFor: (paymentUid) => callbacks.filter((callback) => callback.fields.payment_uid === paymentUid),
    async close() {
      for (const server of servers) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
  };
}

function readCallback(
  raw: string,
  headers: IncomingHttpHeaders,
  secretFor: (apiKey: string) => string | undefined,
): ReceivedCallback {
  const parsed = JSON.parse(raw) as Record<string, unknown>;
  const flatStrings = Object.values(parsed).every((value) => typeof value === 'string');
  const fields = Object.fromEntries(Object.entries(parsed).map(([name, value]) => [name, String(value)]));
  const secret = secretFor(String(headers['oc-key'] ?? '')) ?? '';
  const given = String(headers['oc-signature'] ?? '');
  return {
    at: Date.now(),
    headers,
    fields,
    flatStrings,
    signedKeepingEmpties: secret !== '' && given === signFields(secret, fields, false),
    signedSkippingEmpties: secret !== '' && given === signFields(secret, fields, true),
  };
}

function html(res: http.ServerResponse, body: string): void {
  res
    .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
    .end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head><body>${body}</body></html>`,
    );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
