import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * In sandbox mode without OPERATOR_TOKEN, a random token is kept in the data directory
 * (readable by its owner only) so the operator CLI can find it.
 */
export function sandboxOperatorToken(dataDir: string): { token: string; path: string; created: boolean } {
  const path = join(dataDir, 'operator-token');
  if (existsSync(path)) return { token: readFileSync(path, 'utf8').trim(), path, created: false };
  mkdirSync(dataDir, { recursive: true });
  const token = randomBytes(24).toString('hex');
  writeFileSync(path, `${token}\n`, { mode: 0o600 });
  return { token, path, created: true };
}
