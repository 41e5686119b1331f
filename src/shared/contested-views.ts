/**
 * Contested claims as the operator API answers them (GET /operator/api/credits/contested): a UTR
 * that several orders claim, each case with the credit if it arrived and every claiming order side
 * by side with its claim time and client address. Written with `zod/mini`, as console-views.ts,
 * for the service's document and the console alike. Amounts in rupees with two decimals.
 */
import * as z from 'zod/mini';
import { orderRefFields, text, texts } from './view-fields.js';

export const ContestantSchema = z.object({
  ...orderRefFields,
  amount: text('The order amount, rupees'),
  payment_status: z.string(),
  client_ip: text('The address the claim came from (`operator` for an operator)'),
  claimed_at: text('When the order claimed the UTR, ISO 8601'),
  state: z
    .enum(['holding', 'refused'])
    .check(
      z.describe(
        'holding: the claim stands, contested; refused: claimed after the credit completed the holder',
      ),
    ),
});
export type Contestant = z.infer<typeof ContestantSchema>;

export const ContestedCaseSchema = z.object({
  utr: z.string(),
  contested_at: text('When the UTR became contested, ISO 8601'),
  credit: z.nullable(
    z.object({
      credit_id: z.string(),
      amount: text('Rupees'),
      payee: z.string(),
      hold: z.string(),
      payment_uid: z.nullable(text('The order the credit settled, when it did (a completed order flagged)')),
      created_at: z.string(),
    }),
  ),
  claims: z.array(ContestantSchema),
});
export type ContestedCase = z.infer<typeof ContestedCaseSchema>;

export const ClaimResolvedSchema = z.object({
  utr: z.string(),
  payment_uid: text('The order that keeps the UTR'),
  payment_status: z.string(),
  released: texts('The orders whose claim was released'),
  outcome: z
    .enum(['completed', 'rejected', 'waiting'])
    .check(z.describe('What the credit did: settled the order, or waits (not arrived, or cannot settle it)')),
});
export type ClaimResolvedView = z.infer<typeof ClaimResolvedSchema>;
