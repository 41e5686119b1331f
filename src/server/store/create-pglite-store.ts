/**
 * A new embedded store is made in a short-lived child process, never in the service's own heap.
 *
 * PGlite runs initdb inside its WebAssembly memory, which never shrinks: a service that created
 * its store kept that memory for its whole life. The child opens PGlite on a temporary sibling
 * directory (`<dataDir>.creating-<pid>`), runs the migrations, closes it and exits; only then is
 * the directory renamed into place (one atomic rename), and the service opens a finished store.
 * A failed or killed child leaves no half-made store: its directory is removed, and one left by
 * a process that died mid-way is removed by the next creation. The service holds DATA_DIR's lock
 * around all this (service.ts), so two processes never create at once.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export class StoreCreationError extends Error {
  override readonly name = 'StoreCreationError';
}

/** Whether `dataDir` (a directory, not `memory://`) holds no store yet: missing, or empty. */
export function storeIsMissing(dataDir: string): boolean {
  if (dataDir.includes('://')) return false;
  return !existsSync(dataDir) || readdirSync(dataDir).length === 0;
}

const CREATING = '.creating-';

/** The module the child runs: built, the .js beside this file; from source (tsx, vitest), the .ts. */
function childCommand(module?: string): { module: string; execArgv: string[] } {
  const path =
    module ??
    fileURLToPath(
      new URL(
        `./create-pglite-store-child.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`,
        import.meta.url,
      ),
    );
  return { module: path, execArgv: path.endsWith('.ts') ? ['--import', 'tsx'] : [] };
}

export interface CreateOptions {
  /** Another child module (tests use one that fails); it is given the directory to create. */
  readonly childModule?: string;
}

/** Creates a migrated store at `dataDir` (which must not hold one) through a child process. */
export async function createPgliteStore(dataDir: string, options: CreateOptions = {}): Promise<void> {
  mkdirSync(dirname(dataDir), { recursive: true });
  removeLeftovers(dataDir);
  const temporary = `${dataDir}${CREATING}${process.pid}`;
  rmSync(temporary, { recursive: true, force: true });
  const child = childCommand(options.childModule);
  try {
    await runChild(child.module, child.execArgv, temporary);
    if (!existsSync(join(temporary, 'PG_VERSION'))) {
      throw new StoreCreationError(
        `creating the embedded store: the child process made no store in ${temporary}`,
      );
    }
    // An empty directory in the way (made by hand, or by an older version) gives way to the store.
    if (existsSync(dataDir)) rmdirSync(dataDir);
    renameSync(temporary, dataDir);
  } catch (error) {
    rmSync(temporary, { recursive: true, force: true });
    if (error instanceof StoreCreationError) throw error;
    throw new StoreCreationError(`creating the embedded store in ${dataDir} failed: ${String(error)}`, {
      cause: error,
    });
  }
}

function runChild(module: string, execArgv: readonly string[], directory: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...execArgv, module, directory], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-2_000);
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) return resolve();
      const how = signal ? `was killed by ${signal}` : `exited with ${code}`;
      const said = stderr.trim().split('\n').at(-1);
      reject(
        new StoreCreationError(
          `creating the embedded store in ${dirname(directory)}: the child process ${how}${said ? `: ${said}` : ''}; nothing was left behind`,
        ),
      );
    });
  });
}

/** Temporary directories of creations whose process is gone (a crash mid-way). */
function removeLeftovers(dataDir: string): void {
  const prefix = `${basename(dataDir)}${CREATING}`;
  for (const name of readdirSync(dirname(dataDir))) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length));
    if (pid !== process.pid && Number.isInteger(pid) && isRunning(pid)) continue;
    rmSync(join(dirname(dataDir), name), { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
