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
 * - unparsed / ignored / invalid: alert texts that gave no credit, with the reason (invalid: the
 *   body could not be read as a text; kept as received).
 *
 * Credits and texts are listed together in one order, newest first: (created_at, kind, id)
 * descending, a credit before a text of the same instant. Every row carries its `cursor`
 * (`credit:<id>` or `text:<id>`); the next page is the rows after the last row's cursor
 * (`before`), one keyset across both tables, so no row is skipped or repeated at the boundary.
 */
import type { Queryable } from '../store/db.js';
import {
  type CreditFilter,
  type CreditListRow,
  creditExists,
  type ListCursor,
  listCreditRows,
} from './credit-store.js';
import { listTextRows, type TextListRow, textExists } from './raw-text-store.js';
import { textReading } from './text-reading.js';

export type { CreditFilter, ListCursor } from './credit-store.js';

/** A filter that keeps every credit, at most `limit`, for callers that narrow by state or ids alone. */
export function everyCredit(limit: number): CreditFilter {
  return { merchantUid: '', sourceId: '', utr: '', from: undefined, to: undefined, before: undefined, limit };
}

export const CREDIT_STATES = ['matched', 'waiting', 'conflict', 'unparsed', 'ignored', 'invalid'] as const;
export type CreditState = (typeof CREDIT_STATES)[number];
type TextState = 'unparsed' | 'ignored' | 'invalid';
const TEXT_STATES: readonly CreditState[] = ['unparsed', 'ignored', 'invalid'];

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

/** Whether the cursor (if any) is a known row of its table. */
export async function cursorExists(tx: Queryable, cursor: ListCursor): Promise<boolean> {
  return cursor.kind === 'credit' ? creditExists(tx, cursor.id) : textExists(tx, cursor.id);
}

/** Credits and texts in the given states, one page in the listing's order. */
export async function listCreditsAndTexts(
  tx: Queryable,
  states: readonly CreditState[],
  filter: CreditFilter,
): Promise<Record<string, unknown>[]> {
  const creditStates = states.filter((state) => !TEXT_STATES.includes(state));
  const textStates = states.filter((state): state is TextState => TEXT_STATES.includes(state));
  const rows: (CreditListRow | TextListRow)[] = [
    ...(creditStates.length > 0 ? await listCreditRows(tx, creditStates, filter) : []),
    ...(textStates.length > 0 ? await listTextRows(tx, textStates, filter) : []),
  ];
  return rows
    .sort(newestFirst)
    .slice(0, filter.limit)
    .map(({ rank: _rank, seq: _seq, ...row }) =>
      // Texts carry the parser's partial reading, which prefills the console's fix form.
      'body' in row && typeof row.body === 'string' ? { ...row, reading: textReading(row.body) } : row,
    );
}

function newestFirst(a: CreditListRow | TextListRow, b: CreditListRow | TextListRow): number {
  return b.created_at.getTime() - a.created_at.getTime() || b.rank - a.rank || b.seq - a.seq;
}
