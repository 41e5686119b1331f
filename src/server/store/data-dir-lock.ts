/**
 * One process per embedded store: an exclusive lock on DATA_DIR, taken before the store opens.
 *
 * The lock is proper-lockfile's (an atomic `mkdir` of DATA_DIR/service.lock whose mtime the holder
 * refreshes; a lock nobody refreshed for STALE_MS is stale and taken over, on any host sharing the
 * directory). Beside it, DATA_DIR/service.lock.json names the holder (pid, host, start time), so
 * that a second process refuses at once with a message naming it, and so that a lock left by a
 * process that died on this machine is taken over at once instead of after STALE_MS.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';

const STALE_MS = 60_000;
const UPDATE_MS = 10_000;
/** How long to wait for a lock whose holder cannot be checked (another host, no holder file). */
const WAIT_FOR_STALE_MS = STALE_MS + 2 * UPDATE_MS;

export interface LockHolder {
  readonly pid: number;
  readonly host: string;
  readonly boot_id: string;
  /** The process's start time in clock ticks since boot (Linux), to tell a reused pid apart. */
  readonly start_ticks: string;
  readonly since: string;
}

export interface DataDirLock {
  readonly holder: LockHolder;
  release(): Promise<void>;
}

export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError';
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder | undefined,
  ) {
    super(
      holder
        ? `DATA_DIR ${dataDir} is in use by process ${holder.pid} on ${holder.host} (since ${holder.since}); ` +
            'the embedded store takes one process only: stop that process, or use DATABASE_URL to share a PostgreSQL store'
        : `DATA_DIR ${dataDir} is locked by another process (${join(dataDir, 'service.lock')}); ` +
            'the embedded store takes one process only',
    );
  }
}

/**
 * Creates DATA_DIR when missing and locks it. `onLost` runs if the lock is taken from this process
 * (its directory removed or not refreshed in time): the caller must stop writing.
 */
export async function lockDataDir(
  dataDir: string,
  onLost: (error: Error) => void,
  options: { readonly waitForStaleMs?: number } = {},
): Promise<DataDirLock> {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, 'service.lock');
  const holderPath = join(dataDir, 'service.lock.json');
  const take = () =>
    lockfile.lock(dataDir, {
      lockfilePath: lockPath,
      realpath: false,
      stale: STALE_MS,
      update: UPDATE_MS,
      onCompromised: onLost,
    });
  const deadline = Date.now() + (options.waitForStaleMs ?? WAIT_FOR_STALE_MS);
  let release: (() => Promise<void>) | undefined;
  while (!release) {
    try {
      release = await take();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
      const holder = readHolder(holderPath);
      const state = holder ? holderState(holder) : 'unknown';
      if (state === 'alive') throw new DataDirLockedError(dataDir, holder);
      if (state === 'dead') {
        // A process of this machine that is gone: its lock is ours at once.
        rmSync(lockPath, { recursive: true, force: true });
        continue;
      }
      if (Date.now() >= deadline) throw new DataDirLockedError(dataDir, holder);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
  const holder = currentProcess();
  writeFileSync(holderPath, `${JSON.stringify(holder)}\n`);
  const unlock = release;
  return {
    holder,
    async release() {
      rmSync(holderPath, { force: true });
      await unlock();
    },
  };
}

function readHolder(path: string): LockHolder | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as LockHolder;
  } catch {
    return undefined;
  }
}

/** Whether the named holder still runs: only a process of this machine and boot can be checked. */
function holderState(holder: LockHolder): 'alive' | 'dead' | 'unknown' {
  const self = currentProcess();
  if (holder.host !== self.host || holder.boot_id !== self.boot_id) return 'unknown';
  if (holder.pid === process.pid) return holder.start_ticks === self.start_ticks ? 'alive' : 'dead';
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? 'alive' : 'dead';
  }
  // The pid runs; on Linux its start time tells whether it is still the same process.
  const ticks = startTicks(holder.pid);
  return ticks === '' || holder.start_ticks === '' || ticks === holder.start_ticks ? 'alive' : 'dead';
}

function currentProcess(): LockHolder {
  return {
    pid: process.pid,
    host: hostname(),
    boot_id: readText('/proc/sys/kernel/random/boot_id'),
    start_ticks: startTicks(process.pid),
    since: new Date().toISOString(),
  };
}

/** Field 22 of /proc/<pid>/stat (after the parenthesised command name), or '' off Linux. */
function startTicks(pid: number): string {
  const stat = readText(`/proc/${pid}/stat`);
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? '';
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return '';
  }
}
