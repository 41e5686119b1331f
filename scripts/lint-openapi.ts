/**
 * `npm run lint:openapi` (part of `npm run check`): builds the app in-process, as the service
 * mounts it, over an empty embedded store in memory; writes its /openapi.json to a temporary
 * file; and lints that file with Redocly's CLI under redocly.yaml. Offline: nothing is
 * downloaded, and Redocly's telemetry and update check are off.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from '../src/server/app.js';
import { systemClock } from '../src/server/clock.js';
import { loadConfig } from '../src/server/config.js';
import { createMetrics } from '../src/server/http/metrics.js';
import { silentLogger } from '../src/server/log.js';
import { ORDER_CHANGES_CHANNEL } from '../src/server/orders/order-changes.js';
import { openChangeFeed } from '../src/server/store/change-feed.js';
import { migrate } from '../src/server/store/migrate.js';
import { openPgliteDb } from '../src/server/store/pglite-db.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const loaded = loadConfig({ PUBLIC_BASE_URL: 'https://pay.example', LOG_LEVEL: 'silent' });
if (!loaded.ok) throw new Error(loaded.errors.join('; '));
const db = await openPgliteDb('memory://');
await migrate(db);
const changes = await openChangeFeed(db, [ORDER_CHANGES_CHANNEL], silentLogger);
const deps = {
  config: loaded.config,
  db,
  clock: systemClock,
  log: silentLogger,
  metrics: createMetrics(),
  changes,
};
const app = createApp(deps);
const document = await (await app.request('/openapi.json')).text();
await changes.close();
await db.close();

const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
const file = join(dir, 'openapi.json');
// Indented, so that the lint's line numbers point somewhere readable.
writeFileSync(file, JSON.stringify(JSON.parse(document), null, 2));
const redocly = join(ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
const run = spawnSync(process.execPath, [redocly, 'lint', file, '--config', join(ROOT, 'redocly.yaml')], {
  stdio: 'inherit',
  env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
});
rmSync(dir, { recursive: true, force: true });
process.exitCode = run.status ?? 1;
