/**
 * The operator API's own routes as they describe themselves: the store's backup and named
 * operators. The CLI calls them through http/api-client.ts.
 */
import { z } from 'zod';
import { apiRoute } from '../http/api-route.js';
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

export const BACKUP = apiRoute({
  id: 'backupStore',
  method: 'get',
  path: '/store/backup',
  tag: 'operator',
  auth: 'operator',
  summary: 'A consistent copy of the embedded store (gzipped tar); on PostgreSQL, how to use pg_dump',
  answers: {
    200: {
      description: 'The backup (restore it with RESTORE_FROM into an empty DATA_DIR)',
      media: { 'application/gzip': { type: 'string', contentMediaType: 'application/gzip' } },
    },
  },
  errors: [],
});

const operator = z.object({
  name: z.string(),
  created_by: z.string().describe('The operator who added it'),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
});

export const LIST_OPERATORS = apiRoute({
  id: 'listOperators',
  method: 'get',
  path: '/operators',
  tag: 'operator',
  auth: 'operator',
  summary: 'List named operators',
  answers: { 200: { description: 'Named operators', data: z.array(operator) } },
  errors: [],
});

export const ADD_OPERATOR = apiRoute({
  id: 'addOperator',
  method: 'post',
  path: '/operators',
  tag: 'operator',
  auth: 'operator',
  summary: 'Add a named operator (root only); its token is shown once',
  body: CreateOperatorSchema,
  bodyExample: { name: 'asha' },
  answers: { 201: { description: 'Created, with its token', data: operator.extend({ token: z.string() }) } },
  errors: [403, 409],
});

export const REVOKE_OPERATOR = apiRoute({
  id: 'revokeOperator',
  method: 'delete',
  path: '/operators/:name',
  params: z.object({ name: z.string().describe('The operator') }),
  tag: 'operator',
  auth: 'operator',
  summary: "Revoke a named operator's token and end its sessions (root only)",
  answers: {
    200: { description: 'Revoked', data: z.object({ name: z.string(), status: z.literal('revoked') }) },
  },
  errors: [403, 404],
});
