/**
 * A service process for tests that need real processes on one DATA_DIR: main.ts's start-up and
 * shutdown, with the checkout page served from CHECKOUT_DIR (the tests do not build the page).
 * SIGUSR2 stops the embedded store's thread, as its death would.
 * Run with `node --import tsx`.
 */
import { loadConfig } from '../../../../src/server/config.js';
import { createLogger } from '../../../../src/server/log.js';
import { startService } from '../../../../src/server/service.js';
import { storeThreads } from '../../../../src/server/store/pglite-thread-client.js';

const result = loadConfig(process.env);
if (!result.ok) {
  process.stderr.write(`Configuration error: ${result.errors.join('; ')}\n`);
  process.exit(1);
}
startService(result.config, createLogger(result.config.logLevel), process.env.CHECKOUT_DIR).then(
  (service) => {
    process.stderr.write(`Service ready at ${service.url}\n`);
    process.on('SIGTERM', () => {
      service.close().then(
        () => process.exit(process.exitCode ?? 0),
        () => process.exit(1),
      );
    });
    // SIGUSR2: the embedded store's thread dies, as an exception or running out of memory would end it.
    process.on('SIGUSR2', () => {
      for (const thread of storeThreads()) void thread.terminate();
    });
  },
  (error: unknown) => {
    process.stderr.write(`Failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
