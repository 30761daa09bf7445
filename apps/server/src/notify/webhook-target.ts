import { promises as dns, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Resolves a host name to every address it has (DNS, /etc/hosts); tests pass their own. */
export type HostLookup = (hostname: string) => Promise<LookupAddress[]>;

export const systemLookup: HostLookup = (hostname) =>
  dns.lookup(hostname, { all: true, verbatim: true });

/**
 * Only ordinary public unicast addresses may receive webhooks. ipaddr.js names every other
 * range: loopback, private, link-local (where cloud metadata services live, 169.254.169.254),
 * multicast, unspecified, broadcast, carrier-grade NAT, unique-local IPv6, IPv4-mapped IPv6,
 * documentation and reserved ranges. request-filtering-agent refuses the same set at connect.
 */
export function isPublicAddress(address: string): boolean {
  return ipaddr.isValid(address) && ipaddr.parse(address).range() === 'unicast';
}

export type TargetVerdict = 'allowed' | 'notAllowed' | 'unknownHost';

/**
 * Whether a webhook URL may be saved: its host, resolved now, must have only public addresses
 * (a name with one private address among public ones could be steered to it). Deliveries check
 * again as they connect, since the name may resolve differently later (DNS rebinding).
 */
export async function checkWebhookTarget(
  url: string,
  options: { allowPrivate: boolean; lookup: HostLookup },
): Promise<TargetVerdict> {
  if (options.allowPrivate) return 'allowed';
  const hostname = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
  if (ipaddr.isValid(hostname)) return isPublicAddress(hostname) ? 'allowed' : 'notAllowed';
  let addresses: LookupAddress[];
  try {
    addresses = await options.lookup(hostname);
  } catch {
    return 'unknownHost';
  }
  if (addresses.length === 0) return 'unknownHost';
  return addresses.every((entry) => isPublicAddress(entry.address)) ? 'allowed' : 'notAllowed';
}

/** A HostLookup in the callback shape `net.connect` calls (one address, or all of them). */
export function connectLookup(lookup: HostLookup): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname).then(
      (addresses) => {
        const first = addresses[0];
        if (options.all) callback(null, addresses);
        else if (first) callback(null, first.address, first.family);
        else callback(Object.assign(new Error(`${hostname} not found`), { code: 'ENOTFOUND' }), '');
      },
      (error: unknown) => {
        callback(error as NodeJS.ErrnoException, '');
      },
    );
  };
}
