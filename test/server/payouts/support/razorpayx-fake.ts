/**
 * A local RazorpayX Payouts API written from its documentation, for tests: `POST /v1/payouts`
 * (composite: contact and fund account in the body; Basic auth; `X-Payout-Idempotency` required,
 * 4-36 characters; the same key with the same body answers the same payout, with another body a
 * BAD_REQUEST), `GET /v1/payouts/:id`, error bodies `{"error":{"code","description","field"}}`,
 * and webhook deliveries signed as RazorpayX signs them (hex HMAC-SHA256 of the raw body under the
 * webhook secret, in X-Razorpay-Signature, with X-Razorpay-Event-Id).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_KEY_ID = 'rzp_test_1DP5mmOlF5G5ag';
export const FAKE_KEY_SECRET = 'thisisnotarealsecret123';
export const FAKE_ACCOUNT = '2323230041626905';
export const FAKE_WEBHOOK_SECRET = 'webhook-secret-for-tests';

export interface FakePayout {
  id: string;
  entity: 'payout';
  fund_account_id: string;
  amount: number;
  currency: string;
  notes: Record<string, string>;
  fees: number;
  tax: number;
  status: string;
  purpose: string;
  utr: string | null;
  mode: string;
  reference_id: string | null;
  narration: string;
  batch_id: null;
  failure_reason: string | null;
  status_details: { description: string; source: string; reason: string } | null;
  created_at: number;
}

type Behaviour = 'answer' | 'hold' | 'drop' | { reject: string };

export interface RazorpayxFake {
  readonly url: string;
  /** Create requests received, in order (their idempotency keys and parsed bodies). */
  readonly creates: { key: string; body: Record<string, unknown> }[];
  readonly payouts: Map<string, FakePayout>;
  /** What the next create request gets: an answer (default), held until released, never answered, refused. */
  nextCreate(behaviour: Behaviour): void;
  /** Answers the held create request. */
  release(): void;
  /** Resolves once a create request has arrived (held or not). */
  createArrived(): Promise<void>;
  byReference(referenceId: string): FakePayout;
  setStatus(id: string, status: string, extra?: { utr?: string; description?: string }): FakePayout;
  /** A webhook delivery of the payout's current state, as RazorpayX sends it. */
  webhook(
    id: string,
    event: string,
    options?: { eventId?: string; createdAt?: Date },
  ): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
}

export async function startRazorpayxFake(now: () => Date): Promise<RazorpayxFake> {
  const creates: RazorpayxFake['creates'] = [];
  const payouts = new Map<string, FakePayout>();
  const byKey = new Map<string, { body: string; id: string }>();
  let behaviour: Behaviour = 'answer';
  let held: (() => void) | undefined;
  let arrived: (() => void) | undefined;
  let arrival = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  const sockets = new Set<import('node:net').Socket>();

  const send = (res: ServerResponse, status: number, json: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(json));
  };
  const error = (res: ServerResponse, status: number, description: string, field?: string) =>
    send(res, status, {
      error: {
        code: 'BAD_REQUEST_ERROR',
        description,
        source: 'business',
        step: null,
        reason: null,
        metadata: {},
        ...(field ? { field } : {}),
      },
    });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const expected = `Basic ${Buffer.from(`${FAKE_KEY_ID}:${FAKE_KEY_SECRET}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return error(res, 401, 'The api key provided is invalid');
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'GET' && url.pathname.startsWith('/v1/payouts/')) {
      const payout = payouts.get(decodeURIComponent(url.pathname.slice('/v1/payouts/'.length)));
      return payout ? send(res, 200, payout) : error(res, 400, 'The id provided does not exist');
    }
    if (req.method !== 'POST' || url.pathname !== '/v1/payouts')
      return error(res, 404, 'The requested URL was not found on the server.');
    const key = String(req.headers['x-payout-idempotency'] ?? '');
    if (!/^[A-Za-z0-9 _-]{4,36}$/.test(key))
      return error(
        res,
        400,
        'Idempotency key is missing. Include idempotency header and key in the request.',
        'X-Payout-Idempotency',
      );
    const body = JSON.parse(raw) as Record<string, unknown>;
    creates.push({ key, body });
    const current = behaviour;
    behaviour = 'answer';
    const seen = byKey.get(key);
    let payout: FakePayout;
    if (seen) {
      if (seen.body !== raw)
        return error(res, 400, 'Different request body sent for the same idempotency header');
      payout = payouts.get(seen.id) as FakePayout;
    } else {
      if (typeof current === 'object') {
        arrived?.();
        return error(res, 400, current.reject);
      }
      if (body.account_number !== FAKE_ACCOUNT)
        return error(res, 400, 'Invalid account number', 'account_number');
      if (typeof body.amount !== 'number' || body.amount < 100)
        return error(res, 400, 'The amount must be atleast INR 1.00', 'amount');
      const narration = String(body.narration ?? '');
      if (!/^[A-Za-z0-9 ]{0,30}$/.test(narration))
        return error(res, 400, 'The narration is invalid', 'narration');
      payout = {
        id: `pout_${randomBytes(7).toString('hex')}`,
        entity: 'payout',
        fund_account_id: `fa_${randomBytes(7).toString('hex')}`,
        amount: body.amount,
        currency: 'INR',
        notes: (body.notes as Record<string, string>) ?? {},
        fees: 590,
        tax: 90,
        status: 'processing',
        purpose: String(body.purpose),
        utr: null,
        mode: String(body.mode),
        reference_id: (body.reference_id as string | undefined) ?? null,
        narration,
        batch_id: null,
        failure_reason: null,
        status_details: null,
        created_at: Math.floor(now().getTime() / 1000),
      };
      payouts.set(payout.id, payout);
      byKey.set(key, { body: raw, id: payout.id });
    }
    arrived?.();
    if (current === 'drop') return; // never answered: the client times out
    if (current === 'hold') {
      held = () => send(res, 200, payouts.get(payout.id));
      return;
    }
    send(res, 200, payout);
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => error(res, 500, 'fake failed'));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    creates,
    payouts,
    nextCreate(next) {
      behaviour = next;
      arrival = new Promise<void>((resolve) => {
        arrived = resolve;
      });
    },
    release() {
      held?.();
      held = undefined;
    },
    createArrived: () => arrival,
    byReference(referenceId) {
      const found = [...payouts.values()].find((payout) => payout.reference_id === referenceId);
      if (!found) throw new Error(`no fake payout for ${referenceId}`);
      return found;
    },
    setStatus(id, status, extra = {}) {
      const payout = payouts.get(id);
      if (!payout) throw new Error(`no fake payout ${id}`);
      payout.status = status;
      if (extra.utr) payout.utr = extra.utr;
      if (extra.description) {
        payout.failure_reason = extra.description;
        payout.status_details = {
          description: extra.description,
          source: 'beneficiary_bank',
          reason: 'beneficiary_bank_rejected',
        };
      }
      return payout;
    },
    webhook(id, event, options = {}) {
      const payout = payouts.get(id);
      if (!payout) throw new Error(`no fake payout ${id}`);
      const body = JSON.stringify({
        entity: 'event',
        account_id: 'acc_BFQ7uQEaa7j2z7',
        event,
        contains: ['payout'],
        payload: { payout: { entity: payout } },
        created_at: Math.floor((options.createdAt ?? now()).getTime() / 1000),
      });
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': createHmac('sha256', FAKE_WEBHOOK_SECRET).update(body).digest('hex'),
          'x-razorpay-event-id': options.eventId ?? `evt_${randomBytes(7).toString('hex')}`,
        },
      };
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
