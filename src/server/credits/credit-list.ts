/**
 * Credits as operators look for them, by state:
 * - matched: settled an order (completed);
 * - waiting: no order has claimed its UTR yet, and nothing says one cannot;
 * - conflict: can never match as it stands, with the reason: paid to an account that is no
 *   merchant's collection account (payee unknown), paid to another account than the claiming
 *   order's, no payee while several merchants collect, the claiming order is final, or the amount
 *   differed from the claiming order's (which was rejected). Whatever the source (operator API,
 *   statement, alert text, sandbox): the reason is worked out here from the credit and the
 *   merchants as they are now, beside the reason recorded when the credit was posted;
 * - unparsed / ignored: alert texts that gave no credit, with the reason.
 *
 * Credits and texts are listed together in one order, newest first: (created_at, kind, id)
 * descending, a credit before a text of the same instant. Every row carries its `cursor`
 * (`credit:<id>` or `text:<id>`); the next page is the rows after the last row's cursor
 * (`before`), one keyset across both tables, so no row is skipped or repeated at the boundary.
 */
import type { Queryable, SqlParam } from '../store/db.js';
import { textReading } from './text-reading.js';

export const CREDIT_STATES = ['matched', 'waiting', 'conflict', 'unparsed', 'ignored'] as const;
export type CreditState = (typeof CREDIT_STATES)[number];
type TextState = 'unparsed' | 'ignored';
const TEXT_STATES: readonly CreditState[] = ['unparsed', 'ignored'];

/** A row's place in the listing: which table, and its id there. */
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
}

/**
 * `credit:<id>` or `text:<id>`; a bare id (the form before cursors) when only one kind is listed.
 * Undefined when the text is no cursor, or a bare id is ambiguous.
 */
export function readCursor(text: string, states: readonly CreditState[]): ListCursor | undefined {
  const match = /^(?:(credit|text):)?(\d{1,15})$/.exec(text);
  if (!match) return undefined;
  const texts = states.some((state) => TEXT_STATES.includes(state));
  const credits = states.some((state) => !TEXT_STATES.includes(state));
  const kind =
    (match[1] as ListCursor['kind'] | undefined) ??
    (texts === credits ? undefined : texts ? 'text' : 'credit');
  return kind ? { kind, id: Number(match[2]) } : undefined;
}

/** The (created_at, rank, id) of the cursor's row, the keyset every list compares against. */
const CURSOR_ROW = `(SELECT created_at, 1 AS rank, id FROM bank_credits WHERE $8::text = 'credit' AND id = $9::bigint
  UNION ALL SELECT created_at, 0, id FROM raw_texts WHERE $8::text = 'text' AND id = $9::bigint)`;

const CREDIT_REASON = `CASE
  WHEN c.payment_uid IS NOT NULL THEN CASE WHEN o.payment_status = 'reject' THEN o.payment_fail_reason ELSE '' END
  WHEN c.unmatched_reason <> '' THEN c.unmatched_reason
  WHEN c.payee <> '' AND payee_owner.uid IS NULL
    THEN 'payee unknown: ' || c.payee || ' is no merchant''s collection account'
  WHEN c.payee = '' AND collectors.n > 1
    THEN 'payee unknown: the credit names no payee and several merchants could have received it; confirm its order'
  ELSE '' END`;

/** Whether the cursor (if any) is a known row of its table. */
export async function cursorExists(tx: Queryable, cursor: ListCursor): Promise<boolean> {
  const table = cursor.kind === 'credit' ? 'bank_credits' : 'raw_texts';
  return (await tx.query(`SELECT 1 FROM ${table} WHERE id = $1`, [cursor.id])).length > 0;
}

/** Credits and texts in the given states, one page in the listing's order. */
export async function listCreditsAndTexts(
  tx: Queryable,
  states: readonly CreditState[],
  filter: CreditFilter,
): Promise<Record<string, unknown>[]> {
  const creditStates = states.filter((state) => !TEXT_STATES.includes(state));
  const textStates = states.filter((state): state is TextState => TEXT_STATES.includes(state));
  const rows = [
    ...(creditStates.length > 0 ? await listCredits(tx, creditStates, filter) : []),
    ...(textStates.length > 0 ? await listTexts(tx, textStates, filter) : []),
  ];
  return rows
    .sort(newestFirst)
    .slice(0, filter.limit)
    .map(({ rank: _rank, seq: _seq, ...row }) =>
      // Texts carry the parser's partial reading, which prefills the console's fix form.
      typeof row.body === 'string' ? { ...row, reading: textReading(row.body) } : row,
    );
}

function newestFirst(a: Record<string, unknown>, b: Record<string, unknown>): number {
  const at = (row: Record<string, unknown>) =>
    row.created_at instanceof Date ? row.created_at.getTime() : 0;
  return at(b) - at(a) || Number(b.rank) - Number(a.rank) || Number(b.seq) - Number(a.seq);
}

function commonParams(filter: CreditFilter, first: SqlParam): SqlParam[] {
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

async function listCredits(tx: Queryable, states: readonly CreditState[], filter: CreditFilter) {
  return tx.query<Record<string, unknown>>(
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
         AND ($9::bigint IS NULL OR (c.created_at, 1, c.id) < ${CURSOR_ROW})
     ) AS listed
     WHERE state = ANY($1::text[]) AND ($2 = '' OR merchant_uid = $2)
     ORDER BY created_at DESC, seq DESC LIMIT $7`,
    commonParams(filter, states as readonly string[]),
  );
}

async function listTexts(tx: Queryable, outcomes: readonly TextState[], filter: CreditFilter) {
  return tx.query<Record<string, unknown>>(
    `SELECT t.id::text AS id, 'text:' || t.id AS cursor, t.source_id, s.merchant_uid, s.account, t.channel,
            t.sender, t.body, t.received_at, t.created_at, t.outcome AS state, t.reason, 0 AS rank, t.id AS seq
     FROM raw_texts t JOIN credit_sources s ON s.id = t.source_id
     WHERE t.outcome = ANY($1::text[]) AND ($2 = '' OR s.merchant_uid = $2) AND ($3 = '' OR t.source_id = $3)
       AND ($4::timestamptz IS NULL OR t.created_at >= $4) AND ($5::timestamptz IS NULL OR t.created_at < $5)
       AND $6::text = '' -- a UTR filter names credits: no text has one
       AND ($9::bigint IS NULL OR (t.created_at, 0, t.id) < ${CURSOR_ROW})
     ORDER BY t.created_at DESC, t.id DESC LIMIT $7`,
    commonParams(filter, outcomes as readonly string[]),
  );
}
