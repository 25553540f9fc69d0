import { isIPv4, isIPv6 } from 'node:net';

/**
 * What a client is counted by in the per-address limits: an IPv4 address as itself (also when it arrives
 * IPv4-mapped, `::ffff:203.0.113.10`), an IPv6 address by its /64, which one household or server usually holds
 * (it can pick any address inside it). Anything that is not an IP address is left as it is.
 */
export function addressKey(ip: string): string {
  const address = ip.split('%')[0].toLowerCase(); // without an IPv6 zone (`fe80::1%eth0`)
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return ip;
  const groups = ipv6Groups(address);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address: `::` filled in, a dotted IPv4 ending read as two groups. */
function ipv6Groups(address: string): number[] {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const hex = dotted
    ? `${address.slice(0, dotted.index)}${((+dotted[1] << 8) | +dotted[2]).toString(16)}:${((+dotted[3] << 8) | +dotted[4]).toString(16)}`
    : address;
  const [head, tail] = hex.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : new Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => parseInt(group, 16));
}
