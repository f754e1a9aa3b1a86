/**
 * POSTs to addresses tenants give us (webhook receivers, Slack incoming webhooks), without letting
 * them reach the server's own network (SSRF): the host name is resolved and every address is
 * checked, at save time and again when connecting (the check runs in the socket's `lookup`, so a
 * name that resolves to a public address when saved and to 127.0.0.1 later is still refused).
 * Refused: loopback, private (10/8, 172.16/12, 192.168/16), link-local (169.254/16, cloud
 * metadata), CGNAT (100.64/10), unspecified, multicast and reserved ranges, and their IPv6
 * counterparts (::1, fc00::/7, fe80::/10, IPv4-mapped). `allowPrivateAddresses` (a server option,
 * on in tests and development) lifts the check.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { contractError, ERROR_CATALOGUE } from '../../core/contract/errors';

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** True when `address` (an IP) is in a range tenants may not reach. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  return blocked.check(address, 'ipv6');
}

/** The refusal of an address in a private or local range (URL_PRIVATE_ADDRESS). */
export const PRIVATE_ADDRESS = ERROR_CATALOGUE.URL_PRIVATE_ADDRESS.message;

/** Throws a catalogue error (URL_INVALID, URL_HOST_UNRESOLVED, URL_PRIVATE_ADDRESS) when `raw` is not an http(s) URL or resolves to a refused address. */
export async function assertPublicUrl(raw: string, allowPrivate: boolean): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw contractError('URL_INVALID');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw contractError('URL_INVALID');
  if (url.username || url.password) throw contractError('URL_INVALID');
  if (allowPrivate) return url;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [host]
    : await new Promise<string[]>((resolve) =>
        dnsLookup(host, { all: true }, (error, found) =>
          resolve(error ? [] : (found as LookupAddress[]).map((a) => a.address)),
        ),
      );
  if (addresses.length === 0) throw contractError('URL_HOST_UNRESOLVED');
  if (addresses.some(isPrivateAddress)) throw contractError('URL_PRIVATE_ADDRESS');
  return url;
}

interface PostResult {
  /** The receiver's status; 0 when it could not be reached (the reason is in `body`). */
  status: number;
  /** The first 2000 characters of the answer, or why there was none. */
  body: string;
}

const MAX_RESPONSE = 2000;

/** The socket's lookup: resolves, then refuses private addresses (unless allowed). */
function guardedLookup(allowPrivate: boolean) {
  return (
    hostname: string,
    options: object,
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { ...options, all: true }, (error, found) => {
      if (error) return callback(error, '');
      const list = found as LookupAddress[];
      if (!allowPrivate && list.some((a) => isPrivateAddress(a.address)))
        return callback(new Error(PRIVATE_ADDRESS), '');
      if ((options as { all?: boolean }).all) return callback(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/** POSTs `body` (JSON text) to `url`; never throws: failures come back as status 0. */
export async function postJson(
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  { timeoutMs, allowPrivate }: { timeoutMs: number; allowPrivate: boolean },
): Promise<PostResult> {
  let url: URL;
  try {
    url = await assertPublicUrl(rawUrl, allowPrivate);
  } catch (error) {
    return { status: 0, body: (error as Error).message };
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && isIP(host) && isPrivateAddress(host)) return { status: 0, body: PRIVATE_ADDRESS };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<PostResult>((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'auth-elements-webhooks/1',
          ...headers,
        },
        lookup: guardedLookup(allowPrivate) as never,
        timeout: timeoutMs,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (text.length < MAX_RESPONSE) text += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: text.slice(0, MAX_RESPONSE) }),
        );
        response.on('error', (error) => resolve({ status: 0, body: error.message }));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`No answer within ${timeoutMs} ms`)));
    request.on('error', (error) => resolve({ status: 0, body: error.message }));
    request.end(body);
  });
}

/**
 * GETs a text document (an identity provider's SAML metadata) from an address a tenant gives, with
 * the same guard as `postJson`: private addresses refused (unless allowed) at connection time, no
 * redirects followed, at most `maxBytes` read. Throws with the reason on any failure or non-200.
 */
export async function getText(
  rawUrl: string,
  { timeoutMs, allowPrivate, maxBytes }: { timeoutMs: number; allowPrivate: boolean; maxBytes: number },
): Promise<string> {
  const url = await assertPublicUrl(rawUrl, allowPrivate);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && isIP(host) && isPrivateAddress(host)) throw new Error(PRIVATE_ADDRESS);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<string>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'GET',
        headers: {
          accept: 'application/samlmetadata+xml, application/xml, text/xml',
          'user-agent': 'auth-elements-sso/1',
        },
        lookup: guardedLookup(allowPrivate) as never,
        timeout: timeoutMs,
      },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          return reject(new Error(`The address answered ${response.statusCode ?? 0}`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) request.destroy(new Error('The document is too large'));
          else chunks.push(chunk);
        });
        response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`No answer within ${timeoutMs} ms`)));
    request.on('error', reject);
    request.end();
  });
}
