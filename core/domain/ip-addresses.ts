/**
 * IP addresses and CIDR ranges, browser-safe (no node:net), for the IP restrictions rule: parsing
 * what an administrator types, and whether a client address falls in a list. IPv4 and IPv6; an
 * IPv4-mapped IPv6 address (::ffff:1.2.3.4, what a dual-stack socket reports) counts as its IPv4
 * address, on either side. Zone ids (fe80::1%eth0) and IPv4 parts with leading zeros are refused:
 * an allow list should not depend on how a platform reads them.
 */

interface Address {
  family: 4 | 6;
  /** The address as a number of 32 (IPv4) or 128 (IPv6) bits. */
  value: bigint;
}

const IPV4_PART = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const HEXTET = /^[0-9a-f]{1,4}$/i;

function parseIpv4(text: string): bigint | null {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((part) => IPV4_PART.test(part))) return null;
  return parts.reduce((value, part) => (value << 8n) | BigInt(Number(part)), 0n);
}

/** Hextets of one side of `::` (an IPv4 tail counts as two); null when one is not valid. */
function hextets(text: string, last: boolean): bigint[] | null {
  if (text === '') return [];
  const groups = text.split(':');
  const values: bigint[] = [];
  for (const [index, group] of groups.entries()) {
    if (last && index === groups.length - 1 && group.includes('.')) {
      const v4 = parseIpv4(group);
      if (v4 === null) return null;
      values.push(v4 >> 16n, v4 & 0xffffn);
    } else if (HEXTET.test(group)) values.push(BigInt(parseInt(group, 16)));
    else return null;
  }
  return values;
}

function parseIpv6(text: string): bigint | null {
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = hextets(halves[0]!, halves.length === 1);
  const tail = halves.length === 2 ? hextets(halves[1]!, true) : [];
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array<bigint>(halves.length === 2 ? missing : 0).fill(0n), ...tail];
  return all.reduce((value, group) => (value << 16n) | group, 0n);
}

const MAPPED_PREFIX = 0xffffn << 32n;

/** An address, IPv4-mapped IPv6 folded to IPv4; null when `text` is not one. */
function parseAddress(text: string): Address | null {
  const v4 = parseIpv4(text);
  if (v4 !== null) return { family: 4, value: v4 };
  const v6 = text.includes(':') ? parseIpv6(text) : null;
  if (v6 === null) return null;
  return v6 >> 32n === 0xffffn ? { family: 4, value: v6 - MAPPED_PREFIX } : { family: 6, value: v6 };
}

/**
 * "203.0.113.7", "2001:db8::1", "10.0.0.0/8", "2001:db8::/32": the entry as stored (lower case, the
 * prefix as a plain number), or null when it is not an address or a range.
 */
export function parseIpOrRange(text: string): string | null {
  const [address = '', prefix, extra] = text.trim().split('/');
  const parsed = address.includes(':') ? parseIpv6(address) : parseIpv4(address);
  if (parsed === null || extra !== undefined) return null;
  if (prefix === undefined) return address.toLowerCase();
  const max = address.includes(':') ? 128 : 32;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > max) return null;
  return `${address.toLowerCase()}/${Number(prefix)}`;
}

/** Whether `entry` (as `parseIpOrRange` stores it) covers `address`. */
function covers(entry: string, address: Address): boolean {
  const [base = '', prefix] = entry.split('/');
  if (prefix === undefined) {
    const single = parseAddress(base);
    return !!single && single.family === address.family && single.value === address.value;
  }
  // A range is of the family it is written in (an IPv4-mapped range is an IPv6 range).
  const family = base.includes(':') ? 6 : 4;
  const start = family === 6 ? parseIpv6(base) : parseIpv4(base);
  if (start === null || family !== address.family) return false;
  const shift = BigInt((family === 4 ? 32 : 128) - Number(prefix));
  return start >> shift === address.value >> shift;
}

/** Whether the client address `ip` matches one of `entries`; false when `ip` is not an address. */
export function ipMatches(entries: readonly string[], ip: string): boolean {
  const address = parseAddress(ip.trim());
  return !!address && entries.some((entry) => covers(entry, address));
}

/**
 * The client SDK's answer for an address's location (`getMetadataIpme`, IP metadata) where no
 * location database is known (the reference server and demo mode): every field null.
 */
export function unknownLocation(ip: string | null) {
  return {
    ip,
    latitude: null,
    longitude: null,
    city: null,
    country_name: null,
    country_code: null,
    zip: null,
    location: { country_flag: null, country_flag_emoji: null },
  };
}
