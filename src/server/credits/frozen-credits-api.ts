/**
 * The credits a bank statement contradicted (docs/money-controls.md, "Evidence, balances and
 * suspense"), as their operator route describes itself.
 */
import { z } from 'zod';
import { apiRoute } from '../http/api-route.js';
import { limitField } from '../http/request-fields.js';
import { CREDIT_EVIDENCE, CREDIT_HOLDS } from './credit-store.js';

export const FrozenCreditSchema = z
  .object({
    credit_id: z.string(),
    utr: z.string(),
    amount: z.string().describe('What the credit (the bank text) said, rupees'),
    payee: z.string(),
    evidence: z.enum(CREDIT_EVIDENCE),
    hold: z.enum(CREDIT_HOLDS).describe('frozen; cleared when the line came after the hold ended'),
    statement_amount: z.string().describe('What the contradicting statement line said, rupees'),
    statement_payee: z.string(),
    reason: z.string(),
    merchant_uid: z.string().nullable(),
    payment_uid: z.string().nullable().describe('The order the credit completed, if it did'),
    payment_status: z.string().nullable(),
    frozen_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'FrozenCredit' });
export type FrozenCredit = z.infer<typeof FrozenCreditSchema>;

export const LIST_FROZEN_CREDITS = apiRoute({
  id: 'listFrozenCredits',
  method: 'get',
  path: '/credits/frozen',
  tag: 'operator',
  auth: 'operator',
  summary: 'Credits a bank statement line contradicted, newest first',
  description:
    "A credit known only from a bank's text whose UTR a statement line gives with another amount or account: its " +
    'money is frozen (hold `frozen`) until an operator decides; one whose hold had already ended is listed too.',
  query: z.object({ limit: limitField(500, 100) }),
  answers: { 200: { description: 'The cases', data: z.array(FrozenCreditSchema) } },
  errors: [],
});
