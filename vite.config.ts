import { defineConfig } from 'vitest/config';

/**
 * One config for the checkout build and for the test projects:
 * - the checkout page builds to dist/checkout, served by the service under /checkout/;
 * - `npm test` runs the server/shared tests in Node and the page's tests in happy-dom;
 * - the browser (e2e) suite has its own project, run by `npm run test:e2e`.
 */
export default defineConfig({
  base: '/checkout/',
  publicDir: 'public',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: 'dist/checkout',
    emptyOutDir: true,
    target: 'es2020',
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['test/server/**/*.test.ts', 'test/shared/**/*.test.ts'],
          globalSetup: ['test/server/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'checkout',
          environment: 'happy-dom',
          include: ['test/checkout/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
