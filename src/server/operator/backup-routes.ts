/**
 * `GET /operator/api/store/backup`: a consistent copy of the embedded store, as a gzipped tar of
 * its data directory (store/backup.ts). `npm run operator -- backup <file>` saves it; RESTORE_FROM
 * restores it into an empty DATA_DIR. PostgreSQL is backed up with its own tools: the answer says how.
 */
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { Hono } from 'hono';
import { ERROR_CODES } from '../../shared/error-codes.js';
import type { AppDeps } from '../app-deps.js';
import { AppError } from '../errors.js';
import type { OperatorEnv } from '../http/operator-env.js';
import { dumpEmbeddedStore } from '../store/backup.js';
import { BACKUP } from './operator-api.js';

const gzipAsync = promisify(gzip);

export const PG_DUMP_GUIDANCE =
  'the store is PostgreSQL: back it up with pg_dump --format=custom --file=gateway.dump "$DATABASE_URL" ' +
  'and restore into an empty database with pg_restore --dbname="$DATABASE_URL" gateway.dump';

export function backupRoutes(deps: AppDeps): Hono<OperatorEnv> {
  const app = new Hono<OperatorEnv>();
  BACKUP.register(app, async (c) => {
    const tar = await dumpEmbeddedStore(deps.db);
    if (!tar) throw new AppError(ERROR_CODES.invalidRequest, PG_DUMP_GUIDANCE);
    const body = await gzipAsync(Buffer.from(await tar.arrayBuffer()));
    deps.log.info('store backed up', { bytes: body.length });
    return c.body(new Uint8Array(body), 200, {
      'Content-Type': 'application/gzip',
      'Content-Disposition': 'attachment; filename="gateway-backup.tar.gz"',
      'Cache-Control': 'no-store',
    });
  });
  return app;
}
