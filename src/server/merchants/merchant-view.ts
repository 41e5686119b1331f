/**
 * A merchant as the operator API answers it (shared/console-views.ts): limits as two-decimal
 * rupee strings, times as ISO 8601, and on its own page its keys and balance.
 */

import type { ApiKeyView, MerchantDetail, MerchantView } from '../../shared/console-views.js';
import { formatAmount } from '../../shared/money.js';
import type { Balance } from '../ledger/ledger.js';
import type { ApiKeyRecord, Merchant } from './merchant.js';

export function merchantView(merchant: Merchant): MerchantView {
  return {
    ...merchant,
    embed_origins: [...merchant.embed_origins],
    redirect_origins: [...merchant.redirect_origins],
    upi_min: formatAmount(merchant.upi_min),
    upi_max: formatAmount(merchant.upi_max),
    imps_min: formatAmount(merchant.imps_min),
    imps_max: formatAmount(merchant.imps_max),
    created_at: merchant.created_at.toISOString(),
    updated_at: merchant.updated_at.toISOString(),
  };
}

export function merchantDetail(
  merchant: Merchant,
  keys: readonly ApiKeyRecord[],
  balance: Balance,
): MerchantDetail {
  return {
    ...merchantView(merchant),
    keys: keys.map(keyView),
    balance: {
      inr: formatAmount(balance.available),
      inr_held: formatAmount(balance.held),
      inr_pending: formatAmount(balance.pending),
      inr_frozen: formatAmount(balance.frozen),
    },
  };
}

function keyView(key: ApiKeyRecord): ApiKeyView {
  return {
    ...key,
    created_at: key.created_at.toISOString(),
    revoked_at: key.revoked_at?.toISOString() ?? null,
  };
}
