import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent } from 'undici';

/**
 * Addresses that are not on the public internet: this host, private networks, link-local (cloud
 * metadata services at 169.254.169.254), carrier-grade NAT, benchmarking, multicast and reserved
 * ranges, and their IPv6 counterparts (RFC 6890).
 */
const NOT_PUBLIC = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [
  ['::', 96],
  ['::1', 128],
  // IPv4-translated (RFC 2765), Teredo (RFC 4380): they reach IPv4 hosts behind them.
  ['::ffff:0:0:0', 96],
  ['2001::', 32],
  ['64:ff9b::', 96],
  ['2002::', 16],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(prefix, bits, 'ipv6');

/** Whether a URL's hostname is an IP address (IPv6 in brackets) rather than a name. */
export const isIpLiteral = (hostname: string): boolean => net.isIP(hostname.replace(/^\[|\]$/g, '')) !== 0;

/**
 * Whether an IP address (v4, v6, or v4 mapped into v6) is on the public internet. A name is not
 * an address. It must be plain unicast by ipaddr.js's special ranges (which also know the
 * deprecated site-local fec0::/10, ORCHID, segment routing and the other IANA registrations the
 * list above lacked: `http://[fec0::1]/` had passed) and outside the list above.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = net.isIP(bare);
  if (family === 0) return false;
  const mapped = family === 6 ? /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare) : null;
  if (mapped) return isPublicAddress(mapped[1]!);
  if (ipaddr.parse(bare).range() !== 'unicast') return false;
  return !NOT_PUBLIC.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

/** The `code` of the error a connection to a name that resolves to an address that is not public fails with. */
export const NOT_PUBLIC_CODE = 'ENOTPUBLIC';

/** A DNS lookup for sockets that fails when a name resolves to any address that is not public. */
const publicLookup = ((hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err);
    const list = addresses as unknown as dns.LookupAddress[];
    const refused = list.find((a) => !isPublicAddress(a.address));
    if (refused || !list.length)
      return callback(
        Object.assign(new Error(`${hostname} resolves to ${refused?.address ?? 'no address'}, which is not a public address`), {
          code: NOT_PUBLIC_CODE,
        }),
      );
    if (options.all) return callback(null, list);
    return callback(null, list[0]!.address, list[0]!.family);
  });
}) as unknown as net.LookupFunction;

/**
 * An undici dispatcher that connects only to public addresses: every name is resolved through
 * {@link publicLookup}, so a name pointed at this host or a private network (or re-pointed there
 * between two lookups) is refused at connect time. Callers also refuse IP literals that are not
 * public, which sockets connect to without a lookup.
 */
export function publicAddressAgent(): Agent {
  return new Agent({ connect: { lookup: publicLookup } });
}
