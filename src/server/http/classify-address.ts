/**
 * Sorts an IP address into "public" or the kind of non-public range it falls in (docs/decisions/0002-open-points.md,
 * Outbound safety).
 * IPv6 forms that carry an IPv4 address (mapped, compatible, NAT64, 6to4) are judged by the IPv4
 * address inside, so `::ffff:7f00:1` is loopback like `127.0.0.1`.
 */
import { isIP } from 'node:net';

export type AddressKind =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'cgnat'
  | 'multicast'
  | 'broadcast'
  | 'metadata'
  | 'documentation'
  | 'unique-local'
  | 'reserved'
  | 'invalid';

interface Range {
  readonly base: bigint;
  readonly bits: number;
  readonly kind: Exclude<AddressKind, 'public' | 'invalid'>;
}

const V4_METADATA = ['169.254.169.254', '169.254.170.2', '168.63.129.16', '100.100.100.200'];
const V6_METADATA = ['fd00:ec2::254'];

const V4_RANGES: readonly Range[] = [
  v4('0.0.0.0', 8, 'unspecified'),
  v4('10.0.0.0', 8, 'private'),
  v4('100.64.0.0', 10, 'cgnat'),
  v4('127.0.0.0', 8, 'loopback'),
  v4('169.254.0.0', 16, 'link-local'),
  v4('172.16.0.0', 12, 'private'),
  v4('192.0.0.0', 24, 'reserved'),
  v4('192.0.2.0', 24, 'documentation'),
  v4('192.88.99.0', 24, 'reserved'),
  v4('192.168.0.0', 16, 'private'),
  v4('198.18.0.0', 15, 'reserved'),
  v4('198.51.100.0', 24, 'documentation'),
  v4('203.0.113.0', 24, 'documentation'),
  v4('224.0.0.0', 4, 'multicast'),
  v4('255.255.255.255', 32, 'broadcast'),
  v4('240.0.0.0', 4, 'reserved'),
];

const V6_RANGES: readonly Range[] = [
  v6('::', 128, 'unspecified'),
  v6('::1', 128, 'loopback'),
  v6('64:ff9b:1::', 48, 'reserved'),
  v6('100::', 64, 'reserved'),
  v6('2001:db8::', 32, 'documentation'),
  v6('3fff::', 20, 'documentation'),
  // IETF protocol assignments: Teredo, benchmarking, ORCHID; nothing a merchant serves from.
  v6('2001::', 23, 'reserved'),
  v6('fc00::', 7, 'unique-local'),
  v6('fe80::', 10, 'link-local'),
  v6('fec0::', 10, 'reserved'),
  v6('ff00::', 8, 'multicast'),
];

/** IPv6 prefixes whose addresses embed an IPv4 address, and where it sits. */
const EMBEDDING: readonly { readonly prefix: bigint; readonly bits: number; readonly shift: bigint }[] = [
  { prefix: parseV6('::ffff:0:0'), bits: 96, shift: 0n }, // IPv4-mapped
  { prefix: parseV6('::'), bits: 96, shift: 0n }, // IPv4-compatible (deprecated)
  { prefix: parseV6('64:ff9b::'), bits: 96, shift: 0n }, // NAT64 well-known prefix
  { prefix: parseV6('2002::'), bits: 16, shift: 80n }, // 6to4
];

const GLOBAL_UNICAST_V6 = { base: parseV6('2000::'), bits: 3 };

export function classifyAddress(address: string): AddressKind {
  const text = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(text);
  if (family === 4) return classifyV4(parseV4(text));
  if (family === 6) return classifyV6(parseV6(text));
  return 'invalid';
}

function classifyV4(value: bigint): AddressKind {
  if (V4_METADATA.some((meta) => parseV4(meta) === value)) return 'metadata';
  return V4_RANGES.find((range) => inRange(value, range.base, range.bits, 32))?.kind ?? 'public';
}

function classifyV6(value: bigint): AddressKind {
  if (V6_METADATA.some((meta) => parseV6(meta) === value)) return 'metadata';
  const exact = V6_RANGES.find((range) => range.bits === 128 && range.base === value);
  if (exact) return exact.kind;
  for (const form of EMBEDDING) {
    if (inRange(value, form.prefix, form.bits, 128)) return classifyV4((value >> form.shift) & 0xffff_ffffn);
  }
  const kind = V6_RANGES.find((range) => inRange(value, range.base, range.bits, 128))?.kind;
  if (kind) return kind;
  return inRange(value, GLOBAL_UNICAST_V6.base, GLOBAL_UNICAST_V6.bits, 128) ? 'public' : 'reserved';
}

function inRange(value: bigint, base: bigint, bits: number, width: number): boolean {
  const shift = BigInt(width - bits);
  return value >> shift === base >> shift;
}

function parseV4(text: string): bigint {
  return text.split('.').reduce((acc, octet) => (acc << 8n) | BigInt(Number(octet)), 0n);
}

function parseV6(text: string): bigint {
  let body = text;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(body);
  if (dotted?.[1]) {
    const v4 = parseV4(dotted[1]);
    body = `${body.slice(0, -dotted[1].length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = body.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...tailGroups];
  return groups.reduce((acc, group) => (acc << 16n) | BigInt(Number.parseInt(group, 16)), 0n);
}

function v4(base: string, bits: number, kind: Range['kind']): Range {
  return { base: parseV4(base), bits, kind };
}

function v6(base: string, bits: number, kind: Range['kind']): Range {
  return { base: parseV6(base), bits, kind };
}
