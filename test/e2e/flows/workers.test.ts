/**
 * WORKERS=2 on PostgreSQL (PostgreSQL only): one command starts a primary and two service
 * processes on one port; the demo merchant is created once; a worker that dies is started again;
 * SIGTERM stops them all cleanly.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { createTempDatabase, type TempDatabase } from '../support/pg-database.js';
import { freePort, ROOT_DIR, sleep } from '../support/service-process.js';
import { storeKind } from '../support/stack.js';

const MAIN = join(ROOT_DIR, 'dist', 'server', 'server', 'main.js');
const postgres = storeKind() === 'postgres';

function childrenOf(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

describe.runIf(postgres)('WORKERS=2 on PostgreSQL', () => {
  let database: TempDatabase | undefined;
  let primary: ChildProcess | undefined;
  afterAll(async () => {
    if (primary?.pid && primary.exitCode === null) primary.kill('SIGKILL');
    await database?.drop();
  });

  test('runs two processes on one port, starts a dead one again, and stops them all on SIGTERM', async () => {
    const serverUrl = process.env.E2E_DATABASE_URL;
    if (!serverUrl) throw new Error('needs E2E_DATABASE_URL');
    database = await createTempDatabase(serverUrl);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const token = 'workers-operator-token-0123456789';
    primary = spawn(process.execPath, [MAIN], {
      cwd: ROOT_DIR,
      env: {
        PATH: process.env.PATH ?? '',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_BASE_URL: url,
        DATABASE_URL: database.url,
        OPERATOR_TOKEN: token,
        WORKERS: '2',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    primary.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    primary.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => primary?.once('exit', (code) => resolve(code)));
    const pid = primary.pid ?? 0;

    await until('both workers', () => output.includes('with 2 worker processes'));
    expect(output.match(/Service ready at/g)).toHaveLength(1);
    expect(output.match(/Demo merchant created/g)).toHaveLength(1);
    expect(childrenOf(pid)).toHaveLength(2);
    for (let i = 0; i < 4; i++) {
      const demo = await fetch(`${url}/demo`, { redirect: 'manual' });
      expect(demo.status).toBe(302);
    }
    const merchants = await (
      await fetch(`${url}/operator/api/merchants`, { headers: { Authorization: `Bearer ${token}` } })
    ).json();
    expect(merchants.data.map((m: { name: string }) => m.name)).toEqual(['Demo Shop']);

    const [victim] = childrenOf(pid);
    process.kill(victim as number, 'SIGKILL');
    await until('a new worker', () => {
      const now = childrenOf(pid);
      return now.length === 2 && !now.includes(victim as number);
    });
    await until('the new worker listening', () => (output.match(/"service listening"/g) ?? []).length >= 3);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);

    const workers = childrenOf(pid);
    primary.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output.match(/"service stopped"/g)).toHaveLength(2);
    for (const worker of workers) expect(() => process.kill(worker, 0)).toThrow();
  });
});
