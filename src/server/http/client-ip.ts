/**
 * The client's address. Without TRUST_PROXY it is the socket's peer: proxy headers are ignored,
 * so a client cannot choose its own address. With TRUST_PROXY (addresses, CIDR ranges or the
 * names `loopback`, `linklocal`, `uniquelocal`), a request whose peer is trusted is attributed
 * to the right-most address in X-Forwarded-For that is not itself trusted, as `proxy-addr`
 * decides (Express's rules). In-process test requests have no socket and read as "local".
 */
import type { Context } from 'hono';
import proxyaddr from 'proxy-addr';
import { requestHeader } from './request-record.js';

export type TrustProxy = readonly string[];

interface Incoming {
  readonly socket?: { readonly remoteAddress?: string | undefined } | undefined;
}

const compiled = new WeakMap<TrustProxy, (address: string, hop: number) => boolean>();

/** Throws a TypeError naming the entry when one is not an address, range or known name. */
export function compileTrustProxy(trust: TrustProxy): (address: string, hop: number) => boolean {
  let fn = compiled.get(trust);
  if (!fn) {
    fn = proxyaddr.compile([...trust]);
    compiled.set(trust, fn);
  }
  return fn;
}

export function clientIp(c: Context, trust: TrustProxy = []): string {
  const incoming = (c.env as { incoming?: Incoming } | undefined)?.incoming;
  const peer = incoming?.socket?.remoteAddress;
  if (peer === undefined) return 'local';
  if (trust.length === 0) return peer;
  const forwardedFor = requestHeader(c, 'x-forwarded-for');
  if (!forwardedFor) return peer;
  // proxy-addr reads the peer and X-Forwarded-For from a Node request; this is all it reads.
  const request = {
    headers: { 'x-forwarded-for': forwardedFor },
    socket: { remoteAddress: peer },
    connection: { remoteAddress: peer },
  };
  const address = proxyaddr(request as unknown as Parameters<typeof proxyaddr>[0], compileTrustProxy(trust));
  // Whatever a trusted proxy passed on, it is a key and a stored field: bounded.
  return address.slice(0, 64);
}
