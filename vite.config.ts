import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * One config for both browser builds and for the test projects:
 * - the checkout page (default mode) builds to dist/checkout, served by the service under /checkout/;
 * - the operator console (`vite build --mode console`) builds from src/console/index.html to
 *   dist/console, served under /console/; the checkout's weight budget applies to dist/checkout only;
 * - `npm test` runs the server/shared tests in Node and the page's and console's tests in happy-dom;
 * - the browser (e2e) suite has its own project, run by `npm run test:e2e`.
 */
export default defineConfig(({ mode }) => {
  const isConsole = mode === 'console';
  return {
    base: isConsole ? '/console/' : '/checkout/',
    ...(isConsole ? { root: fileURLToPath(new URL('./src/console', import.meta.url)) } : {}),
    publicDir: isConsole ? false : 'public',
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
    build: {
      outDir: fileURLToPath(new URL(isConsole ? './dist/console' : './dist/checkout', import.meta.url)),
      emptyOutDir: true,
      target: 'es2020',
      assetsInlineLimit: 0,
      modulePreload: { polyfill: false },
    },
    test: {
      // Vitest runs one file at a time on two cores by default (cores - 1). The server tests wait on
      // stores, sockets and child processes as much as on the CPU, so two files at a time take
      // 150 s instead of 203 s on a quiet two-core machine; every file has its own store.
      maxWorkers: Math.max(2, availableParallelism() - 1),
      projects: [
        {
          extends: true,
          test: {
            name: 'server',
            environment: 'node',
            include: ['test/server/**/*.test.ts', 'test/shared/**/*.test.ts', 'test/client/**/*.test.ts'],
            globalSetup: ['test/server/support/global-setup.ts'],
            // A worker runs its files one after another in one module graph instead of a fresh one
            // per file: the service's modules, PGlite's WebAssembly and the stores test-db.ts keeps
            // (emptied back to the migrated state between tests) are loaded once per worker, not
            // once per file, which cut a third of the suite to a quarter of its time. The server
            // tests mock no module, stub no global and fake no timers (time is a ManualClock), so
            // a file leaves nothing behind for the next but its closed stores.
            isolate: false,
            // Generous: a test is slow on a busy machine, not wrong (CONTRIBUTING.md, tests under load).
            testTimeout: 120_000,
            hookTimeout: 180_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'checkout',
            environment: 'happy-dom',
            include: ['test/checkout/**/*.test.{ts,tsx}'],
            setupFiles: ['test/support/under-load.ts'],
            testTimeout: 60_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'console',
            environment: 'happy-dom',
            include: ['test/console/**/*.test.{ts,tsx}'],
            setupFiles: ['test/support/under-load.ts'],
            testTimeout: 60_000,
          },
        },
      ],
    },
  };
});
