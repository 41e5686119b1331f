import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * One config for both browser builds and for the test projects:
 * - the checkout page (default mode) builds to dist/checkout, served by the service under /checkout/;
 * - the operator console (`vite build --mode console`) builds from src/console/index.html to
 *   dist/console, served under /console/; the checkout's weight budget applies to dist/checkout only;
 * - the merchant portal (`vite build --mode portal`) builds from src/portal/index.html to
 *   dist/portal, served under /merchant/;
 * - `npm test` runs the server/shared tests in Node and the page's, console's and portal's tests in
 *   happy-dom;
 * - the browser (e2e) suite has its own project, run by `npm run test:e2e`.
 */
export default defineConfig(({ mode }) => {
  // The console and the portal are each a page of their own folder; the checkout is the default.
  const entry = mode === 'console' || mode === 'portal' ? mode : undefined;
  const base = { console: '/console/', portal: '/merchant/' };
  return {
    base: entry ? base[entry] : '/checkout/',
    ...(entry ? { root: fileURLToPath(new URL(`./src/${entry}`, import.meta.url)) } : {}),
    publicDir: entry ? false : 'public',
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
    build: {
      outDir: fileURLToPath(new URL(`./dist/${entry ?? 'checkout'}`, import.meta.url)),
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
        {
          extends: true,
          test: {
            name: 'portal',
            environment: 'happy-dom',
            include: ['test/portal/**/*.test.{ts,tsx}'],
            setupFiles: ['test/support/under-load.ts'],
            testTimeout: 60_000,
          },
        },
      ],
    },
  };
});
