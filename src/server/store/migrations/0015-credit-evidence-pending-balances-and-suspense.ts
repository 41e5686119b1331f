import type { Migration } from '../migration.js';

/**
 * Settled and pending balances (docs/money-controls.md, "Evidence, balances and suspense"):
 * - each bank credit records its evidence, and the money of a credit known only from a bank's
 *   text (`sms`, `email`) is held (`hold`: pending, then cleared by a statement line or by the end
 *   of its hold, or frozen by a statement line that contradicts it);
 * - each merchant gets a `pending` and a `frozen` ledger account beside `available` and `held`;
 * - every credit is posted when it arrives, from the bank into the suspense account of the
 *   collection account it was paid to (`suspense:<account>`, `suspense:none` when the bank named
 *   none), and moves from there to the merchant when it completes an order: a posting now belongs
 *   to an order or to a credit.
 *
 * Existing stores: texts' credits that already settled an order count as cleared (their money was
 * made available before this version); every credit is posted into suspense as received, and
 * those that completed an order before this version (whose posting took the money from the bank)
 * are posted out of suspense again, so that suspense holds exactly the credits that settled nothing.
 */
export const migration: Migration = {
  version: 15,
  name: 'credit evidence, pending balances and suspense',
  sql: `
ALTER TABLE bank_credits ADD COLUMN evidence text;
UPDATE bank_credits SET evidence = CASE source
  WHEN 'statement' THEN 'statement' WHEN 'sandbox' THEN 'sandbox' WHEN 'sms' THEN 'sms'
  WHEN 'email' THEN 'email' ELSE 'manual' END;
ALTER TABLE bank_credits ALTER COLUMN evidence SET NOT NULL;
ALTER TABLE bank_credits ADD CONSTRAINT bank_credits_evidence_check
  CHECK (evidence IN ('statement', 'api_source', 'sms', 'email', 'manual', 'sandbox'));

ALTER TABLE bank_credits ADD COLUMN hold text NOT NULL DEFAULT 'none'
  CHECK (hold IN ('none', 'pending', 'cleared', 'frozen'));
ALTER TABLE bank_credits ADD COLUMN hold_changed_at timestamptz;
ALTER TABLE bank_credits ADD COLUMN hold_note text NOT NULL DEFAULT '';
ALTER TABLE bank_credits ADD COLUMN statement_amount bigint;
ALTER TABLE bank_credits ADD COLUMN statement_payee text;
UPDATE bank_credits SET hold = CASE WHEN payment_uid IS NULL THEN 'pending' ELSE 'cleared' END,
  hold_changed_at = created_at, hold_note = CASE WHEN payment_uid IS NULL THEN '' ELSE 'settled before holds' END
  WHERE evidence IN ('sms', 'email');
CREATE INDEX bank_credits_pending ON bank_credits (created_at) WHERE hold = 'pending' AND payment_uid IS NOT NULL;
CREATE INDEX bank_credits_contradicted ON bank_credits (hold_changed_at DESC) WHERE statement_amount IS NOT NULL;

ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_check;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_check
  CHECK (kind IN ('bank', 'available', 'held', 'pending', 'frozen', 'suspense'));
ALTER TABLE ledger_accounts ADD COLUMN collection_account text;
INSERT INTO ledger_accounts (id, merchant_uid, kind)
  SELECT 'm:' || uid || ':pending', uid, 'pending' FROM merchants
  UNION ALL SELECT 'm:' || uid || ':frozen', uid, 'frozen' FROM merchants;

ALTER TABLE ledger_postings ALTER COLUMN payment_uid DROP NOT NULL;
ALTER TABLE ledger_postings ADD COLUMN credit_id bigint REFERENCES bank_credits (id);
ALTER TABLE ledger_postings ADD CONSTRAINT ledger_postings_subject CHECK ((payment_uid IS NULL) <> (credit_id IS NULL));
ALTER TABLE ledger_postings ADD CONSTRAINT ledger_postings_credit_once UNIQUE (credit_id, event);

INSERT INTO ledger_accounts (id, kind, collection_account)
  SELECT DISTINCT 'suspense:' || COALESCE(NULLIF(lower(regexp_replace(payee, '\\s+', '', 'g')), ''), 'none'),
         'suspense', lower(regexp_replace(payee, '\\s+', '', 'g'))
  FROM bank_credits;
INSERT INTO ledger_postings (credit_id, event, created_at) SELECT id, 'received', created_at FROM bank_credits;
INSERT INTO ledger_postings (credit_id, event, created_at)
  SELECT c.id, 'collected_before_suspense', COALESCE(c.matched_at, c.created_at) FROM bank_credits c
  JOIN ledger_postings p ON p.payment_uid = c.payment_uid AND p.event = 'collected';
INSERT INTO ledger_entries (posting_id, account_id, amount)
  SELECT p.id, side.account_id, side.amount
  FROM ledger_postings p JOIN bank_credits c ON c.id = p.credit_id
  CROSS JOIN LATERAL (VALUES
    ('sys:bank', CASE p.event WHEN 'received' THEN -c.amount ELSE c.amount END),
    ('suspense:' || COALESCE(NULLIF(lower(regexp_replace(c.payee, '\\s+', '', 'g')), ''), 'none'),
     CASE p.event WHEN 'received' THEN c.amount ELSE -c.amount END)
  ) AS side (account_id, amount)
  ORDER BY p.id, side.account_id;
UPDATE ledger_accounts a SET balance = (SELECT COALESCE(sum(e.amount), 0) FROM ledger_entries e WHERE e.account_id = a.id)
  WHERE kind IN ('bank', 'suspense');
`,
};
