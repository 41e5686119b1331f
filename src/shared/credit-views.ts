/**
 * What the operator API answers about bank credits, alert texts and credit sources: the list of
 * credits and texts, what became of a posted credit or a text, a statement's import, claims that
 * lost, the sources. The service's /openapi.json describes its answers with these schemas and the
 * console parses the answers it reads with them, so the two cannot drift. Written with `zod/mini`,
 * as console-views.ts. Credits in the list carry their amount in paise, as the store keeps it;
 * every other answer carries rupees with two decimals.
 */
import * as z from 'zod/mini';
import { revocableFields } from './console-views.js';
import { text, texts } from './view-fields.js';

/** What the service's bank-text parser found in an alert it could not make a credit of. */
export const TextReadingSchema = z.object({
  amount: z.nullable(z.string()),
  utr: z.nullable(z.string()),
  credited_at: z.nullable(z.string()),
  payer_name: z.nullable(z.string()),
});
export type TextReading = z.infer<typeof TextReadingSchema>;

/** A bank credit in GET /operator/api/credits. */
export const ListedCreditSchema = z.object({
  id: z.string(),
  cursor: text('Paging: pass it as before= for the rows after this one'),
  utr: z.string(),
  amount: z.number().check(z.describe('Paise')),
  payee: z.string(),
  payer_name: z.string(),
  credited_at: z.string(),
  source: text('operator, statement, sandbox, sms or email'),
  source_id: z.nullable(z.string()),
  merchant_uid: z.nullable(z.string()),
  payment_uid: z.nullable(z.string()),
  payment_status: z.nullable(z.string()),
  matched_at: z.nullable(z.string()),
  created_at: z.string(),
  state: z.enum(['matched', 'waiting', 'conflict']),
  reason: text('Why a credit in conflict can never match as it stands'),
});
export type ListedCredit = z.infer<typeof ListedCreditSchema>;

/** An alert text that gave no credit, in GET /operator/api/credits. */
export const ListedTextSchema = z.object({
  id: z.string(),
  cursor: text('Paging: pass it as before= for the rows after this one'),
  source_id: z.string(),
  merchant_uid: z.string(),
  account: z.string(),
  channel: z.enum(['sms', 'email', 'operator']),
  sender: z.string(),
  body: z.string(),
  received_at: z.string(),
  created_at: z.string(),
  state: z.enum(['unparsed', 'ignored', 'invalid']),
  reason: z.string(),
  reading: TextReadingSchema,
});
export type ListedText = z.infer<typeof ListedTextSchema>;

export const CreditListSchema = z.array(z.union([ListedCreditSchema, ListedTextSchema]));

/** A row of the list that is an alert text (unparsed, ignored or invalid), not a credit. */
export function isListedText(row: ListedCredit | ListedText): row is ListedText {
  return row.state === 'unparsed' || row.state === 'ignored' || row.state === 'invalid';
}

/** A credit an alert text gave, or an operator's fix of one. */
export const TextCreditSchema = z.object({
  id: z.number(),
  utr: z.string(),
  amount: z.string(),
  payee: z.string(),
  payer_name: z.string(),
  credited_at: z.string(),
  state: z.enum(['matched', 'waiting', 'conflict']),
  payment_uid: z.nullable(z.string()),
  payment_status: z.optional(z.string()),
  reason: z.optional(z.string()),
});

/** What became of a text: POST /operator/api/credits/sms and its fix. */
export const TextOutcomeSchema = z.object({
  text_id: z.string(),
  outcome: text('credit, duplicate, conflict, ignored or unparsed'),
  reason: z.string(),
  credit: z.nullable(TextCreditSchema),
});
export type TextOutcome = z.infer<typeof TextOutcomeSchema>;

/** A text an operator put aside (POST /operator/api/credits/texts/{id}/dismiss). */
export const DismissedTextSchema = z.object({
  text_id: z.string(),
  outcome: z.literal('dismissed'),
  reason: z.string(),
});

/** What became of a text forwarded to an ingest endpoint. */
export const IngestedTextSchema = z.object({
  text_id: z.string(),
  outcome: text('credit, duplicate, conflict, ignored, unparsed, or invalid (kept as received, unreadable)'),
  reason: z.string(),
});

/** POST /operator/api/credits: what the credit did (`payment_uid` once it settled an order). */
export const PostedCreditSchema = z.object({
  utr: z.string(),
  amount: z.string(),
  outcome: text('completed or rejected (it settled an order), waiting (with its reason) or duplicate'),
  payment_uid: z.optional(z.nullable(z.string())),
  payment_status: z.optional(z.string()),
  reason: z.optional(z.string()),
});
export type PostedCredit = z.infer<typeof PostedCreditSchema>;

/** A waiting credit an operator confirmed (by its UTR) for an order. */
export const ConfirmedCreditSchema = z.object({
  utr: z.string(),
  outcome: z.enum(['completed', 'rejected']),
  payment_uid: z.string(),
  payment_status: z.string(),
});

/** A waiting credit an operator matched by hand (by its id) to an order. */
export const MatchedCreditSchema = z.extend(ConfirmedCreditSchema, { credit_id: z.string() });
export type MatchedCredit = z.infer<typeof MatchedCreditSchema>;

/** One line of an imported statement and what became of it. */
export const StatementLineSchema = z.object({
  line: z.number(),
  outcome: text('completed, rejected, waiting, duplicate, conflict, ignored or invalid'),
  utr: z.optional(z.string()),
  amount: z.optional(z.string()),
  payment_uid: z.optional(z.nullable(z.string())),
  payment_status: z.optional(z.string()),
  reason: z.optional(z.string()),
  error: z.optional(z.string()),
});

export const StatementImportSchema = z.object({
  format: z.string(),
  profile: z.optional(z.string()),
  lines: z.number(),
  summary: z.record(z.string(), z.number()).check(z.describe('Lines by outcome')),
  results: z.array(StatementLineSchema),
});

/** A claim that lost: a UTR another order holds, a credit paid to another account or of another amount. */
export const LostClaimSchema = z.object({
  utr: z.string(),
  reason: z.enum(['utr_used', 'payee_mismatch', 'credit_mismatch']),
  payment_uid: z.string(),
  merchant_uid: z.string(),
  to_account: z.string(),
  other_payment_uid: z.nullable(z.string()),
  other_merchant_uid: z.nullable(z.string()),
  other_to_account: z.nullable(z.string()),
  credit_payee: z.string(),
  /** `credit_mismatch`: the amount of the credit the UTR belongs to (two decimals); null otherwise. */
  credit_amount: z.nullable(z.string()),
  attempts: z.number(),
  first_at: z.string(),
  last_at: z.string(),
});

/** A credit source: an account whose credits arrive as texts, a statement or the API. */
export const CreditSourceSchema = z.object({
  id: z.string(),
  merchant_uid: z.string(),
  account: z.string(),
  kind: z.enum(['sms', 'statement', 'api']),
  name: z.string(),
  ...revocableFields,
  sender_codes: texts("DLT codes an operator added, accepted beside the bank's own (docs/bank-texts.md)"),
  sender_domains: texts("E-mail sender domains an operator added, beside the bank's own"),
});
export type CreditSource = z.infer<typeof CreditSourceSchema>;

/** A source with what the watch knows of it (GET /operator/api/credit-sources). */
export const WatchedCreditSourceSchema = z.extend(CreditSourceSchema, {
  last_text_at: z.nullable(z.string()).check(z.describe('When it last received a text, ISO 8601')),
  last_heartbeat_at: z.nullable(z.string()).check(z.describe('When its forwarder last sent a heartbeat')),
  texts_last_hour: z.number().check(z.describe('Texts received in the last hour')),
  state: z
    .enum(['active', 'silent', 'revoked'])
    .check(
      z.describe('silent: no text or heartbeat for SOURCE_SILENCE_MINUTES while it is expected to be active'),
    ),
});
export type WatchedCreditSource = z.infer<typeof WatchedCreditSourceSchema>;

/** A forwarder's heartbeat, recorded (POST /ingest/heartbeat). */
export const HeartbeatSchema = z.object({ source_id: z.string(), last_heartbeat_at: z.string() });

/** A new source; an sms source's token and its ingest addresses are shown this once. */
export const CreatedCreditSourceSchema = z.extend(CreditSourceSchema, {
  source_id: z.string(),
  ingest_token: z.optional(z.string()),
  sms_url: z.optional(z.string()),
  email_url: z.optional(z.string()),
  /** An api source's endpoint, POST with `Authorization: Bearer <ingest_token>`. */
  credits_url: z.optional(z.string()),
});
export type CreatedCreditSource = z.infer<typeof CreatedCreditSourceSchema>;
