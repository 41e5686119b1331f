/**
 * A merchant's callback endpoint on 127.0.0.1 (random port), for tests. It verifies OC-Signature
 * the way merchants do, independently of the service's code: HMAC-SHA256 over the sorted
 * `name=value` pairs joined with `&`, once keeping empty values and once skipping them. Its answer
 * can be switched between acknowledging, failing, answering slowly, never answering and redirecting.
 */
import { createHmac } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceiverAnswer =
  | 'success'
  | 'lowercase-success'
  | 'error'
  | 'not-success'
  | 'slow'
  | 'silent'
  | 'redirect'
  /** An answer of the test's own: any status and body. */
  | { readonly status: number; readonly body: string };

export interface ReceivedCallback {
  readonly headers: IncomingHttpHeaders;
  readonly raw: string;
  readonly fields: Record<string, string>;
  /** The signature matched with empty values kept as `name=` (what merchants do: docs/merchant-api.md, Callbacks). */
  readonly signedKeepingEmpties: boolean;
  /** The signature matched with empty values skipped. */
  readonly signedSkippingEmpties: boolean;
}

export interface CallbackReceiver {
  readonly url: string;
  readonly hits: ReceivedCallback[];
  answer: ReceiverAnswer;
  /** How long a `slow` answer takes. */
  slowMs: number;
  /** Delay before any answer, to make deliveries overlap. */
  delayMs: number;
  close(): Promise<void>;
}

export async function startReceiver(
  secretFor: (apiKey: string) => string | undefined,
): Promise<CallbackReceiver> {
  const receiver: CallbackReceiver = {
    url: '',
    hits: [],
    answer: 'success',
    slowMs: 2000,
    delayMs: 0,
    close: async () => undefined,
  };
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const fields = JSON.parse(raw) as Record<string, string>;
      const secret = secretFor(String(req.headers['oc-key'] ?? '')) ?? '';
      const given = String(req.headers['oc-signature'] ?? '');
      receiver.hits.push({
        headers: req.headers,
        raw,
        fields,
        signedKeepingEmpties: given === sign(secret, fields, false),
        signedSkippingEmpties: given === sign(secret, fields, true),
      });
      const answer = receiver.answer;
      later(receiver.delayMs, () => respond(answer, res, later, receiver.slowMs));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/callbacks/upi`,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

function respond(
  answer: ReceiverAnswer,
  res: http.ServerResponse,
  later: (ms: number, run: () => void) => void,
  slowMs: number,
): void {
  if (typeof answer === 'object') {
    res.writeHead(answer.status).end(answer.body);
    return;
  }
  switch (answer) {
    case 'success':
      res.end('SUCCESS');
      return;
    case 'lowercase-success':
      res.end('  success\n');
      return;
    case 'error':
      res.writeHead(500).end('Internal Server Error');
      return;
    case 'not-success':
      res.end('{"ok":true}');
      return;
    case 'slow':
      later(slowMs, () => res.end('SUCCESS'));
      return;
    case 'silent':
      return;
    case 'redirect':
      res.writeHead(302, { location: '/elsewhere' }).end('SUCCESS');
      return;
  }
}

function sign(secret: string, fields: Record<string, string>, skipEmpty: boolean): string {
  const text = Object.keys(fields)
    .sort()
    .filter((name) => !skipEmpty || fields[name] !== '')
    .map((name) => `${name}=${fields[name]}`)
    .join('&');
  return createHmac('sha256', secret).update(text).digest('hex');
}
