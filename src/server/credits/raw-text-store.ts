/**
 * SQL for alert texts: the one module that writes `raw_texts`. A text from a credit source is
 * stored as received before it is read, then its outcome (a credit, a duplicate, a conflict,
 * ignored, unparsed, fixed by an operator) is recorded on it. A body that cannot be read as a text
 * is stored `invalid` at once, with its reason and its bytes as they came (`original`).
 */
import { z } from 'zod';
import type { Queryable } from '../store/db.js';
import { queryRow, rowQuery, rowsQuery, statement, valueQuery } from '../store/rows.js';
import { type CreditFilter, LISTING_CURSOR_ROW, listingParams, listingRow } from './credit-store.js';

export const TEXT_CHANNELS = ['sms', 'email', 'operator'] as const;
export type TextChannel = (typeof TEXT_CHANNELS)[number];

export const TEXT_OUTCOMES = [
  'received',
  'credit',
  'duplicate',
  'conflict',
  'ignored',
  'unparsed',
  'fixed',
  'invalid',
  'suspect',
  'dismissed',
] as const;
export type StoredTextOutcome = (typeof TEXT_OUTCOMES)[number];

export interface NewRawText {
  readonly sourceId: string;
  readonly channel: TextChannel;
  readonly sender: string;
  readonly body: string;
  readonly bodyDigest: string;
  readonly receivedAt: Date;
  /** The body could not be read as a text: stored `invalid`, with why and its original bytes. */
  readonly invalid?: { readonly reason: string; readonly original: Uint8Array } | undefined;
}

const IdRow = z.object({ id: z.number().int() });

/** Stores a text as received (outcome `received`, or `invalid` with its reason); answers its id. */
export async function insertRawText(tx: Queryable, text: NewRawText, now: Date): Promise<number> {
  const row = await queryRow(
    tx,
    IdRow,
    `INSERT INTO raw_texts (source_id, channel, sender, body, body_digest, received_at, created_at,
       outcome, reason, original)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [
      text.sourceId,
      text.channel,
      text.sender,
      text.body,
      text.bodyDigest,
      text.receivedAt,
      now,
      text.invalid ? 'invalid' : 'received',
      text.invalid?.reason ?? '',
      text.invalid?.original ?? null,
    ],
  );
  if (!row) throw new Error('raw text insert returned no row');
  return row.id;
}

/** An earlier text of the same source with the same digest that was read already, if any (a body
 * that could not be read is no earlier copy of anything). */
export const earlierSameText = valueQuery(
  IdRow,
  'id',
  `SELECT id FROM raw_texts WHERE source_id = $1 AND body_digest = $2 AND id < $3
       AND outcome NOT IN ('received', 'invalid') ORDER BY id LIMIT 1`,
  (sourceId: string, bodyDigest: string, beforeId: number) => [sourceId, bodyDigest, beforeId],
);

/** What became of the text, and the credit it gave (when it gave one). */
export const recordTextOutcome = statement(
  'UPDATE raw_texts SET outcome = $2, reason = $3, credit_id = $4 WHERE id = $1',
  (id: number, outcome: Exclude<StoredTextOutcome, 'received'>, reason: string, creditId: number | null) => [
    id,
    outcome,
    reason,
    creditId,
  ],
);

const RawTextRow = z.object({
  id: z.number().int(),
  source_id: z.string(),
  channel: z.enum(TEXT_CHANNELS),
  outcome: z.enum(TEXT_OUTCOMES),
  reason: z.string(),
  received_at: z.date(),
});
export type RawTextState = z.infer<typeof RawTextRow>;

/** The text and its outcome, locked until the transaction ends (an operator fixes it). */
export const lockRawText = rowQuery(
  RawTextRow,
  'SELECT id, source_id, channel, outcome, reason, received_at FROM raw_texts WHERE id = $1 FOR UPDATE',
  (id: number) => [id],
);

export async function textExists(tx: Queryable, id: number): Promise<boolean> {
  return (await tx.query('SELECT 1 FROM raw_texts WHERE id = $1', [id])).length > 0;
}

/** A text as the operators' list of credits and texts shows it (credit-list.ts). */
export const TextListRow = listingRow(
  {
    source_id: z.string(),
    merchant_uid: z.string(),
    account: z.string(),
    channel: z.enum(TEXT_CHANNELS),
    sender: z.string(),
    body: z.string(),
    received_at: z.date(),
    created_at: z.date(),
  },
  ['unparsed', 'ignored', 'invalid'],
);
export type TextListRow = z.infer<typeof TextListRow>;

export const listTextRows = rowsQuery(
  TextListRow,
  `SELECT t.id::text AS id, 'text:' || t.id AS cursor, t.source_id, s.merchant_uid, s.account, t.channel,
          t.sender, t.body, t.received_at, t.created_at, t.outcome AS state, t.reason, 0 AS rank, t.id AS seq
   FROM raw_texts t JOIN credit_sources s ON s.id = t.source_id
   WHERE t.outcome = ANY($1::text[]) AND ($2 = '' OR s.merchant_uid = $2) AND ($3 = '' OR t.source_id = $3)
     AND ($4::timestamptz IS NULL OR t.created_at >= $4) AND ($5::timestamptz IS NULL OR t.created_at < $5)
     AND $6::text = '' -- a UTR filter names credits: no text has one
     AND ($9::bigint IS NULL OR (t.created_at, 0, t.id) < ${LISTING_CURSOR_ROW})
   ORDER BY t.created_at DESC, t.id DESC LIMIT $7`,
  (outcomes: readonly ('unparsed' | 'ignored' | 'invalid')[], filter: CreditFilter) =>
    listingParams(filter, outcomes),
);

/** Texts that need a person: outcomes the Needs attention queue lists. */
export const TEXTS_NEEDING_ATTENTION = ['unparsed', 'conflict', 'suspect'] as const;

const AttentionTextRow = z.object({
  id: z.number().int(),
  outcome: z.enum(TEXTS_NEEDING_ATTENTION),
  reason: z.string(),
  source_id: z.string(),
  merchant_uid: z.string(),
  body: z.string(),
  created_at: z.date(),
  total: z.number().int(),
});
export type AttentionTextRow = z.infer<typeof AttentionTextRow>;

/** The newest texts of one outcome, each with how many there are in all (`total`). */
export const textsNeedingAttention = rowsQuery(
  AttentionTextRow,
  `SELECT t.id, t.outcome, t.reason, t.source_id, s.merchant_uid, t.body, t.created_at,
          count(*) OVER ()::int AS total
   FROM raw_texts t JOIN credit_sources s ON s.id = t.source_id
   WHERE t.outcome = $1 ORDER BY t.created_at DESC, t.id DESC LIMIT $2`,
  (outcome: (typeof TEXTS_NEEDING_ATTENTION)[number], limit: number) => [outcome, limit],
);
