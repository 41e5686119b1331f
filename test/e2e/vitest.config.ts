import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The browser suite (`npm run test:e2e`, after `npm run build`): the built service as child
 * processes, Chromium through playwright-core, a merchant test server on loopback. Not part of
 * `npm test`. Every flow runs against a fresh embedded store; with E2E_DATABASE_URL set, again
 * against fresh PostgreSQL databases, plus the two-process flow. Each project's global setup starts
 * the service processes its files share.
 *
 * Two files run at a time, each with its own Chromium: a flow spends most of its time waiting (on
 * the page's polls and streams, callbacks, an order's expiry), not computing. Files do not see each
 * other: each creates its own merchant on the shared services, its orders and UTRs are its own, and
 * the flows that need more (nginx, workers, operations) start their own processes on free ports.
 */
const postgres = Boolean(process.env.E2E_DATABASE_URL);

const shared = {
  environment: 'node' as const,
  testTimeout: 90_000,
  hookTimeout: 90_000,
  globalSetup: ['test/e2e/global-setup.ts'],
  // expect.poll waits as long as a locator's waitFor does: a loaded machine answers slowly.
  expect: { poll: { timeout: 30_000, interval: 100 } },
};

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...shared,
          name: 'e2e-pglite',
          include: ['test/e2e/flows/*.test.ts'],
          // PostgreSQL only: several processes on one database.
          exclude: [
            'test/e2e/flows/two-processes.test.ts',
            'test/e2e/flows/nginx.test.ts',
            'test/e2e/flows/workers.test.ts',
          ],
          env: { E2E_STORE: 'pglite' },
        },
      },
      ...(postgres
        ? [
            {
              test: {
                ...shared,
                name: 'e2e-postgres',
                include: ['test/e2e/flows/*.test.ts'],
                // Operations runs its own embedded-store service, and the locale overflow needs no
                // service at all: once is enough.
                exclude: ['test/e2e/flows/operations.test.ts', 'test/e2e/flows/locale-overflow.test.ts'],
                env: { E2E_STORE: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
