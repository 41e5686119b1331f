/**
 * SQL for bank credits: the one module that writes `bank_credits`. A credit is unique by its UTR;
 * once matched it names the order it settled (`payment_uid`), and while it cannot settle the order
 * that claimed it, it keeps the reason (`unmatched_reason`) for the operators' list. Everything
 * that concerns one UTR runs under its advisory lock (`lockUtr`), taken first in every path.
 */
import { z } from 'zod';
import type { Queryable, SqlParam } from '../store/db.js';
import { likePrefix } from '../store/like-prefix.js';
import { queryRow, queryRows, rowsQuery, statement } from '../store/rows.js';

/**
 * Where a credit came from: the operator API, a statement, the sandbox, a credit source's alert
 * text, or an api credit source (a bank integration posting with its own token).
 */
export const CREDIT_ORIGINS = ['operator', 'statement', 'sandbox', 'sms', 'email', 'api'] as const;
export type CreditOrigin = (typeof CREDIT_ORIGINS)[number];

/**
 * What shows that the money arrived (docs/money-controls.md, Evidence): the bank's statement, a
 * bank integration's own API, a bank's text (SMS or e-mail alert), an operator's entry, or the
 * sandbox. The money of a credit whose evidence is only a text is held (`hold`).
 */
export const CREDIT_EVIDENCE = ['statement', 'api_source', 'sms', 'email', 'manual', 'sandbox'] as const;
export type CreditEvidence = (typeof CREDIT_EVIDENCE)[number];

/**
 * The hold on a credit's money: `none` (its evidence needs none), `pending` (known only from a
 * text), `cleared` (a statement line confirmed it, its hold ended, or an operator released its
 * frozen money), `frozen` (a statement line contradicted it), `returned` (an operator returned its
 * money to the payer: it settles nothing again).
 */
export const CREDIT_HOLDS = ['none', 'pending', 'cleared', 'frozen', 'returned'] as const;
export type CreditHold = (typeof CREDIT_HOLDS)[number];

/** The evidence a credit from this origin carries. */
export function evidenceOf(source: CreditOrigin): CreditEvidence {
  if (source === 'operator') return 'manual';
  return source === 'api' ? 'api_source' : source;
}

/** Whether a credit's money waits for a statement line (or the end of its hold) before it is available. */
export const isHeldEvidence = (evidence: CreditEvidence) => evidence === 'sms' || evidence === 'email';

export interface BankCredit {
  readonly id: number;
  readonly utr: string;
  /** Paise. */
  readonly amount: number;
  /** The account it was paid to (a UPI address or an account number), '' when the bank did not say. */
  readonly payee: string;
  readonly payer_name: string;
  readonly credited_at: Date;
  readonly source: string;
  /** The credit source it came from, when it came from one. */
  readonly source_id: string | null;
  /** The order it settled. */
  readonly payment_uid: string | null;
  readonly matched_at: Date | null;
  /** Why it cannot settle the order that claimed it ('' when nothing stands in the way). */
  readonly unmatched_reason: string;
  readonly created_at: Date;
  readonly evidence: CreditEvidence;
  readonly hold: CreditHold;
  readonly hold_changed_at: Date | null;
  /** Why the hold changed (`statement`, `hold_expired`, or what the contradicting line said). */
  readonly hold_note: string;
  /** What the contradicting statement line said (a frozen credit). */
  readonly statement_amount: number | null;
  readonly statement_payee: string | null;
}

export const BankCreditRow = z.looseObject({
  id: z.number().int(),
  utr: z.string(),
  amount: z.number().int(),
  payee: z.string(),
  payer_name: z.string(),
  credited_at: z.date(),
  source: z.string(),
  source_id: z.string().nullable(),
  payment_uid: z.string().nullable(),
  matched_at: z.date().nullable(),
  unmatched_reason: z.string(),
  created_at: z.date(),
  evidence: z.enum(CREDIT_EVIDENCE),
  hold: z.enum(CREDIT_HOLDS),
  hold_changed_at: z.date().nullable(),
  hold_note: z.string(),
  statement_amount: z.number().int().nullable(),
  statement_payee: z.string().nullable(),
}) satisfies z.ZodType<BankCredit>;

export interface NewCredit {
  readonly utr: string;
  readonly amount: number;
  readonly payee: string;
  readonly payerName: string;
  readonly creditedAt: Date;
  readonly source: CreditOrigin;
  /** The credit source it came from, when it came from one. */
  readonly sourceId?: string | null;
  /** What shows the money arrived; by default what its origin carries (evidenceOf). */
  readonly evidence?: CreditEvidence;
}

/**
 * Serialises everything that concerns one UTR (a claim and a credit arriving at the same moment)
 * until the transaction ends. Without it, under READ COMMITTED a claim and a credit committing
 * together would each miss the other and the credit would wait forever. Take it before locking
 * the order, in every path, so that the locks are always taken in the same order.
 */
export const lockUtr = statement('SELECT pg_advisory_xact_lock($1, hashtext($2))', (utr: string) => [
  UTR_LOCK_CLASS,
  utr,
]);

/** lockUtr for many UTRs at once (a statement's batch), taken in one order so batches cannot deadlock. */
export const lockUtrs = statement(
  'SELECT count(pg_advisory_xact_lock($1, hashtext(u))) FROM (SELECT DISTINCT u FROM unnest($2::text[]) AS u ORDER BY u) AS sorted',
  (utrs: readonly string[]) => [UTR_LOCK_CLASS, utrs],
);

/** The first key of the two-key advisory locks on UTRs (any fixed number not used elsewhere). */
const UTR_LOCK_CLASS = 8_130_412;

/** Inserts the credit; undefined when its UTR is known already (the known one stays as it is). */
export async function insertCredit(
  tx: Queryable,
  input: NewCredit,
  now: Date,
): Promise<BankCredit | undefined> {
  const evidence = input.evidence ?? evidenceOf(input.source);
  return queryRow(
    tx,
    BankCreditRow,
    `INSERT INTO bank_credits (utr, amount, payee, payer_name, credited_at, source, source_id, created_at,
       evidence, hold, hold_changed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $8)
     ON CONFLICT (utr) DO NOTHING RETURNING *`,
    [
      input.utr,
      input.amount,
      input.payee,
      input.payerName,
      input.creditedAt,
      input.source,
      input.sourceId ?? null,
      now,
      evidence,
      isHeldEvidence(evidence) ? 'pending' : 'none',
    ],
  );
}

export interface WaitingCredit {
  readonly utr: string;
  readonly amount: number;
  readonly payee: string;
  readonly payerName: string;
  readonly creditedAt: Date;
}

const InsertedRow = z.object({ id: z.number().int(), amount: z.number().int(), payee: z.string() });
export type InsertedCredit = z.infer<typeof InsertedRow>;

/**
 * Inserts a statement's credits that no order claimed, in one statement; known UTRs are skipped.
 * Answers the ids of those inserted (their arrival is posted to the ledger by the caller).
 */
export async function insertWaitingCredits(
  tx: Queryable,
  credits: readonly WaitingCredit[],
  sourceId: string | null,
  now: Date,
): Promise<InsertedCredit[]> {
  if (credits.length === 0) return [];
  return queryRows(
    tx,
    InsertedRow,
    `INSERT INTO bank_credits (utr, amount, payee, payer_name, credited_at, source, source_id, created_at, evidence)
     SELECT utr, amount::bigint, payee, payer_name, credited_at::timestamptz, 'statement', $6, $7, 'statement'
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
       AS batch (utr, amount, payee, payer_name, credited_at)
     ON CONFLICT (utr) DO NOTHING RETURNING id, amount, payee`,
    [
      credits.map((c) => c.utr),
      credits.map((c) => String(c.amount)),
      credits.map((c) => c.payee),
      credits.map((c) => c.payerName),
      credits.map((c) => c.creditedAt.toISOString()),
      sourceId,
      now,
    ],
  );
}

export async function findCreditByUtr(tx: Queryable, utr: string): Promise<BankCredit | undefined> {
  return queryRow(tx, BankCreditRow, 'SELECT * FROM bank_credits WHERE utr = $1', [utr]);
}

/** The credit under this UTR, locked until the transaction ends. */
export async function lockCreditByUtr(tx: Queryable, utr: string): Promise<BankCredit | undefined> {
  return queryRow(tx, BankCreditRow, 'SELECT * FROM bank_credits WHERE utr = $1 FOR UPDATE', [utr]);
}

export async function findCreditById(tx: Queryable, id: number): Promise<BankCredit | undefined> {
  return queryRow(tx, BankCreditRow, 'SELECT * FROM bank_credits WHERE id = $1', [id]);
}

/** The credit settled this order. */
export const markCreditMatched = statement(
  'UPDATE bank_credits SET payment_uid = $2, matched_at = $3 WHERE id = $1',
  (id: number, paymentUid: string, now: Date) => [id, paymentUid, now],
);

/** Why the credit cannot settle the order that claimed it ('' once nothing stands in the way). */
export const setUnmatchedReason = statement(
  'UPDATE bank_credits SET unmatched_reason = $2 WHERE id = $1',
  (id: number, reason: string) => [id, reason],
);

const KnownCreditRow = z.object({
  utr: z.string(),
  amount: z.number().int(),
  payment_uid: z.string().nullable(),
  hold: z.enum(CREDIT_HOLDS),
});
export type KnownCredit = z.infer<typeof KnownCreditRow>;

/** The credits known under these UTRs. */
export const knownCredits = rowsQuery(
  KnownCreditRow,
  'SELECT utr, amount, payment_uid, hold FROM bank_credits WHERE utr = ANY($1::text[])',
  (utrs: readonly string[]) => [utrs],
);

/** What a statement line said of a credit it contradicted (the credit's hold becomes `frozen`). */
export interface StatementSaid {
  readonly amount: number;
  readonly payee: string;
}

/** The credit's hold changes (statement-evidence.ts, commands/clear-held-credits.ts). */
export const setCreditHold = statement(
  `UPDATE bank_credits SET hold = $2, hold_note = $3, hold_changed_at = $4,
     statement_amount = COALESCE($5, statement_amount), statement_payee = COALESCE($6, statement_payee)
   WHERE id = $1`,
  (id: number, hold: CreditHold, note: string, now: Date, said?: StatementSaid) => [
    id,
    hold,
    note,
    now,
    said?.amount ?? null,
    said?.payee ?? null,
  ],
);

/**
 * Credits held pending whose hold ended (received at or before `receivedBy`) and whose money
 * completed an order, locked; rows another process holds are skipped.
 */
export const lockHeldCreditsDue = rowsQuery(
  BankCreditRow,
  `SELECT c.* FROM bank_credits c JOIN orders o ON o.payment_uid = c.payment_uid
   WHERE c.hold = 'pending' AND c.payment_uid IS NOT NULL AND o.payment_status = 'completed'
     AND c.created_at <= $1
   ORDER BY c.created_at LIMIT $2 FOR UPDATE OF c SKIP LOCKED`,
  (receivedBy: Date, limit: number) => [receivedBy, limit],
);

const FrozenCreditRow = z.object({
  id: z.number().int(),
  utr: z.string(),
  amount: z.number().int(),
  payee: z.string(),
  evidence: z.enum(CREDIT_EVIDENCE),
  hold: z.enum(CREDIT_HOLDS),
  hold_note: z.string(),
  hold_changed_at: z.date().nullable(),
  statement_amount: z.number().int().nullable(),
  statement_payee: z.string().nullable(),
  payment_uid: z.string().nullable(),
  payment_status: z.string().nullable(),
  merchant_uid: z.string().nullable(),
  created_at: z.date(),
});
export type FrozenCreditRow = z.infer<typeof FrozenCreditRow>;

/**
 * Credits a statement line contradicted (frozen, or contradicted after their money was made
 * available), newest first: the cases in front of operators.
 */
export const contradictedCredits = rowsQuery(
  FrozenCreditRow,
  `SELECT c.id, c.utr, c.amount, c.payee, c.evidence, c.hold, c.hold_note, c.hold_changed_at,
          c.statement_amount, c.statement_payee, c.payment_uid, o.payment_status,
          COALESCE(o.merchant_uid, s.merchant_uid) AS merchant_uid, c.created_at
   FROM bank_credits c
   LEFT JOIN orders o ON o.payment_uid = c.payment_uid
   LEFT JOIN credit_sources s ON s.id = c.source_id
   WHERE c.statement_amount IS NOT NULL
   ORDER BY c.hold_changed_at DESC, c.id DESC LIMIT $1`,
  (limit: number) => [limit],
);

const OrderCreditRow = z.object({
  utr: z.string(),
  amount: z.number().int(),
  payer_name: z.string(),
  source: z.string(),
  payment_uid: z.string().nullable(),
  created_at: z.date(),
});
export type OrderCredit = z.infer<typeof OrderCreditRow>;

/** The credits an order settled or whose UTR it claimed. */
export const creditsOfOrder = rowsQuery(
  OrderCreditRow,
  `SELECT utr, amount, payer_name, source, payment_uid, created_at FROM bank_credits
   WHERE payment_uid = $1 OR utr IN (SELECT utr FROM utr_claims WHERE payment_uid = $1)`,
  (paymentUid: string) => [paymentUid],
);

const CreditCountsRow = z.object({
  received: z.number().int(),
  matched: z.number().int(),
  waiting: z.number().int(),
  frozen: z.number().int(),
});
export type CreditCounts = z.infer<typeof CreditCountsRow>;

/**
 * Credits received since `since`, how many of them matched, how many credits wait in all, and how
 * many a statement line froze.
 */
export async function creditCountsSince(tx: Queryable, since: Date): Promise<CreditCounts> {
  const row = await queryRow(
    tx,
    CreditCountsRow,
    `SELECT count(*) FILTER (WHERE created_at >= $1)::int AS received,
            count(*) FILTER (WHERE created_at >= $1 AND payment_uid IS NOT NULL)::int AS matched,
            count(*) FILTER (WHERE payment_uid IS NULL)::int AS waiting,
            count(*) FILTER (WHERE hold = 'frozen')::int AS frozen
     FROM bank_credits`,
    [since],
  );
  return row ?? { received: 0, matched: 0, waiting: 0, frozen: 0 };
}

export async function creditExists(tx: Queryable, id: number): Promise<boolean> {
  return (await tx.query('SELECT 1 FROM bank_credits WHERE id = $1', [id])).length > 0;
}

/** A row's place in the operators' list of credits and texts: which table, and its id there. */
export interface ListCursor {
  readonly kind: 'credit' | 'text';
  readonly id: number;
}

export interface CreditFilter {
  readonly merchantUid: string;
  readonly sourceId: string;
  readonly utr: string;
  readonly from: Date | undefined;
  readonly to: Date | undefined;
  readonly before: ListCursor | undefined;
  readonly limit: number;
  /** Only these credits (the header search's finds, searchCreditIds); all when absent. */
  readonly ids?: readonly number[];
}

/**
 * A row of the operators' list of credits and texts, either half (credits here, texts in
 * raw-text-store.ts): its id and cursor, the half's own columns, its state and the reason, and its
 * place in the list (rank, seq), by which one cursor pages across both halves.
 */
export function listingRow<C extends z.ZodRawShape, const S extends readonly [string, ...string[]]>(
  columns: C,
  states: S,
) {
  return z.looseObject({
    id: z.string(),
    cursor: z.string(),
    ...columns,
    state: z.enum(states),
    reason: z.string(),
    rank: z.number().int(),
    seq: z.number().int(),
  });
}

const credit = BankCreditRow.shape;

/** A credit as the operators' list shows it: its columns, its merchant and its order's status. */
export const CreditListRow = listingRow(
  {
    utr: credit.utr,
    amount: credit.amount,
    payee: credit.payee,
    payer_name: credit.payer_name,
    credited_at: credit.credited_at,
    source: credit.source,
    source_id: credit.source_id,
    merchant_uid: z.string().nullable(),
    payment_uid: credit.payment_uid,
    payment_status: z.string().nullable(),
    matched_at: credit.matched_at,
    created_at: credit.created_at,
  },
  ['matched', 'waiting', 'conflict'],
);
export type CreditListRow = z.infer<typeof CreditListRow>;

/**
 * The parameters both halves of the list (credits here, texts in raw-text-store.ts) take, in the
 * same places, so that one cursor pages across both.
 */
export function listingParams(filter: CreditFilter, first: SqlParam): SqlParam[] {
  return [
    first,
    filter.merchantUid,
    filter.sourceId,
    filter.from ?? null,
    filter.to ?? null,
    filter.utr,
    filter.limit,
    filter.before?.kind ?? '',
    filter.before?.id ?? null,
  ];
}

/** The (created_at, rank, id) of the cursor's row, the keyset every list compares against. */
export const LISTING_CURSOR_ROW = `(SELECT created_at, 1 AS rank, id FROM bank_credits WHERE $8::text = 'credit' AND id = $9::bigint
  UNION ALL SELECT created_at, 0, id FROM raw_texts WHERE $8::text = 'text' AND id = $9::bigint)`;

const CREDIT_REASON = `CASE
  WHEN c.payment_uid IS NOT NULL THEN CASE WHEN o.payment_status = 'reject' THEN o.payment_fail_reason ELSE '' END
  WHEN c.unmatched_reason <> '' THEN c.unmatched_reason
  WHEN c.payee <> '' AND payee_owner.uid IS NULL
    THEN 'payee unknown: ' || c.payee || ' is no merchant''s collection account'
  WHEN c.payee = '' AND collectors.n > 1
    THEN 'payee unknown: the credit names no payee and several merchants could have received it; confirm its order'
  ELSE '' END`;

export const listCreditRows = rowsQuery(
  CreditListRow,
  `WITH collectors AS (SELECT count(*)::int AS n FROM merchants WHERE upi_vpa <> '' OR imps_account <> '')
   SELECT * FROM (
     SELECT c.id::text AS id, 'credit:' || c.id AS cursor, c.utr, c.amount, c.payee, c.payer_name,
            c.credited_at, c.source, c.source_id,
            COALESCE(s.merchant_uid, o.merchant_uid, payee_owner.uid) AS merchant_uid, c.payment_uid,
            o.payment_status, c.matched_at, c.created_at,
            CASE WHEN c.payment_uid IS NOT NULL AND o.payment_status <> 'reject' THEN 'matched'
                 WHEN (${CREDIT_REASON}) <> '' THEN 'conflict'
                 ELSE 'waiting' END AS state,
            ${CREDIT_REASON} AS reason,
            1 AS rank, c.id AS seq
     FROM bank_credits c
     CROSS JOIN collectors
     LEFT JOIN credit_sources s ON s.id = c.source_id
     LEFT JOIN orders o ON o.payment_uid = c.payment_uid
     LEFT JOIN LATERAL (
       SELECT min(m.uid) AS uid FROM merchants m
       WHERE (m.upi_vpa <> '' AND lower(m.upi_vpa) = lower(regexp_replace(c.payee, '\\s', '', 'g')))
          OR (m.imps_account <> '' AND m.imps_account = regexp_replace(c.payee, '\\s', '', 'g'))
     ) AS payee_owner ON true
     WHERE ($3 = '' OR c.source_id = $3) AND ($6 = '' OR c.utr = $6)
       AND ($4::timestamptz IS NULL OR c.created_at >= $4) AND ($5::timestamptz IS NULL OR c.created_at < $5)
       AND ($9::bigint IS NULL OR (c.created_at, 1, c.id) < ${LISTING_CURSOR_ROW})
       AND ($10::bigint[] IS NULL OR c.id = ANY($10::bigint[]))
   ) AS listed
   WHERE state = ANY($1::text[]) AND ($2 = '' OR merchant_uid = $2)
   ORDER BY created_at DESC, seq DESC LIMIT $7`,
  (states: readonly string[], filter: CreditFilter) => [
    ...listingParams(filter, states),
    filter.ids ? filter.ids.map(String) : null,
  ],
);

export interface CreditSearch {
  /** A UTR, whole or by its beginning, or the beginning of the payer's name or VPA (any case). */
  readonly text: string;
  /** The text's beginning as a LIKE pattern, when it is long enough to stand for a UTR's. */
  readonly utrPrefix: string | undefined;
  /** Paise, when the text reads as an amount. */
  readonly amount: number | undefined;
  readonly limit: number;
}

/** The newest credits the search term finds, each term by its own index (migration 19). */
export async function searchCreditIds(tx: Queryable, search: CreditSearch): Promise<number[]> {
  const params: SqlParam[] = [search.text, likePrefix(search.text.toLowerCase())];
  const matches = [
    'SELECT id, created_at FROM bank_credits WHERE utr = $1',
    "SELECT id, created_at FROM bank_credits WHERE payer_name <> '' AND lower(payer_name) LIKE $2",
  ];
  if (search.utrPrefix !== undefined) {
    params.push(search.utrPrefix);
    matches.push(`SELECT id, created_at FROM bank_credits WHERE utr LIKE $${params.length}`);
  }
  if (search.amount !== undefined) {
    params.push(search.amount);
    matches.push(`SELECT id, created_at FROM bank_credits WHERE amount = $${params.length}`);
  }
  params.push(search.limit);
  const rows = await queryRows(
    tx,
    z.object({ id: z.number().int() }),
    `SELECT id FROM (${matches.join(' UNION ')}) AS found ORDER BY created_at DESC, id DESC LIMIT $${params.length}`,
    params,
  );
  return rows.map((row) => row.id);
}
