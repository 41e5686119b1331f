/**
 * Outbound safety for callbacks (docs/decisions/0002-open-points.md, Outbound safety): a host may be called only when every address it
 * resolves to is public, and the connection goes to an address that was checked. `guardedLookup`
 * plugs into node's http/https `lookup` option, so the check and the connect use the same answer
 * and a DNS change in between (rebinding) cannot redirect the request. IP literals never reach
 * `lookup`, so `checkHost` is called on the URL's host first.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { type AddressKind, classifyAddress } from '../http/classify-address.js';

export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/** Resolves a hostname to all its addresses. Injected in tests. */
export type Resolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

export interface OutboundPolicy {
  /** Local development and tests: allow loopback, private and link-local addresses. */
  readonly allowPrivate: boolean;
  readonly resolve?: Resolver | undefined;
}

export type HostCheck =
  | { readonly ok: true; readonly addresses: readonly ResolvedAddress[] }
  | { readonly ok: false; readonly reason: string };

/** Kinds refused even when private addresses are allowed: never a merchant's server. */
const ALWAYS_REFUSED: ReadonlySet<AddressKind> = new Set([
  'metadata',
  'multicast',
  'broadcast',
  'unspecified',
  'invalid',
]);

export function isAllowedAddress(address: string, allowPrivate: boolean): boolean {
  const kind = classifyAddress(address);
  if (kind === 'public') return true;
  return allowPrivate && !ALWAYS_REFUSED.has(kind);
}

export const systemResolver: Resolver = async (hostname) => {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => ({ address: answer.address, family: answer.family === 6 ? 6 : 4 }));
};

/** Resolves the host (an IP literal stands for itself) and refuses it if any address is not allowed. */
export async function checkHost(host: string, policy: OutboundPolicy): Promise<HostCheck> {
  const bare = host.replace(/^\[|\]$/g, '');
  const literal = isIP(bare);
  let addresses: readonly ResolvedAddress[];
  if (literal !== 0) {
    addresses = [{ address: bare, family: literal === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await (policy.resolve ?? systemResolver)(bare);
    } catch (error) {
      return {
        ok: false,
        reason: `cannot resolve ${bare}: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  }
  if (addresses.length === 0) return { ok: false, reason: `cannot resolve ${bare}: no addresses` };
  for (const { address } of addresses) {
    if (!isAllowedAddress(address, policy.allowPrivate)) {
      return { ok: false, reason: `refused address ${address} (${classifyAddress(address)}) for ${bare}` };
    }
  }
  return { ok: true, addresses };
}

/** The error a guarded connection fails with when its host is refused. */
export class OutboundRefusedError extends Error {
  override readonly name = 'OutboundRefusedError';
  readonly code = 'E_OUTBOUND_REFUSED';
}

export function isOutboundRefusedError(error: unknown): error is OutboundRefusedError {
  return error instanceof OutboundRefusedError;
}

/** A `lookup` for net/http/https that hands out only addresses it has checked. */
export function guardedLookup(policy: OutboundPolicy): LookupFunction {
  return (hostname, options, callback) => {
    checkHost(hostname, policy).then(
      (check) => {
        if (check.ok) pinnedLookup(check.addresses)(hostname, options, callback);
        else callback(new OutboundRefusedError(check.reason), '', 4);
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), '', 4),
    );
  };
}

/** A `lookup` that answers with addresses already checked, so the connection goes where the check looked. */
export function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (hostname, options, callback) => {
    const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
    const usable = addresses.filter((entry) => wanted === 0 || entry.family === wanted);
    const first = usable[0];
    if (!first) {
      callback(new OutboundRefusedError(`no IPv${wanted} address for ${hostname}`), '', 4);
      return;
    }
    if (options.all)
      callback(
        null,
        usable.map((entry) => ({ ...entry })),
      );
    else callback(null, first.address, first.family);
  };
}
