/**
 * The credits a bank statement contradicted (docs/money-controls.md, "Evidence, balances and
 * suspense"), and the operators' decisions about money no order takes as it stands (release frozen
 * money, return money to the payer: "Frozen and suspense money"), as their routes describe themselves.
 */
import { z } from 'zod';
import { idField, limitField } from '../http/request-fields.js';
import { ok, okOrProposed, operatorApi } from '../http/route-group.js';
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

export const LIST_FROZEN_CREDITS = operatorApi.get('/credits/frozen', 'listFrozenCredits', {
  summary: 'Credits a bank statement line contradicted, newest first',
  description:
    "A credit known only from a bank's text whose UTR a statement line gives with another amount or account: its " +
    'money is frozen (hold `frozen`) until an operator decides; one whose hold had already ended is listed too.',
  query: z.object({ limit: limitField(500, 100) }),
  answers: ok('The cases', z.array(FrozenCreditSchema)),
});

export const CreditMoneySchema = z
  .object({ note: z.string().trim().min(1, 'required: say why').max(500) })
  .meta({ id: 'CreditMoneyDecision' });

export const CreditMoneyMovedSchema = z
  .object({
    credit_id: z.string(),
    utr: z.string(),
    hold: z.enum(CREDIT_HOLDS),
    payment_uid: z.string().nullable().describe('The order the credit completed, if any'),
    moved: z
      .enum(['frozen_to_available', 'frozen_to_payer', 'suspense_to_payer', 'none'])
      .describe(
        "Where the money went: the merchant's available balance, or back to the payer through the bank",
      ),
  })
  .meta({ id: 'CreditMoneyMoved' });

const creditParams = z.object({ credit_id: idField.describe('The credit') });

export const RELEASE_FROZEN_CREDIT = operatorApi.post('/credits/:credit_id/release', 'releaseFrozenCredit', {
  params: creditParams,
  summary:
    "Release a frozen credit: the statement line was wrong; its money becomes the merchant's (note required; audited)",
  description:
    "The hold becomes `cleared`. Frozen money of a completed order moves to the merchant's available balance; a " +
    "credit that completed no order is matched again (a payer's claim waiting for it settles). A money action: under " +
    'dual control it is a proposal a second operator approves.',
  body: CreditMoneySchema,
  bodyExample: { note: 'the bank corrected its statement' },
  answers: okOrProposed('Released', CreditMoneyMovedSchema),
  errors: [409],
});

export const RETURN_CREDIT = operatorApi.post('/credits/:credit_id/return', 'returnCredit', {
  params: creditParams,
  summary:
    "Return a credit's money to the payer: frozen money, or money in suspense (note required; audited)",
  description:
    "Frozen money of a completed order leaves the merchant's frozen balance; money that completed no order leaves " +
    'its suspense account; each through the bank. The credit is `returned` and settles nothing again. Money already ' +
    'available to the merchant is refused (409). A money action: under dual control it is a proposal a second operator approves.',
  body: CreditMoneySchema,
  bodyExample: { note: 'payer paid twice; returned by NEFT' },
  answers: okOrProposed('Returned', CreditMoneyMovedSchema),
  errors: [409],
});
