/**
 * The operator's credit actions as they describe themselves: a bank credit posted by hand, and
 * the order a waiting credit without a payee belongs to.
 */
import { z } from 'zod';
import { PROPOSED } from '../../shared/approval-views.js';
import { ConfirmedCreditSchema, PostedCreditSchema } from '../../shared/credit-views.js';
import { noteField } from '../audit/audit-log.js';
import { isSaneDate } from '../http/clean-text.js';
import { oneLine } from '../http/one-line.js';
import { paiseField, utrField } from '../http/request-fields.js';
import { createdOrNot, okOrProposed, operatorApi } from '../http/route-group.js';

export const CreditSchema = z
  .object({
    utr: utrField,
    amount: paiseField,
    payee: oneLine().max(256).optional(),
    payer_name: oneLine().max(256).optional(),
    credited_at: z.iso
      .datetime({ offset: true })
      .refine((text) => isSaneDate(new Date(text)), 'must be between 2000 and 2100')
      .optional(),
    note: noteField,
  })
  .meta({ id: 'BankCredit' });

export const ConfirmCreditSchema = z
  .object({ payment_uid: z.string().min(1).max(128), note: noteField })
  .meta({ id: 'ConfirmCredit' });

export const POST_CREDIT = operatorApi.post('/credits', 'postCredit', {
  summary: 'Post a bank credit',
  description:
    'It settles only an order whose collection account is its payee; without a payee, only when one merchant has collection accounts.',
  body: CreditSchema,
  bodyExample: { utr: '612345678901', amount: '199.00', payee: 'chaipoint@okaxis' },
  answers: {
    202: PROPOSED,
    ...createdOrNot('Posted', 'Already posted (the same credit again)', PostedCreditSchema),
  },
  errors: [409],
});

export const CONFIRM_CREDIT = operatorApi.post('/credits/:utr/confirm', 'confirmCredit', {
  params: z.object({ utr: utrField.describe('The credit (its UTR)') }),
  summary: 'Confirm which order a waiting credit without a payee belongs to',
  description:
    'The order that claimed it, or any collection order if none did; a credit paid to another account is refused.',
  body: ConfirmCreditSchema,
  answers: okOrProposed('Settled', ConfirmedCreditSchema),
  errors: [409],
});
