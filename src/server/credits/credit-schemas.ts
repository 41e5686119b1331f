/** Request bodies of the credit-source and credit operator API, validated with zod. */
import { z } from 'zod';

const amountText = z.string().regex(/^\d{1,13}(\.\d{1,2})?$/, 'must be a decimal amount like 100.00');
const utrText = z
  .string()
  .transform((text) => text.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{12}$/, 'must be exactly 12 digits'));
const note = z.string().trim().min(1, 'required: say why').max(500);

export const CreateCreditSourceSchema = z
  .object({
    merchant_uid: z.string().min(1),
    account: z
      .string()
      .trim()
      .regex(
        /^(?:[A-Za-z0-9._-]{2,256}@[A-Za-z0-9]{2,64}|\d{9,18})$/,
        'must be a UPI VPA or a 9-18 digit account number',
      ),
    kind: z.enum(['sms', 'statement', 'api']),
    name: z.string().trim().min(1).max(100),
  })
  .meta({ id: 'CreateCreditSource' });

export const OperatorSmsSchema = z
  .object({
    source_id: z.string().min(1),
    text: z.string().trim().min(1).max(4000),
    sender: z.string().max(100).optional(),
    received_at: z.iso.datetime({ offset: true }).optional(),
  })
  .meta({ id: 'OperatorSms' });

export const FixTextSchema = z
  .object({
    utr: utrText,
    amount: amountText,
    payer_name: z.string().max(256).optional(),
    credited_at: z.iso.datetime({ offset: true }).optional(),
    note,
  })
  .meta({ id: 'FixText' });

export const MatchCreditSchema = z
  .object({ payment_uid: z.string().min(1).max(64), note })
  .meta({ id: 'MatchCredit' });
