/**
 * Field and tab appearance from the vendor's admin-box metadata (spec 001 §2: "Field appearance:
 * hidden, viewOnly or edit. Tab appearance: hidden or edit."). The metadata names a section (a page
 * or dialog), then its fields or tabs:
 *
 *   { "profile": { "fields": { "phoneNumber": { "appearance": "viewOnly" } } },
 *     "account": { "tabs": { "customLogin": { "appearance": "hidden" } } } }
 *
 * Anything not named (or named with an unknown value) is `edit`. The reference server accepts
 * only the sections, fields and tabs listed in APPEARANCE_TARGETS (POST /metadata).
 */
import type { ErrorEntry } from '../contract/errors';
import { CONFIGURABLE_PAGES, type PageVisibility } from './pages';

export type FieldAppearance = 'hidden' | 'viewOnly' | 'edit';
type TabAppearance = 'hidden' | 'edit';

const FIELD_APPEARANCES: readonly FieldAppearance[] = ['hidden', 'viewOnly', 'edit'];
const TAB_APPEARANCES: readonly TabAppearance[] = ['hidden', 'edit'];
const PAGE_VISIBILITIES: readonly PageVisibility[] = ['always', 'hidden', 'byPermissions'];

/** The fields and tabs of spec 001 §2 "Page contents" whose appearance the vendor may set. */
const APPEARANCE_TARGETS = {
  profile: { fields: ['name', 'phoneNumber', 'address', 'jobTitle'], tabs: [] },
  account: {
    fields: ['companyName', 'address', 'website', 'timezone', 'currency'],
    tabs: ['settings', 'customLogin'],
  },
  privacy: { fields: [], tabs: ['loginSessions', 'mfa'] },
  security: {
    fields: [
      'idleSessionTimeout',
      'forceReLogin',
      'maximumConcurrentSessions',
      'mfa',
      'userLockout',
      'passwordHistory',
    ],
    tabs: ['sessionManagement', 'generalSettings', 'ipRestrictions', 'domainRestrictions', 'signInMethods'],
  },
  inviteUser: { fields: ['name', 'phoneNumber'], tabs: [] },
} as const satisfies Record<string, { fields: readonly string[]; tabs: readonly string[] }>;

type AppearanceSection = keyof typeof APPEARANCE_TARGETS;

type SectionMetadata = {
  fields?: Record<string, { appearance?: string }>;
  tabs?: Record<string, { appearance?: string }>;
};
/** The admin-box configuration, whatever its declared type: read defensively. */
type WithSections = object;

function sectionOf(metadata: WithSections | null | undefined, section: string): SectionMetadata | undefined {
  const value = (metadata as Record<string, unknown> | null | undefined)?.[section];
  return value && typeof value === 'object' ? (value as SectionMetadata) : undefined;
}

/** A field's appearance: the metadata's when it is one of hidden, viewOnly, edit; otherwise edit. */
export function fieldAppearance(
  metadata: WithSections | null | undefined,
  section: string,
  field: string,
): FieldAppearance {
  const value = sectionOf(metadata, section)?.fields?.[field]?.appearance;
  return (FIELD_APPEARANCES as readonly string[]).includes(value ?? '') ? (value as FieldAppearance) : 'edit';
}

/** A tab's appearance: hidden only when the metadata says so (viewOnly is not a tab appearance). */
export function tabAppearance(
  metadata: WithSections | null | undefined,
  section: string,
  tab: string,
): TabAppearance {
  return sectionOf(metadata, section)?.tabs?.[tab]?.appearance === 'hidden' ? 'hidden' : 'edit';
}

export interface MetadataAction {
  path: string;
  value: string | null;
}

/**
 * Checks one flattened metadata action ("update sends flattened path/value actions", spec 001 §7).
 * Returns the error entry (core/contract/errors.ts) for a path or value the portal does not know, else null. Accepted paths:
 * `navigation.<page>.visibility`, `<section>.fields.<field>.appearance`, `<section>.tabs.<tab>.appearance`;
 * a null value removes the setting.
 */
export function checkMetadataAction(action: MetadataAction): ErrorEntry | null {
  const parts = action.path.split('.');
  const allowedValue = (values: readonly string[]): ErrorEntry | null =>
    action.value === null || values.includes(action.value)
      ? null
      : { code: 'PORTAL_VALUE_NOT_ALLOWED', params: { path: action.path, values: values.join(', ') } };
  if (parts.length === 3 && parts[0] === 'navigation' && parts[2] === 'visibility') {
    if (!(CONFIGURABLE_PAGES as readonly string[]).includes(parts[1]!))
      return { code: 'PORTAL_PAGE_UNKNOWN', params: { page: parts[1]! } };
    return allowedValue(PAGE_VISIBILITIES);
  }
  if (parts.length === 4 && parts[3] === 'appearance' && (parts[1] === 'fields' || parts[1] === 'tabs')) {
    const [sectionName, kind, name] = parts as [string, 'fields' | 'tabs', string, string];
    if (!Object.hasOwn(APPEARANCE_TARGETS, sectionName))
      return { code: 'PORTAL_SECTION_UNKNOWN', params: { section: sectionName } };
    const section = APPEARANCE_TARGETS[sectionName as AppearanceSection];
    const names: readonly string[] = kind === 'fields' ? section.fields : section.tabs;
    if (!names.includes(name))
      return {
        code: 'PORTAL_FIELD_UNKNOWN',
        params: { kind: kind === 'fields' ? 'field' : 'tab', name, section: sectionName },
      };
    return allowedValue(kind === 'fields' ? FIELD_APPEARANCES : TAB_APPEARANCES);
  }
  return { code: 'PORTAL_PATH_UNKNOWN', params: { path: action.path } };
}

/** Applies checked actions to a configuration (a copy): sets each path, or removes it for null. */
export function applyMetadataActions(
  configuration: Record<string, unknown>,
  actions: readonly MetadataAction[],
): Record<string, unknown> {
  const next = structuredClone(configuration) as Record<string, unknown>;
  for (const { path, value } of actions) {
    const keys = path.split('.');
    let node = next;
    for (const key of keys.slice(0, -1)) {
      const child = node[key];
      node = (node[key] = child && typeof child === 'object' && !Array.isArray(child) ? child : {}) as Record<
        string,
        unknown
      >;
    }
    const last = keys[keys.length - 1]!;
    if (value === null) delete node[last];
    else node[last] = value;
  }
  return next;
}
