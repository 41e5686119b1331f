/**
 * One owner per table (docs/decisions/0021-one-store-per-table.md): SQL is written only in store
 * modules (a file named `*-store.ts`, or the store's own machinery under `store/`), each table is
 * written by exactly one of them, and no read escapes its row schema: `Queryable.query` answers
 * `unknown[]`, and nothing casts what it answers.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  lineAt,
  literalsIn,
  readSource,
  SERVER_ROOT,
  type SyntaxNode,
  serverPath,
  sourceFiles,
  syntaxOf,
  walk,
} from './support/source-files.js';

/** Each table and the one module that writes it. */
const OWNERS: Readonly<Record<string, string>> = {
  orders: 'orders/order-store.ts',
  order_events: 'orders/order-store.ts',
  merchants: 'merchants/merchant-store.ts',
  api_keys: 'merchants/api-key-store.ts',
  blacklist: 'merchants/blacklist-store.ts',
  ledger_accounts: 'ledger/ledger-store.ts',
  ledger_postings: 'ledger/ledger-store.ts',
  ledger_entries: 'ledger/ledger-store.ts',
  outbox: 'notify/outbox-store.ts',
  callback_attempts: 'notify/callback-attempt-store.ts',
  audit_log: 'audit/audit-store.ts',
  operators: 'operator/operator-store.ts',
  operator_sessions: 'operator/session-store.ts',
  merchant_users: 'portal/merchant-user-store.ts',
  merchant_sessions: 'portal/portal-session-store.ts',
  rate_limits: 'store/rate-limit-store.ts',
  credit_sources: 'credits/credit-source-store.ts',
  raw_texts: 'credits/raw-text-store.ts',
  bank_credits: 'credits/credit-store.ts',
  utr_claims: 'credits/claim-store.ts',
  lost_claims: 'credits/lost-claim-store.ts',
  schema_migrations: 'store/migrate.ts',
  payouts: 'channel/payout-store.ts',
  payout_batches: 'payouts/payout-batch-store.ts',
  provider_webhook_events: 'payouts/provider-event-store.ts',
  approvals: 'approvals/approval-store.ts',
};

const SQL = /\b(?:SELECT|INSERT\s+INTO|UPDATE\s+\w+(?:\s+AS\s+\w+)?\s+SET|DELETE\s+FROM|TRUNCATE)\b/;
const WRITES = [
  /\bINSERT\s+INTO\s+(\w+)/g,
  /\bUPDATE\s+(\w+)(?:\s+AS\s+\w+)?\s+SET\b/g,
  /\bDELETE\s+FROM\s+(\w+)/g,
  /\bTRUNCATE\s+(?:TABLE\s+)?(\w+)/g,
];

/** A store module: its name says so, or it is part of the store itself (migrations aside). */
function isStoreModule(path: string): boolean {
  return path.endsWith('-store.ts') || path.startsWith('store/');
}

/** The tables a piece of SQL writes. */
function tablesWritten(sql: string): string[] {
  return WRITES.flatMap((pattern) => [...sql.matchAll(pattern)].map((match) => match[1] ?? ''));
}

/** The lines of casts of what a query answered: `(await tx.query(...)) as Row[]` and the like. */
function castQueries(code: string): number[] {
  const found: number[] = [];
  walk(syntaxOf(code), (node) => {
    if (node.type !== 'TSAsExpression' && node.type !== 'TSTypeAssertion') return;
    let callsQuery = false;
    walk(node.expression, (inner: SyntaxNode) => {
      const callee = inner.type === 'CallExpression' ? (inner.callee as SyntaxNode) : undefined;
      const property = callee?.type === 'MemberExpression' ? (callee.property as SyntaxNode) : undefined;
      if (property?.name === 'query') callsQuery = true;
    });
    if (callsQuery) found.push(lineAt(code, node.start as number));
  });
  return found;
}

const files = sourceFiles().map((file) => ({ path: serverPath(file), code: readSource(file) }));
const code = files.filter((file) => !file.path.startsWith('store/migrations/'));

describe('one owner per table', () => {
  it('recognises SQL, the tables it writes and a cast query', () => {
    expect(SQL.test('SELECT * FROM orders')).toBe(true);
    expect(SQL.test('select a parameter')).toBe(false);
    expect(
      tablesWritten('INSERT INTO rate_limits AS r (scope) VALUES ($1) ON CONFLICT DO UPDATE SET n = 1'),
    ).toEqual(['rate_limits']);
    expect(
      tablesWritten('UPDATE orders SET a = 1 WHERE b IN (SELECT 1 FROM outbox FOR UPDATE SKIP LOCKED)'),
    ).toEqual(['orders']);
    expect(tablesWritten('DELETE FROM utr_claims WHERE utr = $1')).toEqual(['utr_claims']);
    expect(castQueries('\nconst rows = (await tx.query("SELECT 1")) as { n: number }[];')).toEqual([2]);
    expect(castQueries('const rows = await queryRows(tx, Row, "SELECT 1");')).toEqual([]);
  });

  it('names an owner for every table the migrations create', () => {
    const created = readdirSync(join(SERVER_ROOT, 'store/migrations')).flatMap((name) =>
      [...readSource(join(SERVER_ROOT, 'store/migrations', name)).matchAll(/CREATE TABLE (\w+)/g)].map(
        (match) => match[1],
      ),
    );
    expect(created.length).toBeGreaterThan(15);
    expect(created.filter((table) => table !== undefined && !(table in OWNERS))).toEqual([]);
    for (const owner of new Set(Object.values(OWNERS))) {
      expect(
        files.some((file) => file.path === owner),
        owner,
      ).toBe(true);
    }
  });

  it('keeps SQL in store modules', () => {
    const outside = code
      .filter((file) => !isStoreModule(file.path))
      .flatMap((file) =>
        literalsIn(file.code)
          .filter(({ text }) => SQL.test(text))
          .map(({ line }) => `${file.path}:${line}`),
      );
    expect(outside).toEqual([]);
  });

  it('writes each table from its owner alone', () => {
    const strays = code.flatMap((file) =>
      literalsIn(file.code).flatMap(({ text, line }) =>
        tablesWritten(text)
          .filter((table) => OWNERS[table] !== file.path)
          .map((table) => `${file.path}:${line} writes ${table} (owner: ${OWNERS[table] ?? 'none'})`),
      ),
    );
    expect([...new Set(strays)]).toEqual([]);
  });

  it('reads every row through a schema: the store answers unknown rows and nothing casts them', () => {
    const db = readSource(join(SERVER_ROOT, 'store/db.ts'));
    expect(db).toMatch(/query\(sql: string, params\?: readonly SqlParam\[\]\): Promise<unknown\[\]>;/);
    const casts = code.flatMap((file) => castQueries(file.code).map((line) => `${file.path}:${line}`));
    expect(casts).toEqual([]);
  });
});
