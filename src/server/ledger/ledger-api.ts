/**
 * The ledger's operator route as it describes itself (docs/money-controls.md): the ledger check.
 */
import { ok, operatorApi } from '../http/route-group.js';
import { LedgerCheckSchema } from './ledger-schemas.js';

export const CHECK_LEDGER = operatorApi.get('/ledger/check', 'checkLedger', {
  summary: "Check the ledger's invariants",
  description:
    "Every posting balances; every account's balance is its entries; merchant balances follow the orders; per " +
    "collection account the ledger holds the bank's credits (suspense holds those that completed no order); " +
    'postings follow statuses. `ok` is false when any check found a difference; the CLI exits 1 then.',
  answers: ok('The checks and their differences', LedgerCheckSchema),
});
