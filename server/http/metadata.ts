/** User metadata as the sign-up and profile routes accept it. */
import { contractError } from '../../core/contract/errors';

const MAX_METADATA_BYTES = 10_000;
const MAX_METADATA_DEPTH = 10;

/** True when `value` nests deeper than `max` levels (checked without recursion). */
function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length) {
    const [current, depth] = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth > max) return true;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return false;
}

/** Metadata arrives as an object or as a JSON string holding one; stored as an object. */
export function parseMetadata(
  value: string | Record<string, unknown> | null | undefined,
): Record<string, unknown> | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw contractError('METADATA_NOT_OBJECT');
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw contractError('METADATA_NOT_OBJECT');
  if (nestsDeeperThan(parsed, MAX_METADATA_DEPTH))
    throw contractError('METADATA_TOO_DEEP', { n: MAX_METADATA_DEPTH });
  const json = JSON.stringify(parsed);
  if (Buffer.byteLength(json) > MAX_METADATA_BYTES)
    throw contractError('METADATA_TOO_LARGE', { n: MAX_METADATA_BYTES });
  // PostgreSQL jsonb cannot hold U+0000 in strings.
  if (json.includes('\\u0000')) throw contractError('METADATA_NUL');
  return parsed as Record<string, unknown>;
}
