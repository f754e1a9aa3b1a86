/**
 * The SCIM User resource (RFC 7643 §4.1; domain/scim.ts): the member's row, the JSON it answers
 * with, and what a body asks for, checked (attributes the server does not use are kept as sent).
 */
import { normalizePhone } from '../../core/contract/phone';
import {
  canonical,
  invalid,
  isObject,
  optionalString,
  ScimError,
  USER_SCHEMA,
  type Json,
  type Location,
} from './scim';
import { normalizeEmail } from '../storage/users';

/** Size of the kept attributes (JSON characters). */
const MAX_KEPT = 16_000;
const EMAIL = /^[^\s@"(),:;<>[\\\]]+@[^\s@"(),:;<>[\\\]]+\.[^\s@"(),:;<>[\\\]]+$/;

export interface UserRow {
  id: string;
  email: string;
  name: string | null;
  phone: string | null;
  created_at: Date;
  updated_at: Date;
  active: boolean;
  external_id: string | null;
  user_name: string | null;
  kept: Json;
  groups: Array<{ value: string; display: string }> | null;
}

/** Attributes of a user the server keeps itself (everything else is kept as sent). */
const USER_OWN = new Set([
  'schemas',
  'id',
  'meta',
  'username',
  'externalid',
  'active',
  'displayname',
  'emails',
  'phonenumbers',
  'groups',
  'password',
]);
export /** Canonical spelling of the core user attributes, for bodies that spell them in another case. */
const USER_NAMES: Record<string, string> = Object.fromEntries(
  [
    'schemas',
    'id',
    'meta',
    'userName',
    'externalId',
    'active',
    'displayName',
    'emails',
    'phoneNumbers',
    'groups',
    'password',
    'name',
    'nickName',
    'profileUrl',
    'title',
    'userType',
    'preferredLanguage',
    'locale',
    'timezone',
    'addresses',
    'ims',
    'photos',
    'entitlements',
    'roles',
    'x509Certificates',
  ].map((n) => [n.toLowerCase(), n]),
);

export function userResource(row: UserRow, where: Location): Json {
  const kept = isObject(row.kept) ? row.kept : {};
  const extensions = Object.keys(kept).filter((k) => k.startsWith('urn:'));
  const keptName = isObject(kept.name) ? kept.name : {};
  return {
    ...kept,
    schemas: [USER_SCHEMA, ...extensions],
    id: row.id,
    ...(row.external_id !== null ? { externalId: row.external_id } : {}),
    userName: row.user_name ?? row.email,
    name: { ...keptName, ...(row.name ? { formatted: row.name } : {}) },
    displayName: row.name ?? row.email,
    emails: [{ value: row.email, type: 'work', primary: true }],
    ...(row.phone ? { phoneNumbers: [{ value: row.phone, type: 'work', primary: true }] } : {}),
    active: row.active,
    groups: (row.groups ?? []).map((g) => ({
      ...g,
      $ref: `${where.base}/Groups/${g.value}`,
      type: 'direct',
    })),
    meta: {
      resourceType: 'User',
      created: row.created_at.toISOString(),
      lastModified: new Date(Math.max(row.updated_at.getTime(), row.created_at.getTime())).toISOString(),
      location: `${where.base}/Users/${row.id}`,
    },
  };
}

/** What a User resource asks for, checked. */
export interface UserInput {
  userName: string;
  email: string;
  externalId: string | null;
  active: boolean;
  name: string;
  phone: string | null;
  kept: Json;
}

/** SCIM booleans; Azure AD has sent "True"/"False" strings for `active`. */
function toBoolean(value: unknown, attribute: string): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  return invalid(`${attribute} must be true or false`);
}

function primaryValue(list: unknown, attribute: string): string | null {
  if (list === undefined || list === null) return null;
  if (!Array.isArray(list)) return invalid(`${attribute} must be a list`);
  if (list.length > 20) return invalid(`${attribute} has too many values`);
  for (const item of list)
    if (!isObject(item) || typeof item.value !== 'string') invalid(`${attribute} values must have a value`);
  const items = list as Array<{ value: string; primary?: unknown }>;
  return (items.find((i) => i.primary === true) ?? items[0])?.value ?? null;
}

export function toUserInput(raw: Json): UserInput {
  const body = canonical(raw, USER_NAMES);
  const userName = body.userName;
  if (typeof userName !== 'string' || !userName.trim())
    throw new ScimError(400, 'userName is required', 'invalidValue');
  if (userName.trim().length > 254) invalid('userName must be at most 254 characters');
  // The sign-in email: the primary (or first) email, else the userName when it is one.
  const primaryEmail = primaryValue(body.emails, 'emails');
  const email = normalizeEmail(primaryEmail ?? userName);
  if (email.length > 254 || !EMAIL.test(email))
    invalid(
      primaryEmail
        ? 'emails value must be an email address'
        : 'userName must be an email address, or emails must hold one',
    );
  const active = body.active === undefined ? true : toBoolean(body.active, 'active');
  const externalId = optionalString(body.externalId, 'externalId', 255);
  const displayName = optionalString(body.displayName, 'displayName', 100)?.trim() || null;
  let name: Json = {};
  if (body.name !== undefined && body.name !== null) {
    if (!isObject(body.name)) invalid('name must be an object');
    name = canonical(body.name as Json, {
      formatted: 'formatted',
      givenname: 'givenName',
      familyname: 'familyName',
      middlename: 'middleName',
      honorificprefix: 'honorificPrefix',
      honorificsuffix: 'honorificSuffix',
    });
    for (const [key, value] of Object.entries(name)) optionalString(value, `name.${key}`, 100);
  }
  const parts = [name.givenName, name.familyName].filter(
    (p): p is string => typeof p === 'string' && !!p.trim(),
  );
  const formatted =
    typeof name.formatted === 'string' && name.formatted.trim() ? name.formatted.trim() : null;
  const fullName = (displayName ?? formatted ?? (parts.join(' ').trim() || email.split('@')[0]!)).slice(
    0,
    100,
  );
  const phoneText = primaryValue(body.phoneNumbers, 'phoneNumbers');
  const phone = phoneText ? normalizePhone(phoneText) : null;
  if (phoneText && !phone) invalid('phoneNumbers value is not a phone number');
  const kept: Json = {};
  for (const [key, value] of Object.entries(body)) {
    if (USER_OWN.has(key.toLowerCase())) continue;
    kept[key] = value;
  }
  const { formatted: _formatted, ...nameParts } = name;
  if (Object.keys(nameParts).length) kept.name = nameParts;
  else delete kept.name;
  if (JSON.stringify(kept).length > MAX_KEPT) invalid('The resource has too many attributes');
  return { userName: userName.trim(), email, externalId, active, name: fullName, phone, kept };
}
