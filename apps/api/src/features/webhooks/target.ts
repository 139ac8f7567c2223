import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may go (DESIGN §4c, decision 0443): a public `https` address. Refused, when subscribing
 * and again before every delivery (DNS can change between the two): loopback, private, link-local, cloud
 * metadata, and the other special-purpose ranges nobody serves a webhook from; and a name that does not
 * resolve. The delivery then connects to the very address checked, so a second lookup cannot swap it.
 * `WEBHOOK_ALLOW_PRIVATE=1` allows private ranges and plain http, for an on-premise receiver and tests.
 */
export type RefusalReason =
  | 'not_https'
  | 'loopback'
  | 'private'
  | 'link_local'
  | 'metadata'
  | 'reserved'
  | 'unresolvable'
  | 'credentials';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
export type Resolve = (host: string) => Promise<ResolvedAddress[]>;

/** The system's resolver (getaddrinfo: /etc/hosts, then DNS), every address of the name. */
export const systemResolve: Resolve = async (host) => {
  const found = await lookup(host, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

export class TargetRefused extends Error {
  constructor(readonly reason: RefusalReason) {
    super(`webhook target refused: ${reason}`);
  }
}

function blockList(entries: Array<[string, number, 'ipv4' | 'ipv6']>): BlockList {
  const list = new BlockList();
  for (const [net, prefix, type] of entries) list.addSubnet(net, prefix, type);
  return list;
}

/** Checked in this order: a metadata address is reported as such, not as link-local or private. */
const CLASSES: Array<[Exclude<RefusalReason, 'not_https' | 'unresolvable' | 'credentials'>, BlockList]> = [
  [
    'metadata',
    blockList([
      ['169.254.169.254', 32, 'ipv4'], // AWS, GCP, Azure, OpenStack
      ['169.254.170.2', 32, 'ipv4'], // AWS ECS task metadata
      ['100.100.100.200', 32, 'ipv4'], // Alibaba Cloud
      ['168.63.129.16', 32, 'ipv4'], // Azure wire server
      ['fd00:ec2::254', 128, 'ipv6'], // AWS over IPv6
    ]),
  ],
  [
    'loopback',
    blockList([
      ['127.0.0.0', 8, 'ipv4'],
      ['::1', 128, 'ipv6'],
    ]),
  ],
  [
    'link_local',
    blockList([
      ['169.254.0.0', 16, 'ipv4'],
      ['fe80::', 10, 'ipv6'],
    ]),
  ],
  [
    'private',
    blockList([
      ['10.0.0.0', 8, 'ipv4'],
      ['172.16.0.0', 12, 'ipv4'],
      ['192.168.0.0', 16, 'ipv4'],
      ['100.64.0.0', 10, 'ipv4'], // carrier-grade NAT
      ['fc00::', 7, 'ipv6'], // unique local
      ['fec0::', 10, 'ipv6'], // site-local (deprecated)
    ]),
  ],
  [
    'reserved',
    blockList([
      ['0.0.0.0', 8, 'ipv4'],
      ['192.0.0.0', 24, 'ipv4'],
      ['192.0.2.0', 24, 'ipv4'],
      ['198.18.0.0', 15, 'ipv4'],
      ['198.51.100.0', 24, 'ipv4'],
      ['203.0.113.0', 24, 'ipv4'],
      ['224.0.0.0', 4, 'ipv4'],
      ['240.0.0.0', 4, 'ipv4'], // and 255.255.255.255
      ['::', 128, 'ipv6'],
      ['64:ff9b::', 96, 'ipv6'], // NAT64: would reach any IPv4 address, private ones too
      ['64:ff9b:1::', 48, 'ipv6'],
      ['100::', 64, 'ipv6'],
      ['2001:db8::', 32, 'ipv6'],
      ['2002::', 16, 'ipv6'], // 6to4: embeds an IPv4 address
      ['2001::', 32, 'ipv6'], // Teredo
      ['ff00::', 8, 'ipv6'],
    ]),
  ],
];

/** Why an address may not receive webhooks, or null for a public one. IPv4-mapped IPv6 counts as IPv4. */
export function refusalOfAddress(address: string): Exclude<RefusalReason, 'not_https'> | null {
  const family = isIP(address);
  if (family === 0) return 'unresolvable';
  const type = family === 6 ? 'ipv6' : 'ipv4';
  for (const [reason, list] of CLASSES) if (list.check(address, type)) return reason;
  return null;
}

/** Which private classes `WEBHOOK_ALLOW_PRIVATE=1` opens: all but the cloud's metadata service. */
function allowedWhenPrivate(reason: RefusalReason): boolean {
  return reason !== 'metadata' && reason !== 'unresolvable' && reason !== 'credentials';
}

export interface TargetRules {
  allowPrivate: boolean;
  resolve: Resolve;
}

/** A URL's host without IPv6 brackets. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * Checks a target URL and resolves it: the address to connect to (the first allowed one) or
 * `TargetRefused`. Every address of the name must pass, so a name cannot mix a public and a private one.
 */
export async function checkTarget(urlText: string, rules: TargetRules): Promise<ResolvedAddress> {
  const url = new URL(urlText);
  if (url.username || url.password) throw new TargetRefused('credentials');
  if (url.protocol !== 'https:' && !(rules.allowPrivate && url.protocol === 'http:'))
    throw new TargetRefused('not_https');
  const host = hostOf(url);
  let addresses: ResolvedAddress[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await rules.resolve(host);
    } catch {
      throw new TargetRefused('unresolvable');
    }
  }
  if (addresses.length === 0) throw new TargetRefused('unresolvable');
  for (const { address } of addresses) {
    const reason = refusalOfAddress(address);
    if (reason && !(rules.allowPrivate && allowedWhenPrivate(reason))) throw new TargetRefused(reason);
  }
  return addresses[0]!;
}
