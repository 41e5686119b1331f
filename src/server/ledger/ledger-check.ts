/**
 * The ledger check (`npm run operator -- ledger-check`, GET /operator/api/ledger/check): every
 * invariant the ledger keeps, each read by one query (ledger-check-store.ts, so each sees one
 * snapshot), with the rows that break it. docs/money-controls.md, "The ledger check".
 */
import { formatAmount } from '../../shared/money.js';
import type { Queryable } from '../store/db.js';
import {
  accountsOffTheirEntries,
  collectionAccountsOffTheirCredits,
  collectionsOffTheirPostings,
  creditsOffTheirPostings,
  merchantsOffTheirOrders,
  unbalancedPostings,
} from './ledger-check-store.js';
import type { LedgerCheck } from './ledger-schemas.js';

export async function checkLedger(db: Queryable): Promise<LedgerCheck> {
  const rupees = (paise: number) => formatAmount(paise);
  const checks = [
    {
      name: 'postings_balance',
      rule: 'the entries of every posting sum to zero, and every posting has two entries or more',
      differences: (await unbalancedPostings(db)).map(
        (row) => `posting ${row.posting_id}: ${row.entries} entries summing to ${rupees(row.total)}`,
      ),
    },
    {
      name: 'accounts_match_entries',
      rule: "every account's balance is the sum of its entries, and only the bank's may be negative",
      differences: (await accountsOffTheirEntries(db)).map(
        (row) => `${row.account}: balance ${rupees(row.recorded)}, entries ${rupees(row.expected)}`,
      ),
    },
    {
      name: 'merchants_match_orders',
      rule:
        'held is the open payouts; pending and frozen the completed collections whose credits are held or frozen; ' +
        'available what was collected less what was paid out, held, pending, frozen and returned to payers',
      differences: (await merchantsOffTheirOrders(db)).map(
        (row) =>
          `merchant ${row.merchant_uid} ${row.kind}: ledger ${rupees(row.recorded)}, orders ${rupees(row.expected)}`,
      ),
    },
    {
      name: 'collection_accounts_match_credits',
      rule:
        "per collection account, the money received into its suspense is the sum of the bank's credits to it, " +
        'and what remains in suspense is the credits that completed no order and were not returned',
      differences: (await collectionAccountsOffTheirCredits(db)).map(
        (row) =>
          `${row.account}: credits ${rupees(row.credits)}, received ${rupees(row.received)}; ` +
          `unsettled credits ${rupees(row.unsettled)}, in suspense ${rupees(row.suspense)}`,
      ),
    },
    {
      name: 'collections_posted',
      rule: 'a completed collection has one collected posting, any other collection none',
      differences: (await collectionsOffTheirPostings(db)).map(
        (row) => `order ${row.payment_uid} (${row.payment_status}): ${row.collected} collected postings`,
      ),
    },
    {
      name: 'credits_posted',
      rule: 'every bank credit has one received posting',
      differences: (await creditsOffTheirPostings(db)).map(
        (row) => `credit ${row.credit_id} (UTR ${row.utr}): ${row.received} received postings`,
      ),
    },
  ];
  return { ok: checks.every((check) => check.differences.length === 0), checks };
}
