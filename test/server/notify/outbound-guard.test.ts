import { describe, expect, it } from 'vitest';
import {
  checkHost,
  guardedLookup,
  isAllowedAddress,
  isOutboundRefusedError,
  type Resolver,
} from '../../../src/server/notify/outbound-guard.js';

const fakeDns = (table: Record<string, string[]>): Resolver => {
  return async (hostname) => {
    const addresses = table[hostname];
    if (!addresses) throw new Error(`ENOTFOUND ${hostname}`);
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
};

const dns = fakeDns({
  'shop.example': ['93.184.216.34', '2606:2800:220:1::1'],
  'internal.example': ['10.0.0.5'],
  'mixed.example': ['93.184.216.34', '192.168.0.7'],
  'metadata.example': ['169.254.169.254'],
  'v6only.example': ['2606:2800:220:1::1'],
  'localhost.example': ['127.0.0.1'],
});

describe('checkHost', () => {
  it('allows a hostname whose addresses are all public and hands them back', async () => {
    const check = await checkHost('shop.example', { allowPrivate: false, resolve: dns });
    expect(check).toEqual({
      ok: true,
      addresses: [
        { address: '93.184.216.34', family: 4 },
        { address: '2606:2800:220:1::1', family: 6 },
      ],
    });
  });

  it('refuses a hostname resolving to a private address', async () => {
    const check = await checkHost('internal.example', { allowPrivate: false, resolve: dns });
    expect(check).toEqual({ ok: false, reason: 'refused address 10.0.0.5 (private) for internal.example' });
  });

  it('refuses a hostname when any one of its addresses is private', async () => {
    const check = await checkHost('mixed.example', { allowPrivate: false, resolve: dns });
    expect(check.ok).toBe(false);
  });

  it('refuses a hostname that cannot be resolved', async () => {
    const check = await checkHost('nowhere.example', { allowPrivate: false, resolve: dns });
    expect(check).toMatchObject({
      ok: false,
      reason: expect.stringContaining('cannot resolve nowhere.example'),
    });
  });

  it.each([
    '127.0.0.1',
    '10.0.0.1',
    '169.254.169.254',
    '100.64.1.1',
    '[::1]',
    '[fe80::1]',
    '[fc00::]',
    '[::ffff:10.0.0.1]',
    '[::ffff:7f00:1]',
  ])('checks the IP literal %s without resolving it', async (host) => {
    const resolve: Resolver = async () => {
      throw new Error('must not resolve a literal');
    };
    const check = await checkHost(host, { allowPrivate: false, resolve });
    expect(check.ok).toBe(false);
  });

  it('allows a public IP literal', async () => {
    expect((await checkHost('8.8.8.8', { allowPrivate: false })).ok).toBe(true);
    expect((await checkHost('[2606:4700:4700::1111]', { allowPrivate: false })).ok).toBe(true);
  });
});

describe('the allowPrivate switch', () => {
  it('allows loopback and private addresses for local development', async () => {
    expect(isAllowedAddress('127.0.0.1', true)).toBe(true);
    expect(isAllowedAddress('192.168.1.1', true)).toBe(true);
    expect((await checkHost('internal.example', { allowPrivate: true, resolve: dns })).ok).toBe(true);
  });

  it('still refuses cloud metadata, multicast and unspecified addresses', async () => {
    expect(isAllowedAddress('169.254.169.254', true)).toBe(false);
    expect(isAllowedAddress('fd00:ec2::254', true)).toBe(false);
    expect(isAllowedAddress('224.0.0.1', true)).toBe(false);
    expect(isAllowedAddress('0.0.0.0', true)).toBe(false);
    expect((await checkHost('metadata.example', { allowPrivate: true, resolve: dns })).ok).toBe(false);
  });

  it('is off unless asked for', () => {
    expect(isAllowedAddress('127.0.0.1', false)).toBe(false);
    expect(isAllowedAddress('8.8.8.8', false)).toBe(true);
  });
});

describe('guardedLookup', () => {
  const lookupOnce = (hostname: string, options: { all?: boolean; family?: number }, allowPrivate = false) =>
    new Promise<{ error: Error | null; address: unknown; family: unknown }>((resolve) => {
      guardedLookup({ allowPrivate, resolve: dns })(hostname, options, (error, address, family) =>
        resolve({ error, address, family }),
      );
    });

  it('answers with the checked addresses when asked for all of them', async () => {
    const answer = await lookupOnce('shop.example', { all: true });
    expect(answer.error).toBeNull();
    expect(answer.address).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1::1', family: 6 },
    ]);
  });

  it('answers with one checked address of the wanted family', async () => {
    expect(await lookupOnce('shop.example', {})).toMatchObject({
      error: null,
      address: '93.184.216.34',
      family: 4,
    });
    expect(await lookupOnce('shop.example', { family: 6 })).toMatchObject({
      address: '2606:2800:220:1::1',
      family: 6,
    });
  });

  it('fails the connection with a refusal for a private answer', async () => {
    const answer = await lookupOnce('localhost.example', { all: true });
    expect(isOutboundRefusedError(answer.error)).toBe(true);
    expect(answer.error?.message).toContain('127.0.0.1 (loopback)');
  });

  it('refuses a host without an address of the wanted family', async () => {
    const answer = await lookupOnce('v6only.example', { family: 4 });
    expect(isOutboundRefusedError(answer.error)).toBe(true);
  });
});
