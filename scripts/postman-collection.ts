/**
 * `npm run postman`: writes examples/postman/upi-gateway.postman_collection.json from the
 * /openapi.json of the app built in-process over an empty embedded store in memory (as
 * lint-openapi.ts does). `--check` writes nothing and fails if the file is not what it would write.
 */
import { readFileSync, writeFileSync } from 'node:fs';
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
import { buildCollection } from './postman/build-collection.js';

export const COLLECTION_FILE = fileURLToPath(
  new URL('../examples/postman/upi-gateway.postman_collection.json', import.meta.url),
);

const loaded = loadConfig({ PUBLIC_BASE_URL: 'https://pay.example', LOG_LEVEL: 'silent' });
if (!loaded.ok) throw new Error(loaded.errors.join('; '));
const db = await openPgliteDb('memory://');
await migrate(db);
const changes = await openChangeFeed(db, [ORDER_CHANGES_CHANNEL], silentLogger);
const app = createApp({
  config: loaded.config,
  db,
  clock: systemClock,
  log: silentLogger,
  metrics: createMetrics(),
  changes,
});
const text = `${JSON.stringify(await buildCollection(await (await app.request('/openapi.json')).text()), null, 2)}\n`;
await changes.close();
await db.close();

if (process.argv.includes('--check')) {
  if (readFileSync(COLLECTION_FILE, 'utf8') !== text) {
    console.error(`${COLLECTION_FILE} is out of date: run npm run postman`);
    process.exit(1);
  }
} else {
  writeFileSync(COLLECTION_FILE, text);
  console.log(`wrote ${COLLECTION_FILE}`);
}
