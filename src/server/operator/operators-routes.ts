/**
 * Named operators under /operator/api/operators: the root operator (OPERATOR_TOKEN) adds one
 * (its token is shown once), lists them and revokes one (its console sessions end with it).
 */
import { Hono } from 'hono';
import { ERROR_CODES } from '../../shared/error-codes.js';
import type { AppDeps } from '../app-deps.js';
import { AppError, notFound } from '../errors.js';
import type { OperatorEnv } from '../http/operator-env.js';
import { requestLog } from '../http/request-record.js';
import { addOperator } from './commands/add-operator.js';
import { revokeOperator } from './commands/revoke-operator.js';
import { ROOT_OPERATOR } from './operator-accounts.js';
import { ADD_OPERATOR, LIST_OPERATORS, REVOKE_OPERATOR } from './operator-api.js';
import { listOperators } from './operator-store.js';

const ok = <T>(data: T) => ({ result: 'success' as const, data });

export function operatorsRoutes(deps: AppDeps) {
  const app = new Hono<OperatorEnv>();
  const { db } = deps;

  for (const path of ['/operators', '/operators/*']) {
    app.use(path, async (c, next) => {
      if (c.req.method !== 'GET' && c.var.operatorName !== ROOT_OPERATOR) {
        throw new AppError(ERROR_CODES.forbidden, 'operators: only the root operator manages operators');
      }
      await next();
    });
  }

  LIST_OPERATORS.register(app, async (c) => c.json(ok(await listOperators(db))));

  ADD_OPERATOR.register(app, async (c) => {
    const { name } = c.req.valid('json');
    const result = await addOperator(deps, { name, actor: c.var.operatorName });
    if (result.kind === 'name_taken') {
      throw new AppError(ERROR_CODES.nameTaken, 'name: an operator with this name exists');
    }
    requestLog(c).info('operator created', { name });
    return c.json(ok({ ...result.operator, token: result.token }), 201);
  });

  REVOKE_OPERATOR.register(app, async (c) => {
    const { name } = c.req.valid('param');
    const revoked = await revokeOperator(deps, { name, actor: c.var.operatorName });
    if (!revoked) throw notFound('name: no such active operator');
    requestLog(c).info('operator revoked', { name });
    return c.json(ok({ name, status: 'revoked' }));
  });

  return app;
}
