/**
 * The operators' Needs attention queue as GET /operator/api/attention answers it: every case that
 * needs a person, each of one `kind`, with the reason in words, what it concerns (an order, a
 * credit, an alert text, a credit source) and when it arose; and the count per kind. Written with
 * `zod/mini`, as console-views.ts, for the service's document and the console alike.
 */
import * as z from 'zod/mini';
import { fieldPer } from './view-fields.js';

export const ATTENTION_KINDS = [
  'conflict_credit',
  'frozen_credit',
  'contested_claim',
  'conflict_text',
  'unparsed_text',
  'suspect_text',
  'claim_limit',
  'claim_without_credit',
  'failing_callback',
  'payout_no_debit',
  'payout_reversed',
  'silent_source',
  'approval',
] as const;
export type AttentionKind = (typeof ATTENTION_KINDS)[number];

const ref = (what: string) => z.nullable(z.string()).check(z.describe(what));

export const AttentionItemSchema = z.object({
  kind: z.enum(ATTENTION_KINDS),
  reason: z.string().check(z.describe('Why it needs a person, in words')),
  at: z.string().check(z.describe('When it arose, ISO 8601')),
  merchant_uid: ref('The merchant it concerns, when known'),
  payment_uid: ref('The order it concerns, if any'),
  credit_id: ref('The bank credit it concerns, if any'),
  text_id: ref('The alert text it concerns, if any'),
  source_id: ref('The credit source it concerns, if any'),
  utr: ref('The UTR, if any'),
  amount: ref('The amount in rupees (two decimals), if any'),
  detail: z.string().check(z.describe('More to read: the text as received, the last callback error, ...')),
});
export type AttentionItem = z.infer<typeof AttentionItemSchema>;

/** How many cases wait, one named field per kind. */
export const AttentionCountsSchema = z.object(fieldPer(ATTENTION_KINDS, z.number()));
export type AttentionCounts = z.infer<typeof AttentionCountsSchema>;

export const AttentionSchema = z.object({
  counts: AttentionCountsSchema,
  /** Up to 50 items of each kind, newest first. */
  items: z.array(AttentionItemSchema),
});
export type Attention = z.infer<typeof AttentionSchema>;
