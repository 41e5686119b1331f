/**
 * RESTORE_FROM: the embedded store started from a backup (`npm run operator -- backup <file>`),
 * only into an empty data directory, so a restore never overwrites a store.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { gunzipSync } from 'node:zlib';

export class RestoreError extends Error {
  override readonly name = 'RestoreError';
}

/**
 * The backup's tar, checked: the file exists and the target data directory is empty (its parent
 * is created when missing).
 */
export function readBackup(file: string, dataDir: string): Blob {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new RestoreError(
      `RESTORE_FROM: ${dataDir} is not empty; a backup is restored only into an empty data directory (move it aside first)`,
    );
  }
  if (!existsSync(file)) throw new RestoreError(`RESTORE_FROM: no such file ${file}`);
  const bytes = readFileSync(file);
  mkdirSync(dirname(dataDir), { recursive: true });
  const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
  try {
    return new Blob([new Uint8Array(gzipped ? gunzipSync(bytes) : bytes)]);
  } catch (error) {
    throw new RestoreError(`RESTORE_FROM: ${file} is not a readable backup (${String(error)})`);
  }
}
