/** Request bodies and queries of the credit-source and credit operator API, validated with zod. */
import { z } from 'zod';
import { isSaneDate } from '../http/clean-text.js';
import { oneLine } from '../http/one-line.js';
import { amountField, idField, limitField, paiseField, utrField } from '../http/request-fields.js';
import { DLT_CODE, SENDER_DOMAIN } from './bank-text/bank-senders.js';
import { CREDIT_STATES, type CreditFilter, type CreditState, readCursor } from './credit-list.js';
import { FIELDS, type Field } from './statements/csv-profiles.js';
import { STATEMENT_FORMATS } from './statements/read-statement.js';

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
    name: oneLine().trim().min(1).max(100),
  })
  .meta({ id: 'CreateCreditSource' });

/** At most this many codes or domains per source: a source is one bank's account. */
const MAX_SOURCE_SENDERS = 20;

const senderList = (pattern: RegExp, message: string, normal: (value: string) => string) =>
  z
    .array(z.string().trim().transform(normal).pipe(z.string().regex(pattern, message)))
    .max(MAX_SOURCE_SENDERS)
    .transform((values) => [...new Set(values)]);

/** The senders an operator vouches for on a source; a list given replaces the source's. */
export const UpdateCreditSourceSchema = z
  .object({
    sender_codes: senderList(
      DLT_CODE,
      'each must be a DLT code: six letters or digits, as HDFCBK in VM-HDFCBK',
      (value) => value.toUpperCase(),
    )
      .optional()
      .describe("DLT codes accepted from this source's SMS, beside the bank's own"),
    sender_domains: senderList(
      SENDER_DOMAIN,
      'each must be a domain such as alerts.examplebank.com',
      (value) => value.toLowerCase(),
    )
      .optional()
      .describe("E-mail domains (and their subdomains) accepted from this source, beside the bank's own"),
  })
  .refine((body) => body.sender_codes !== undefined || body.sender_domains !== undefined, {
    message: 'give sender_codes, sender_domains or both',
  })
  .meta({ id: 'UpdateCreditSource' });

export const OperatorSmsSchema = z
  .object({
    source_id: z.string().min(1),
    text: z.string().trim().min(1).max(4000),
    sender: oneLine().max(100).optional(),
    received_at: z.iso.datetime({ offset: true }).optional(),
  })
  .meta({ id: 'OperatorSms' });

export const FixTextSchema = z
  .object({
    utr: utrField,
    amount: amountField,
    payer_name: oneLine().max(256).optional(),
    credited_at: z.iso.datetime({ offset: true }).optional(),
    note,
  })
  .meta({ id: 'FixText' });

export const DismissTextSchema = z.object({ note }).meta({ id: 'DismissText' });

export const MatchCreditSchema = z
  .object({ payment_uid: z.string().min(1).max(64), note })
  .meta({ id: 'MatchCredit' });

const optionalText = (description: string) => z.string().optional().describe(description);

/** A date in a query (`2026-11-23`, `2026-11-23T09:30:00+05:30`), or none. */
const dateQuery = (description: string) =>
  z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text === '') return undefined;
      const at = new Date(text);
      if (!Number.isNaN(at.getTime())) return at;
      ctx.issues.push({ code: 'custom', message: 'must be an ISO 8601 date', input: text });
      return z.NEVER;
    })
    .describe(description);

/** `state=matched,waiting`: the states listed (every state when none is given). */
const statesQuery = z
  .string()
  .optional()
  .transform((text, ctx): readonly CreditState[] => {
    if (text === undefined || text === '') return CREDIT_STATES;
    const states = text.split(',');
    if (states.every((state) => (CREDIT_STATES as readonly string[]).includes(state))) {
      return states as CreditState[];
    }
    ctx.issues.push({
      code: 'custom',
      message: `must be one or more of ${CREDIT_STATES.join(', ')}`,
      input: text,
    });
    return z.NEVER;
  })
  .describe(`Comma-separated: ${CREDIT_STATES.join(', ')} (default: all)`);

/** GET /operator/api/credits: the states listed and the filter over them. */
export const CreditListQuerySchema = z
  .object({
    state: statesQuery,
    unmatched: z
      .enum(['true', 'false'])
      .optional()
      .describe("true: waiting and conflict (the CLI's older flag)"),
    merchant_uid: optionalText('Only this merchant'),
    source_id: optionalText('Only this source'),
    utr: optionalText('Only this UTR'),
    from: dateQuery('Created at or after (ISO date)'),
    to: dateQuery('Created before (ISO date)'),
    before: optionalText('Paging: the cursor of the last row of the previous page'),
    limit: limitField(500, 100),
  })
  .transform((query, ctx): { states: readonly CreditState[]; filter: CreditFilter } => {
    // `unmatched=true` (the CLI's older flag) lists credits still without an order.
    const states = query.unmatched === 'true' ? (['waiting', 'conflict'] as const) : query.state;
    const before = query.before ?? '';
    const cursor = before === '' ? undefined : readCursor(before, states);
    if (before !== '' && !cursor) {
      ctx.issues.push({
        code: 'custom',
        path: ['before'],
        message:
          "must be a row's cursor (credit:<id> or text:<id>; a bare id only when credits or texts are listed alone)",
        input: before,
      });
      return z.NEVER;
    }
    return {
      states,
      filter: {
        merchantUid: query.merchant_uid ?? '',
        sourceId: query.source_id ?? '',
        utr: (query.utr ?? '').replace(/\s+/g, ''),
        from: query.from,
        to: query.to,
        before: cursor,
        limit: query.limit,
      },
    };
  });

/** POST /operator/api/credits/import: the statement's format and profile, and where its lines come from. */
export const StatementQuerySchema = z.object({
  format: z
    .enum(STATEMENT_FORMATS)
    .optional()
    .describe(`${STATEMENT_FORMATS.join(', ')} (default: recognised from the text)`),
  profile: optionalText('The CSV profile (default: recognised from the header)'),
  source_id: optionalText('The statement credit source the lines come from'),
  ...columnQueries(),
});

/** `column.<field>`: the header of each field in a generic CSV. */
function columnQueries() {
  const columns = FIELDS.map((field) => [
    `column.${field}`,
    optionalText(`The header of ${field} in a generic CSV (profile generic)`),
  ]);
  // fromEntries cannot name the keys it makes; they are FIELDS' own.
  return Object.fromEntries(columns) as Record<`column.${Field}`, ReturnType<typeof optionalText>>;
}

/** GET /operator/api/audit: newest first, filtered. */
export const AuditQuerySchema = z.object({
  action: optionalText('Only this action (credit.fix, credit.match, ...)'),
  subject: optionalText('Only this subject (credit:12, text:7, source:3)'),
  actor: optionalText('Only this operator'),
  before: idField.optional().describe('Paging: older than this id'),
  limit: limitField(500, 100),
});

/** A credit an api credit source posts (POST /ingest/credits): its payee is the source's account. */
export const ApiCreditSchema = z
  .object({
    utr: utrField,
    amount: paiseField,
    payer_name: oneLine().max(256).optional(),
    credited_at: z.iso
      .datetime({ offset: true })
      .refine((text) => isSaneDate(new Date(text)), 'must be between 2000 and 2100')
      .optional(),
    payee: oneLine().max(256).optional().describe("Ignored: the payee is always the source's account"),
  })
  .meta({ id: 'ApiCredit' });
