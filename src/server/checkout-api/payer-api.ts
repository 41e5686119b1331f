/** The payer page's routes as they describe themselves (docs/checkout.md): unsigned, limited per client IP. */
import { z } from 'zod';
import { MatchResultSchema, PayerOrderSchema, SimulationResultSchema } from '../../shared/payer-order.js';
import { normalizeUtr } from '../../shared/utr.js';
import { requiredFirst } from '../http/input-error.js';
import { readFormOrJson } from '../http/read-body.js';
import { ok, routeGroup } from '../http/route-group.js';

const PAYMENT_UID = z.object({ payment_uid: z.string().describe('The order (from payment_url)') });

/** The payer page's API: unsigned, limited per client IP (429). */
const payerApi = routeGroup('payer', 'public');

export const PAYER_ORDER = payerApi.get('/checkout/api/orders/:payment_uid', 'payerOrder', {
  summary: 'The payer-safe view of an order (ETag; 304 on If-None-Match)',
  params: PAYMENT_UID,
  answers: {
    200: { description: 'The order', data: PayerOrderSchema, headers: { ETag: 'The version of the view' } },
    304: { description: 'Unchanged since the ETag given in If-None-Match' },
  },
  errors: [429],
});

export const PAYER_EVENTS = payerApi.get('/checkout/api/orders/:payment_uid/events', 'payerEvents', {
  summary: 'The payer view as Server-Sent Events',
  description:
    'An event on connect and after every change (id = change sequence; Last-Event-ID resumes), a comment every 20 s; the stream ends after a final state.',
  params: PAYMENT_UID,
  answers: {
    200: {
      description: 'An event stream; each event carries the same body as the poll',
      media: { 'text/event-stream': { type: 'string' } },
    },
  },
  errors: [429],
});

/** The payer's claim: the UTR as pasted (white space removed), 12 digits. */
const claim = z.object({
  payment_uid: z.string().trim(),
  serial_number: z
    .string()
    .transform(normalizeUtr)
    .pipe(z.string().regex(/^\d{12}$/, 'must be exactly 12 digits'))
    .describe('The UTR: 12 digits'),
});

export const CLAIM_UTR = payerApi.post('/Payments/india_match', 'claimUtr', {
  summary: "Return the payer's UTR for an order",
  description: 'Unsigned; limited per client IP. JSON or a form.',
  body: claim,
  read: readFormOrJson,
  invalid: requiredFirst(['payment_uid', 'serial_number']),
  bodyMedia: {
    'application/x-www-form-urlencoded': {
      type: 'object',
      properties: { payment_uid: { type: 'string' }, serial_number: { type: 'string' } },
      required: ['payment_uid', 'serial_number'],
    },
  },
  bodyExample: { payment_uid: '0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b', serial_number: '612345678901' },
  answers: ok('Claimed', MatchResultSchema),
  errors: [404, 409, 422, 429],
});

export const SIMULATE_PAYMENT = payerApi.post(
  '/checkout/api/orders/:payment_uid/simulate',
  'simulatePayment',
  {
    summary: 'Sandbox only: pay a collection order with a made-up bank credit',
    params: PAYMENT_UID,
    answers: ok('The credit posted', SimulationResultSchema),
    errors: [429],
  },
);

export const DEMO = payerApi.get('/demo', 'demo', {
  summary: 'Sandbox only: a fresh order of the demo merchant, and a redirect to its payer page',
  answers: {
    302: { description: 'A redirect to the new payment_url', headers: { Location: 'payment_url' } },
  },
  errors: [403, 404, 429],
});
