/**
 * The reads of the ledger check (ledger-check.ts): each query answers the rows that break one
 * invariant, so a sound ledger answers nothing. Reads only; the ledger's tables are written by
 * ledger-store.ts. The collection account of a credit is named as ledger-accounts.ts and
 * migration 15 name it (`suspense:<payee, lower case, no spaces>`, `suspense:none`).
 */
import { z } from 'zod';
import { rowsQuery } from '../store/rows.js';

/** The most rows an invariant's query answers: enough to see what broke it. */
const BREACHES_SHOWN = 100;

/** The query of one invariant: the columns of its rows and its SQL up to its order, at most BREACHES_SHOWN rows. */
function breaches<C extends z.ZodRawShape>(columns: C, sql: string) {
  return rowsQuery(z.object(columns), `${sql} LIMIT ${BREACHES_SHOWN}`);
}

const SUSPENSE_OF_PAYEE = `'suspense:' || COALESCE(NULLIF(lower(regexp_replace(c.payee, '\\s+', '', 'g')), ''), 'none')`;

/** Postings whose entries do not sum to zero, or that have fewer than two entries. */
export const unbalancedPostings = breaches(
  {
    posting_id: z.number().int(),
    total: z.number().int(),
    entries: z.number().int(),
  },
  `SELECT p.id AS posting_id, COALESCE(sum(e.amount), 0)::bigint AS total, count(e.id)::int AS entries
   FROM ledger_postings p LEFT JOIN ledger_entries e ON e.posting_id = p.id
   GROUP BY p.id HAVING COALESCE(sum(e.amount), 0) <> 0 OR count(e.id) < 2 ORDER BY p.id`,
);

/** Accounts whose kept balance is not the sum of their entries, or is negative (the bank's aside). */
export const accountsOffTheirEntries = breaches(
  {
    account: z.string(),
    recorded: z.number().int(),
    expected: z.number().int(),
  },
  `SELECT a.id AS account, a.balance AS recorded,
          CASE WHEN a.kind <> 'bank' AND COALESCE(e.total, 0) < 0 THEN 0 ELSE COALESCE(e.total, 0) END::bigint AS expected
   FROM ledger_accounts a
   LEFT JOIN (SELECT account_id, sum(amount) AS total FROM ledger_entries GROUP BY account_id) e ON e.account_id = a.id
   WHERE a.balance <> COALESCE(e.total, 0) OR (a.kind <> 'bank' AND a.balance < 0)
   ORDER BY a.id`,
);

/**
 * Merchant balances that the orders and credits do not explain: held is the open payouts, pending
 * and frozen the completed collections whose credits are held or frozen, available the rest of
 * what was collected less what was paid out (a payout reversed after success is not paid out) and
 * less the collections whose frozen money an operator returned to the payer.
 */
export const merchantsOffTheirOrders = breaches(
  {
    merchant_uid: z.string(),
    kind: z.string(),
    recorded: z.number().int(),
    expected: z.number().int(),
  },
  `WITH by_order AS (
     SELECT merchant_uid,
       COALESCE(sum(amount) FILTER (WHERE transaction_type = 'income' AND payment_status = 'completed'), 0) AS collected,
       COALESCE(sum(amount) FILTER (WHERE transaction_type = 'expense' AND payment_status = 'completed'
                                      AND reversed_at IS NULL), 0) AS paid_out,
       COALESCE(sum(amount) FILTER (WHERE transaction_type = 'expense'
                                      AND payment_status IN ('pending', 'preparing', 'processing')), 0) AS held
     FROM orders GROUP BY merchant_uid),
   by_credit AS (
     SELECT o.merchant_uid,
       COALESCE(sum(o.amount) FILTER (WHERE c.hold = 'pending'), 0) AS pending,
       COALESCE(sum(o.amount) FILTER (WHERE c.hold = 'frozen'), 0) AS frozen,
       COALESCE(sum(o.amount) FILTER (WHERE c.hold = 'returned'), 0) AS returned
     FROM bank_credits c JOIN orders o ON o.payment_uid = c.payment_uid AND o.payment_status = 'completed'
     GROUP BY o.merchant_uid),
   expected AS (
     SELECT a.merchant_uid, a.kind, a.balance AS recorded,
       (CASE a.kind
         WHEN 'held' THEN COALESCE(o.held, 0)
         WHEN 'pending' THEN COALESCE(c.pending, 0)
         WHEN 'frozen' THEN COALESCE(c.frozen, 0)
         ELSE COALESCE(o.collected, 0) - COALESCE(o.paid_out, 0) - COALESCE(o.held, 0)
              - COALESCE(c.pending, 0) - COALESCE(c.frozen, 0) - COALESCE(c.returned, 0) END)::bigint AS expected
     FROM ledger_accounts a
     LEFT JOIN by_order o ON o.merchant_uid = a.merchant_uid
     LEFT JOIN by_credit c ON c.merchant_uid = a.merchant_uid
     WHERE a.merchant_uid IS NOT NULL)
   SELECT merchant_uid, kind, recorded, expected FROM expected WHERE recorded <> expected
   ORDER BY merchant_uid, kind`,
);

/**
 * Collection accounts where the ledger does not hold the bank's credits: the money posted into
 * the account's suspense as received must be the sum of the credits paid to it, and what is still
 * in suspense must be the credits that completed no order and were not returned to the payer.
 */
export const collectionAccountsOffTheirCredits = breaches(
  {
    account: z.string(),
    credits: z.number().int(),
    received: z.number().int(),
    unsettled: z.number().int(),
    suspense: z.number().int(),
  },
  `WITH credits AS (
     SELECT ${SUSPENSE_OF_PAYEE} AS account, sum(c.amount) AS credits,
       COALESCE(sum(c.amount) FILTER (WHERE o.payment_status IS DISTINCT FROM 'completed'
                                        AND c.hold <> 'returned'), 0) AS unsettled
     FROM bank_credits c LEFT JOIN orders o ON o.payment_uid = c.payment_uid
     GROUP BY 1),
   received AS (
     SELECT e.account_id AS account, sum(e.amount) AS received
     FROM ledger_entries e JOIN ledger_postings p ON p.id = e.posting_id
     WHERE p.event = 'received' AND e.account_id LIKE 'suspense:%' GROUP BY 1),
   accounts AS (
     SELECT account FROM credits UNION SELECT account FROM received
     UNION SELECT id FROM ledger_accounts WHERE kind = 'suspense')
   SELECT a.account, COALESCE(c.credits, 0)::bigint AS credits, COALESCE(r.received, 0)::bigint AS received,
          COALESCE(c.unsettled, 0)::bigint AS unsettled, COALESCE(l.balance, 0)::bigint AS suspense
   FROM accounts a
   LEFT JOIN credits c ON c.account = a.account
   LEFT JOIN received r ON r.account = a.account
   LEFT JOIN ledger_accounts l ON l.id = a.account
   WHERE COALESCE(c.credits, 0) <> COALESCE(r.received, 0) OR COALESCE(c.unsettled, 0) <> COALESCE(l.balance, 0)
   ORDER BY a.account`,
);

/** Collections whose `collected` postings do not follow their status (one when completed, else none). */
export const collectionsOffTheirPostings = breaches(
  {
    payment_uid: z.string(),
    payment_status: z.string(),
    collected: z.number().int(),
  },
  `SELECT o.payment_uid, o.payment_status, count(p.id)::int AS collected
   FROM orders o LEFT JOIN ledger_postings p ON p.payment_uid = o.payment_uid AND p.event = 'collected'
   WHERE o.transaction_type = 'income'
   GROUP BY o.payment_uid, o.payment_status
   HAVING count(p.id) <> CASE WHEN o.payment_status = 'completed' THEN 1 ELSE 0 END
   ORDER BY o.payment_uid`,
);

/** Credits whose arrival is not posted exactly once. */
export const creditsOffTheirPostings = breaches(
  {
    credit_id: z.number().int(),
    utr: z.string(),
    received: z.number().int(),
  },
  `SELECT c.id AS credit_id, c.utr, count(p.id)::int AS received
   FROM bank_credits c LEFT JOIN ledger_postings p ON p.credit_id = c.id AND p.event = 'received'
   GROUP BY c.id, c.utr HAVING count(p.id) <> 1 ORDER BY c.id`,
);
