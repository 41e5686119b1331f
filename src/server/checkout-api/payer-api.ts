/** The payer page's routes as they describe themselves (docs/checkout.md): unsigned, limited per client IP. */
import { z } from 'zod';
import { MatchResultSchema, PayerOrderSchema, SimulationResultSchema } from '../../shared/payer-order.js';
import { normalizeUtr } from '../../shared/utr.js';
import { apiRoute } from '../http/api-route.js';
import { requiredFirst } from '../http/input-error.js';
import { readFormOrJson } from '../http/read-body.js';

const PAYMENT_UID = z.object({ payment_uid: z.string().describe('The order (from payment_url)') });

export const PAYER_ORDER = apiRoute({
  id: 'payerOrder',
  method: 'get',
  path: '/checkout/api/orders/:payment_uid',
  tag: 'payer',
  auth: 'public',
  summary: 'The payer-safe view of an order (ETag; 304 on If-None-Match)',
  params: PAYMENT_UID,
  answers: {
    200: { description: 'The order', data: PayerOrderSchema, headers: { ETag: 'The version of the view' } },
    304: { description: 'Unchanged since the ETag given in If-None-Match' },
  },
  errors: [404, 429],
});

export const PAYER_EVENTS = apiRoute({
  id: 'payerEvents',
  method: 'get',
  path: '/checkout/api/orders/:payment_uid/events',
  tag: 'payer',
  auth: 'public',
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
  errors: [404, 429],
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

export const CLAIM_UTR = apiRoute({
  id: 'claimUtr',
  method: 'post',
  path: '/Payments/india_match',
  tag: 'payer',
  auth: 'public',
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
  answers: { 200: { description: 'Claimed', data: MatchResultSchema } },
  errors: [404, 409, 422, 429],
});

export const SIMULATE_PAYMENT = apiRoute({
  id: 'simulatePayment',
  method: 'post',
  path: '/checkout/api/orders/:payment_uid/simulate',
  tag: 'payer',
  auth: 'public',
  summary: 'Sandbox only: pay a collection order with a made-up bank credit',
  params: PAYMENT_UID,
  answers: { 200: { description: 'The credit posted', data: SimulationResultSchema } },
  errors: [404, 429],
});

export const DEMO = apiRoute({
  id: 'demo',
  method: 'get',
  path: '/demo',
  tag: 'payer',
  auth: 'public',
  summary: 'Sandbox only: a fresh order of the demo merchant, and a redirect to its payer page',
  answers: {
    302: { description: 'A redirect to the new payment_url', headers: { Location: 'payment_url' } },
  },
  errors: [403, 404, 429],
});
