/**
 * An account's settings (spec 001 §2 Account fields: companyName, address, website, timezone,
 * currency; §3 Account settings with the mock defaults DD/MM/YYYY, HH:mm, USD; the client SDK's
 * dateFormat, timeFormat, logo and the tenant's metadata): the rules, written once over a
 * repository. The server keeps them on the tenant's row (server/storage/account-settings.ts), demo
 * mode in the page's storage (core/demo/backend.ts). The portal checks a logo file and the metadata
 * with the same rules before sending (`logoFileRefusal`, `metadataRefusal`).
 */
import type { AccountSettings, AccountSettingsUpdate } from '../api/accountSettings';
import { contractError, contractErrors, type ErrorEntry } from '../contract/errors';

/** What an update writes: a field given (null clears an optional one), or undefined to keep it. */
export type AccountSettingsChanges = AccountSettingsUpdate;

export interface AccountSettingsRepository {
  /** The settings of a live account, or null when there is none. */
  get(tenantId: string): Promise<AccountSettings | null>;
  /** Writes the fields given; the new settings, or null when there is no live account. */
  update(tenantId: string, changes: AccountSettingsChanges): Promise<AccountSettings | null>;
}

/** The date and time formats an account may choose (the first of each is the default). */
export const DATE_FORMATS = ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD', 'DD.MM.YYYY'] as const;
export const TIME_FORMATS = ['HH:mm', 'hh:mm A'] as const;

/** A logo: an image of these types, at most this many bytes, kept as a data URL. */
const LOGO_LIMITS = {
  types: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
  maxBytes: 100 * 1024,
} as const;
/** Metadata: at most this many keys (letters, digits, `.`, `-`, `_`, 1 to 64), text values this long. */
const METADATA_LIMITS = { keys: 50, valueLength: 500 } as const;
const METADATA_KEY = /^[A-Za-z0-9._-]{1,64}$/;

type Refusal = ErrorEntry;

/** A logo file as the browser sees it (its type and size), before it is read. */
export function logoFileRefusal(type: string, bytes: number): Refusal | null {
  if (!(LOGO_LIMITS.types as readonly string[]).includes(type)) return { code: 'ACCOUNT_LOGO_TYPE' };
  if (bytes > LOGO_LIMITS.maxBytes)
    return { code: 'ACCOUNT_LOGO_TOO_LARGE', params: { kb: LOGO_LIMITS.maxBytes / 1024 } };
  return null;
}

/** A logo as sent: a base64 data URL of an allowed type and size. */
function logoRefusal(logo: string): Refusal | null {
  const match = /^data:([a-z/+-]+);base64,([A-Za-z0-9+/]*={0,2})$/.exec(logo);
  if (!match) return { code: 'ACCOUNT_LOGO_TYPE' };
  const data = match[2]!;
  const bytes = Math.floor((data.length * 3) / 4) - (data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0);
  return logoFileRefusal(match[1]!, bytes);
}

/** Metadata as sent (a JSON string): an object of text values, keys and sizes within the limits. */
export function metadataRefusal(metadata: string): Refusal | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(metadata);
  } catch {
    return { code: 'ACCOUNT_METADATA_INVALID' };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    return { code: 'ACCOUNT_METADATA_INVALID' };
  const entries = Object.entries(parsed);
  if (entries.some(([, value]) => typeof value !== 'string')) return { code: 'ACCOUNT_METADATA_INVALID' };
  const badKey = entries.find(([key]) => !METADATA_KEY.test(key));
  if (badKey) return { code: 'ACCOUNT_METADATA_KEY', params: { key: badKey[0].slice(0, 80) } };
  if (
    entries.length > METADATA_LIMITS.keys ||
    entries.some(([, v]) => (v as string).length > METADATA_LIMITS.valueLength)
  )
    return {
      code: 'ACCOUNT_METADATA_TOO_BIG',
      params: { keys: METADATA_LIMITS.keys, length: METADATA_LIMITS.valueLength },
    };
  return null;
}

/** The time zones a setting may name: the runtime's IANA list, and UTC. */
const timeZones = (() => {
  let known: Set<string> | undefined;
  return () => (known ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']));
})();

export async function readAccountSettings(
  repo: AccountSettingsRepository,
  tenantId: string,
): Promise<AccountSettings> {
  const settings = await repo.get(tenantId);
  if (!settings) throw contractError('ACCOUNT_NOT_FOUND');
  return settings;
}

/**
 * Applies an update (its fields, types and lengths passed the contract's schema): the company name
 * may not be blank, a time zone must be one the runtime knows, blank optional texts clear the field.
 */
export async function changeAccountSettings(
  repo: AccountSettingsRepository,
  tenantId: string,
  body: AccountSettingsUpdate,
): Promise<AccountSettings> {
  if (body.name !== undefined && !body.name.trim()) throw contractError('COMPANY_NAME_EMPTY');
  if (body.timezone && !timeZones().has(body.timezone))
    throw contractError('TIME_ZONE_UNKNOWN', { zone: body.timezone });
  const refusal =
    (body.logo && logoRefusal(body.logo)) || (body.metadata !== undefined && metadataRefusal(body.metadata));
  if (refusal) throw contractErrors([refusal]);
  const blankToNull = (value: string | null | undefined) =>
    value === undefined ? undefined : value?.trim() || null;
  const settings = await repo.update(tenantId, {
    name: body.name?.trim(),
    address: blankToNull(body.address),
    website: blankToNull(body.website),
    timezone: blankToNull(body.timezone),
    currency: body.currency,
    dateFormat: body.dateFormat,
    timeFormat: body.timeFormat,
    logo: body.logo,
    // Kept as the object the JSON string names (the tenant's metadata), re-written without spaces.
    metadata: body.metadata === undefined ? undefined : JSON.stringify(JSON.parse(body.metadata)),
    // One of ours or null (the contract's schema).
    locale: body.locale,
  });
  if (!settings) throw contractError('ACCOUNT_NOT_FOUND');
  return settings;
}
