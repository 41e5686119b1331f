/**
 * Real processes for tests: a TypeScript entry run with `node --import tsx`, its output collected,
 * its exit awaited, and every child a test file started killed when the file ends. Waits are for
 * what a process prints, bounded generously: no timing assertions.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { freePort } from '../../../src/server/service.js';

export interface Started {
  readonly child: ChildProcess;
  readonly output: () => string;
  readonly exited: Promise<number | null>;
}

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

/** Runs `entry` (a path from the repository's root) with exactly `env`. */
export function startTsx(entry: string, env: NodeJS.ProcessEnv): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Resolves once the process printed `text`; fails if it exits first or stays silent for 180 s. */
export async function printed(started: Started, text: string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (!started.output().includes(text)) {
    if (started.child.exitCode !== null) throw new Error(`exited before "${text}":\n${started.output()}`);
    if (Date.now() > deadline) throw new Error(`no "${text}" within 180 s:\n${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A sandbox service on `dataDir` through `test/server/store/support/service-process.ts`, serving a
 * one-line checkout page from `root` (the tests do not build the page); `env` is set last.
 */
export async function startSandboxService(
  root: string,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<Started> {
  const checkoutDir = join(root, 'checkout');
  mkdirSync(checkoutDir, { recursive: true });
  writeFileSync(join(checkoutDir, 'index.html'), '<!doctype html><title>checkout</title>');
  return startTsx('test/server/store/support/service-process.ts', {
    CHECKOUT_DIR: checkoutDir,
    ...process.env,
    MODE: 'sandbox',
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DEMO_MERCHANT: 'false',
    OPERATOR_TOKEN: 'child-service-operator-token',
    ...env,
  });
}
