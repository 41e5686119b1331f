/**
 * The operator API's own routes as they describe themselves: the store's backup and named
 * operators. The CLI calls them through http/api-client.ts.
 */
import { z } from 'zod';
import { created, ok, operatorApi } from '../http/route-group.js';
import { OPERATOR_NAME, ROOT_OPERATOR } from './operator-accounts.js';

/** Where app.ts mounts the operator API (behind the operator's authentication). */
export const OPERATOR_API_PREFIX = '/operator/api';

export const CreateOperatorSchema = z
  .object({
    name: z
      .string()
      .regex(OPERATOR_NAME, 'must be 1-40 lower-case letters, digits, dots, dashes or underscores')
      .refine((name) => name !== ROOT_OPERATOR, `'${ROOT_OPERATOR}' is the configured OPERATOR_TOKEN`),
  })
  .meta({ id: 'CreateOperator' });

export const BACKUP = operatorApi.get('/store/backup', 'backupStore', {
  summary: 'A consistent copy of the embedded store (gzipped tar); on PostgreSQL, how to use pg_dump',
  answers: {
    200: {
      description: 'The backup (restore it with RESTORE_FROM into an empty DATA_DIR)',
      media: { 'application/gzip': { type: 'string', contentMediaType: 'application/gzip' } },
    },
  },
});

const operator = z.object({
  name: z.string(),
  created_by: z.string().describe('The operator who added it'),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
});

export const LIST_OPERATORS = operatorApi.get('/operators', 'listOperators', {
  summary: 'List named operators',
  answers: ok('Named operators', z.array(operator)),
});

export const ADD_OPERATOR = operatorApi.post('/operators', 'addOperator', {
  summary: 'Add a named operator (root only); its token is shown once',
  body: CreateOperatorSchema,
  bodyExample: { name: 'asha' },
  answers: created('Created, with its token', operator.extend({ token: z.string() })),
  errors: [403, 409],
});

export const REVOKE_OPERATOR = operatorApi.delete('/operators/:name', 'revokeOperator', {
  params: z.object({ name: z.string().describe('The operator') }),
  summary: "Revoke a named operator's token and end its sessions (root only)",
  answers: ok('Revoked', z.object({ name: z.string(), status: z.literal('revoked') })),
  errors: [403],
});
