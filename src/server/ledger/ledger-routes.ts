/** The ledger's operator route (ledger-api.ts): the check, reads only. */
import { Hono } from 'hono';
import type { AppDeps } from '../app-deps.js';
import { success } from '../http/envelope.js';
import type { OperatorEnv } from '../http/operator-env.js';
import { CHECK_LEDGER } from './ledger-api.js';
import { checkLedger } from './ledger-check.js';

export function ledgerRoutes(deps: AppDeps): Hono<OperatorEnv> {
  const app = new Hono<OperatorEnv>();

  CHECK_LEDGER.register(app, async (c) => success(c, await checkLedger(deps.db)));
  return app;
}
