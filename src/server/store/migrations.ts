/** Every migration, one file per version, in order (migration.ts says how to add one). */
import type { Migration } from './migration.js';
import { migration as m1 } from './migrations/0001-initial-schema.js';
import { migration as m2 } from './migrations/0002-lost-utr-claims.js';
import { migration as m3 } from './migrations/0003-payer-journey.js';
import { migration as m4 } from './migrations/0004-change-notifications.js';
import { migration as m5 } from './migrations/0005-shared-rate-limits.js';
import { migration as m6 } from './migrations/0006-credit-sources-alert-texts-and-the-audit-log.js';
import { migration as m7 } from './migrations/0007-operators-console-sessions-and-order-search-indexes.js';
import { migration as m8 } from './migrations/0008-key-and-merchant-change-notifications.js';
import { migration as m9 } from './migrations/0009-open-payouts-index.js';
import { migration as m10 } from './migrations/0010-callback-statuses.js';
import { migration as m11 } from './migrations/0011-payout-channels-and-batches.js';
import { migration as m12 } from './migrations/0012-alert-texts-kept-as-received.js';
import { migration as m13 } from './migrations/0013-unique-collection-accounts.js';
import { migration as m14 } from './migrations/0014-contested-claims.js';
import { migration as m15 } from './migrations/0015-credit-evidence-pending-balances-and-suspense.js';
import { migration as m16 } from './migrations/0016-approvals.js';
import { migration as m17 } from './migrations/0017-merchant-users-and-sessions.js';
import { migration as m18 } from './migrations/0018-credit-source-watch.js';
import { migration as m19 } from './migrations/0019-console-search-indexes.js';
import { migration as m20 } from './migrations/0020-merchant-default-notify-url.js';
import { migration as m21 } from './migrations/0021-source-senders.js';
import { migration as m22 } from './migrations/0022-credit-money-returned.js';
import { migration as m23 } from './migrations/0023-one-merchant-order-id-index.js';

export type { Migration } from './migration.js';

export const MIGRATIONS: readonly Migration[] = [
  m1,
  m2,
  m3,
  m4,
  m5,
  m6,
  m7,
  m8,
  m9,
  m10,
  m11,
  m12,
  m13,
  m14,
  m15,
  m16,
  m17,
  m18,
  m19,
  m20,
  m21,
  m22,
  m23,
];
