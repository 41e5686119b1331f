/**
 * The real, built service (`dist/server/server/main.js`) as a child process on a free loopback
 * port, configured only through its environment, as an operator would run it. Its log goes to
 * test-results/e2e/logs/, so a failing flow can be read afterwards.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT_DIR = fileURLToPath(new URL('../../..', import.meta.url));
export const RESULTS_DIR = join(ROOT_DIR, 'test-results', 'e2e');
const MAIN = join(ROOT_DIR, 'dist', 'server', 'server', 'main.js');

export interface ServiceOptions {
  /** A name for the log file and WORKER_ID. */
  readonly name: string;
  /** postgres:// URL; without it the service uses a fresh embedded store in a temporary DATA_DIR. */
  readonly databaseUrl?: string | undefined;
  /**
   * A dump of a migrated, empty embedded store for that DATA_DIR to start from: loading one takes a
   * fraction of the initdb a service does on an empty directory (the operations flow covers that).
   */
  readonly pgliteTemplate?: string;
  readonly operatorToken: string;
  readonly orderTtlSeconds?: number;
  readonly payoutDelaySeconds?: number;
  /** Where payers reach it (default: its own URL), e.g. a proxy in front of it. */
  readonly publicBaseUrl?: string;
  /** More variables, set last (e.g. TRUST_PROXY). */
  readonly env?: Readonly<Record<string, string>>;
}

export interface ServiceProcess {
  readonly name: string;
  /** `http://127.0.0.1:<port>`, also the service's PUBLIC_BASE_URL. */
  readonly url: string;
  readonly logPath: string;
  stop(): Promise<void>;
}

export function newOperatorToken(): string {
  return randomBytes(24).toString('hex');
}

export async function startService(options: ServiceOptions): Promise<ServiceProcess> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), `e2e-${options.name}-`));
  if (options.pgliteTemplate && !options.databaseUrl) {
    // Where the service keeps its embedded store (DATA_DIR/pglite, config.ts). Loaded here only:
    // the flow files import this module and need no PGlite of their own.
    const { openPgliteDb } = await import('../../../src/server/store/pglite-db.js');
    const seeded = await openPgliteDb(
      join(dataDir, 'pglite'),
      new Blob([readFileSync(options.pgliteTemplate)]),
    );
    await seeded.close();
  }
  mkdirSync(join(RESULTS_DIR, 'logs'), { recursive: true });
  const logPath = join(RESULTS_DIR, 'logs', `${options.name}-${port}.log`);
  const log = createWriteStream(logPath);
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmpdir(),
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: options.publicBaseUrl ?? url,
    DATA_DIR: dataDir,
    OPERATOR_TOKEN: options.operatorToken,
    MODE: 'sandbox',
    ORDER_TTL_SECONDS: String(options.orderTtlSeconds ?? 900),
    ALLOW_PRIVATE_CALLBACKS: 'true',
    SANDBOX_PAYOUT_DELAY_SECONDS: String(options.payoutDelaySeconds ?? 1),
    LOG_LEVEL: 'info',
    DEMO_MERCHANT: 'false',
    WORKER_ID: options.name,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  };
  const child = spawn(process.execPath, [MAIN], { cwd: ROOT_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  let stopping = false;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => {
      // Said at once, so a flow failing afterwards is not a mystery.
      if (!stopping)
        console.error(
          `[e2e] service ${options.name} exited unexpectedly (${signal ?? code}); see ${logPath}`,
        );
      resolve(code);
    }),
  );

  // Should the runner itself die, the service must not outlive it.
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);
  const cleanUp = () => {
    process.off('exit', orphanGuard);
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(url, child, exited, logPath);
  } catch (error) {
    stopping = true;
    await stopChild(child, exited);
    cleanUp();
    throw error;
  }
  return {
    name: options.name,
    url,
    logPath,
    async stop() {
      stopping = true;
      await stopChild(child, exited);
      cleanUp();
    },
  };
}

async function waitUntilReady(
  url: string,
  child: ChildProcess,
  exited: Promise<number | null>,
  logPath: string,
): Promise<void> {
  // Generous: two embedded stores starting at once on a busy two-core machine can take a minute.
  const deadline = Date.now() + 180_000;
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  while (Date.now() < deadline) {
    if (gone)
      throw new Error(`the service exited with code ${child.exitCode} during start-up; see ${logPath}`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new Error(`the service did not become ready within 180 s; see ${logPath}`);
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Asks the system for a free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
