/**
 * The embedded store's thread dies (an exception, out of memory; here it is stopped from
 * outside): nothing waits for it for ever, and the service exits with a failure and a log line
 * that says why, so that its supervisor starts it again (decision 0041).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPgliteDb } from '../../../src/server/store/pglite-db.js';
import { storeThreads } from '../../../src/server/store/pglite-thread-client.js';
import { printed, startSandboxService } from '../support/child-service.js';
import { migratedTemplate } from '../support/test-db.js';

const root = mkdtempSync(join(tmpdir(), 'store-thread-death-'));
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe("the embedded store's thread dies", () => {
  it('fails the statements under way and every later one, tells the listeners, and says it failed', async () => {
    const before = new Set(storeThreads());
    const db = await openPgliteDb('memory://', await migratedTemplate(), 'worker');
    const [thread] = storeThreads().filter((worker) => !before.has(worker));
    if (!thread) throw new Error('no thread for the store');
    const states: string[] = [];
    await db.listen(['order_changes'], {
      notify: () => undefined,
      lost: () => states.push('lost'),
      resumed: () => states.push('resumed'),
    });
    let inTransaction!: () => void;
    const opened = new Promise<void>((resolve) => {
      inTransaction = resolve;
    });
    const transaction = db.transaction(async (tx) => {
      await tx.query('SELECT 1');
      inTransaction();
      await thread.terminate();
      return tx.query('SELECT 2');
    });
    await opened;
    await expect(transaction).rejects.toThrow(/thread stopped/);
    expect((await db.failed)?.message).toMatch(/thread stopped/);
    expect(states).toEqual(['lost']);
    await expect(db.query('SELECT 1')).rejects.toThrow(/thread stopped/);
    await db.close();
  });

  it('makes the service exit with a failure and a log line saying why', async () => {
    const service = await startSandboxService(root, join(root, 'data'), { EMBEDDED_STORE_THREAD: 'worker' });
    await printed(service, 'Service ready at');
    service.child.kill('SIGUSR2');
    expect(await service.exited).toBe(1);
    expect(service.output()).toContain(
      'the embedded store stopped: exiting for the supervisor to start the service again',
    );
  }, 240_000);
});
