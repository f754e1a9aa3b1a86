/** The checks the connectivity rules share (./connectivity.ts, its notifications and Slack). */
import { contractError } from '../contract/errors';
import { blankNameError, unknownEventError } from '../contract/requests-connectivity';
import type { ConnectivityPorts } from './connectivity-ports';

export function assertEventKeys(keys: readonly string[]): void {
  const unknown = unknownEventError(keys);
  if (unknown) throw unknown;
}
export function assertNamed(name: string, label: string): void {
  const blank = blankNameError(name, label);
  if (blank) throw blank;
}

/** An http(s) URL without credentials, else URL_INVALID. */
function httpUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw contractError('URL_INVALID');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password)
    throw contractError('URL_INVALID');
  return url;
}
export const targetUrl = (ports: ConnectivityPorts, raw: string) => ports.reachable(httpUrl(raw));
