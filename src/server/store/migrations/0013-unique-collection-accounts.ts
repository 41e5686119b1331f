import type { Migration } from '../migration.js';

/**
 * A collection account belongs to one merchant (merchants/collection-accounts.ts): a UPI address,
 * compared case-insensitively, and an IMPS account number at its IFSC are unique among merchants,
 * enabled or disabled. A store that already holds shared accounts (or credit sources of two
 * merchants on one account) is not changed: the migration fails and lists them, so that an operator
 * decides whose each account is (docs/money-controls.md, "Shared collection accounts").
 */
export const migration: Migration = {
  version: 13,
  name: 'unique collection accounts',
  sql: `
DO $$
DECLARE
  shared text;
BEGIN
  SELECT string_agg(line, '; ' ORDER BY line) INTO shared FROM (
    SELECT 'UPI ' || lower(upi_vpa) || ' (merchants ' || string_agg(uid, ', ' ORDER BY uid) || ')' AS line
      FROM merchants WHERE upi_vpa <> '' GROUP BY lower(upi_vpa) HAVING count(*) > 1
    UNION ALL
    SELECT 'IMPS ' || imps_account || ' at ' || upper(imps_ifsc) || ' (merchants '
           || string_agg(uid, ', ' ORDER BY uid) || ')'
      FROM merchants WHERE imps_account <> '' GROUP BY imps_account, upper(imps_ifsc) HAVING count(*) > 1
    UNION ALL
    SELECT 'credit sources on ' || lower(account) || ' (merchants '
           || string_agg(DISTINCT merchant_uid, ', ' ORDER BY merchant_uid) || ')'
      FROM credit_sources WHERE status = 'active' AND account <> ''
      GROUP BY lower(account) HAVING count(DISTINCT merchant_uid) > 1
  ) AS lines;
  IF shared IS NOT NULL THEN
    RAISE EXCEPTION 'collection accounts shared by several merchants: %; give each account to one merchant (docs/money-controls.md, "Shared collection accounts") and start again', shared;
  END IF;
END
$$;

CREATE UNIQUE INDEX merchants_upi_vpa_unique ON merchants (lower(upi_vpa)) WHERE upi_vpa <> '';
CREATE UNIQUE INDEX merchants_imps_account_unique ON merchants (imps_account, upper(imps_ifsc))
  WHERE imps_account <> '';
`,
};
