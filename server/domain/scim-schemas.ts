/**
 * SCIM discovery (RFC 7644 §4): what this service provider supports (ServiceProviderConfig), the
 * schemas of the attributes it keeps (RFC 7643 §7, §8.7.1 form), and its resource types.
 * Only the attributes the server uses are described; others are kept as sent (domain/scim.ts).
 */
import { ENTERPRISE_SCHEMA, GROUP_SCHEMA, USER_SCHEMA } from './scim';

const SCHEMA_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';

interface Attribute {
  name: string;
  type: 'string' | 'boolean' | 'complex' | 'reference' | 'dateTime';
  multiValued: boolean;
  description: string;
  required: boolean;
  caseExact: boolean;
  mutability: 'readOnly' | 'readWrite' | 'immutable' | 'writeOnly';
  returned: 'always' | 'never' | 'default' | 'request';
  uniqueness: 'none' | 'server' | 'global';
  subAttributes?: Attribute[];
  referenceTypes?: string[];
  canonicalValues?: string[];
}

function attr(name: string, description: string, extra: Partial<Attribute> = {}): Attribute {
  return {
    name,
    type: 'string',
    multiValued: false,
    description,
    required: false,
    caseExact: false,
    mutability: 'readWrite',
    returned: 'default',
    uniqueness: 'none',
    ...extra,
  };
}

const multi = (
  name: string,
  description: string,
  subAttributes: Attribute[],
  extra: Partial<Attribute> = {},
) => attr(name, description, { type: 'complex', multiValued: true, subAttributes, ...extra });

const valueTypePrimary = (what: string) => [
  attr('value', `The ${what}`),
  attr('type', `The kind of ${what}`, { canonicalValues: ['work', 'home', 'other'] }),
  attr('primary', `Whether this is the primary ${what}`, { type: 'boolean' }),
];

const USER_ATTRIBUTES: Attribute[] = [
  attr('userName', "The user's email address, which they sign in with", {
    required: true,
    uniqueness: 'server',
  }),
  attr('name', "The user's name", {
    type: 'complex',
    subAttributes: [
      attr('formatted', 'The full name'),
      attr('familyName', 'The family name'),
      attr('givenName', 'The given name'),
      attr('middleName', 'The middle name'),
    ],
  }),
  attr('displayName', 'The name shown for the user'),
  attr('active', 'Whether the user may use the account', { type: 'boolean' }),
  multi(
    'emails',
    'Email addresses (the first or primary one is the userName)',
    valueTypePrimary('email address'),
  ),
  multi('phoneNumbers', 'Phone numbers (the primary one is kept)', valueTypePrimary('phone number')),
  multi(
    'groups',
    'The groups the user belongs to',
    [
      attr('value', 'The group id', { mutability: 'readOnly' }),
      attr('$ref', 'The group URI', { type: 'reference', referenceTypes: ['Group'], mutability: 'readOnly' }),
      attr('display', 'The group name', { mutability: 'readOnly' }),
      attr('type', 'direct', { mutability: 'readOnly' }),
    ],
    { mutability: 'readOnly' },
  ),
];

const GROUP_ATTRIBUTES: Attribute[] = [
  attr('displayName', 'The group name', { required: true, uniqueness: 'server' }),
  multi('members', 'The members of the group', [
    attr('value', 'The member id', { mutability: 'immutable' }),
    attr('$ref', 'The member URI', { type: 'reference', referenceTypes: ['User'], mutability: 'immutable' }),
    attr('display', 'The member name', { mutability: 'readOnly' }),
    attr('type', 'User', { mutability: 'immutable', canonicalValues: ['User'] }),
  ]),
];

const ENTERPRISE_ATTRIBUTES: Attribute[] = [
  attr('employeeNumber', 'Kept as sent'),
  attr('costCenter', 'Kept as sent'),
  attr('organization', 'Kept as sent'),
  attr('division', 'Kept as sent'),
  attr('department', 'Kept as sent'),
  attr('manager', 'Kept as sent', {
    type: 'complex',
    subAttributes: [
      attr('value', 'The manager id'),
      attr('displayName', 'The manager name', { mutability: 'readOnly' }),
    ],
  }),
];

const schema = (id: string, name: string, description: string, attributes: Attribute[]) => ({
  schemas: [SCHEMA_SCHEMA],
  id,
  name,
  description,
  attributes,
  meta: { resourceType: 'Schema', location: `/Schemas/${id}` },
});

export const SCIM_SCHEMAS = [
  schema(USER_SCHEMA, 'User', 'A member of the account', USER_ATTRIBUTES),
  schema(GROUP_SCHEMA, 'Group', 'A group of the account', GROUP_ATTRIBUTES),
  schema(ENTERPRISE_SCHEMA, 'EnterpriseUser', 'Enterprise attributes, kept as sent', ENTERPRISE_ATTRIBUTES),
];

export const SCIM_RESOURCE_TYPES = (base: string) => [
  {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
    id: 'User',
    name: 'User',
    endpoint: '/Users',
    description: 'Members of the account',
    schema: USER_SCHEMA,
    schemaExtensions: [{ schema: ENTERPRISE_SCHEMA, required: false }],
    meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/User` },
  },
  {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
    id: 'Group',
    name: 'Group',
    endpoint: '/Groups',
    description: 'Groups of the account',
    schema: GROUP_SCHEMA,
    schemaExtensions: [],
    meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/Group` },
  },
];

export function serviceProviderConfig(base: string, maxResults: number) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description: "The token shown once when the account's SCIM configuration was created",
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
  };
}
