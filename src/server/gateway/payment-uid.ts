/**
 * A new order's payment_uid: a time-ordered UUID (version 7, decision 0043). Its first 48 bits
 * are the creation time in milliseconds, so the orders' primary key and its prefix index grow at
 * their right edge, where the pages are in memory, instead of at a random place in an index that
 * no longer fits in the store's buffers; the other 74 bits (all but the version and the variant)
 * are random, which keeps a payer's URL unguessable.
 */
import { randomBytes } from 'node:crypto';

/** The canonical form (lower-case hex, 8-4-4-4-12) of a version 7 UUID for the time `ms`. */
export function timeOrderedUuid(ms: number): string {
  const bytes = randomBytes(16);
  // 48 bits of milliseconds, big-endian: the text sorts as the time does.
  bytes.writeUIntBE(Math.max(0, Math.trunc(ms)) % 2 ** 48, 0, 6);
  bytes[6] = 0x70 | ((bytes[6] ?? 0) & 0x0f); // version 7
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f); // variant 10
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
