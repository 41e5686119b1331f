import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The merchant examples suite (`npm run test:examples`, after a build): the built service on a
 * fresh embedded store, and each `examples/<language>/run.sh` run against it as a merchant would
 * (docs/merchant-api.md, Quick start). Not part of `npm test`: it needs PHP, Go and Java. One file,
 * the examples one after another: the Go and Java compilers would fight for two cores.
 */
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    name: 'examples',
    environment: 'node',
    include: ['test/examples/*.test.ts'],
    testTimeout: 240_000,
    hookTimeout: 240_000,
  },
});
