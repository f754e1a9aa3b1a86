/** Routes: platform. */
import * as s from '../schemas';
import { LOGIN_ALIAS_PATTERN } from '../../tenants/rules';
import { flagKey } from '../requests-flags';
import { SELF, audit, perm, pub, superUser } from './descriptor';
import type { RouteDescriptor } from './descriptor';
import { DATE_FORMATS, TIME_FORMATS } from '../../domain/account-settings';

export const getDevOutbox: RouteDescriptor = {
  method: 'GET',
  path: '/dev/outbox',
  access: pub('development outbox (devOutbox only)'),
};

export const putDevSettings: RouteDescriptor = {
  method: 'PUT',
  path: '/dev/settings',
  access: pub('development settings (devOutbox only)'),
};

export const postFlagsApiEvaluate: RouteDescriptor = {
  method: 'POST',
  path: '/flags/api/v1/evaluate',
  access: pub('feature flags for the kit'),
  request: {
    body: s.strictObject({
      keys: { type: 'array', items: flagKey, maxItems: 100 },
      context: s.strictObject({
        anonymous: { type: 'boolean' },
        userId: { type: 'string', maxLength: 100 },
        tenantId: { type: 'string', maxLength: 100 },
        attributes: { type: 'object', maxProperties: 50 },
      }),
    }),
  },
};

export const getVendorsPublic: RouteDescriptor = {
  method: 'GET',
  path: '/vendors/public',
  access: pub('vendor public settings'),
};

export const getTenantsAccountSettingsPublic: RouteDescriptor = {
  method: 'GET',
  path: '/tenants/resources/account-settings/v1/public',
  access: pub('the application and sign-in addresses; the account id only with a bearer'),
};

export const getFlags: RouteDescriptor = {
  method: 'GET',
  path: '/flags',
  access: pub('feature flags of the client SDK'),
};

export const getEntitlementsApiV2UserEntitlements: RouteDescriptor = {
  method: 'GET',
  path: '/entitlements/api/v2/user-entitlements',
  access: SELF,
};

export const getEntitlementsApiV1UserEntitlements: RouteDescriptor = {
  method: 'GET',
  path: '/entitlements/api/v1/user-entitlements',
  access: SELF,
};

export const getTenantsAccountSettings: RouteDescriptor = {
  method: 'GET',
  path: '/tenants/resources/account-settings/v1',
  access: perm('fe.secure.read.accountSettings', 'account'),
};

export const putTenantsAccountSettings: RouteDescriptor = {
  method: 'PUT',
  path: '/tenants/resources/account-settings/v1',
  access: perm('fe.secure.write.accountSettings', 'account'),
  request: {
    body: {
      ...s.strictObject({
        name: s.personName,
        address: s.optionalText(200),
        website: { type: ['string', 'null'], maxLength: 200, pattern: '^(https?://[^\\s]+)?$' },
        timezone: { type: ['string', 'null'], maxLength: 64 },
        currency: { type: 'string', pattern: '^[A-Z]{3}$' },
        dateFormat: { type: 'string', enum: [...DATE_FORMATS] },
        timeFormat: { type: 'string', enum: [...TIME_FORMATS] },
        // A data URL; its type and size are the domain's rules (core/domain/account-settings.ts).
        logo: { type: ['string', 'null'], maxLength: 140_000 },
        // The tenant's metadata as the contract writes it: a JSON string (checked by the domain).
        metadata: { type: 'string', maxLength: 40_000 },
        // The account's language: emails and SMS to members who chose none (core/domain/locales.ts).
        locale: s.locale,
      }),
      minProperties: 1,
    },
  },
  audit: audit('account', 'Account settings changed', 'Info'),
};

export const getTenantsAccountSettingsCustomLogin: RouteDescriptor = {
  method: 'GET',
  path: '/tenants/resources/account-settings/v1/custom-login',
  access: perm('fe.secure.read.accountSettings', 'account'),
};

export const putTenantsAccountSettingsCustomLogin: RouteDescriptor = {
  method: 'PUT',
  path: '/tenants/resources/account-settings/v1/custom-login',
  access: perm('fe.secure.write.accountSettings', 'account'),
  request: {
    body: s.strictObject(
      {
        enabled: { type: 'boolean' },
        loginAlias: { type: ['string', 'null'], maxLength: 40, pattern: LOGIN_ALIAS_PATTERN.source },
      },
      ['enabled', 'loginAlias'],
    ),
  },
  audit: audit('account', 'Custom login changed', 'Info'),
};

export const getFlagsApiFlags: RouteDescriptor = {
  method: 'GET',
  path: '/flags/api/v1/flags',
  access: superUser('account'),
  demo: "the vendor's flag switches (Portal configuration page): a vendor super user's, and the demo has none",
};

export const putFlagsApiFlagsByKey: RouteDescriptor = {
  method: 'PUT',
  path: '/flags/api/v1/flags/:key',
  access: superUser('account'),
  request: {
    body: s.strictObject({ enabled: { type: 'boolean' } }, ['enabled']),
  },
  audit: audit('portal', 'Feature flag changed', 'High'),
};

export const postTenantsUsersCount: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/tenants/users/v1/count',
  access: perm('fe.account-hierarchy.read.subAccount', 'resource'),
  request: {
    body: s.strictObject({ tenantIds: { type: 'array', maxItems: 200, items: s.uuid } }, ['tenantIds']),
  },
};
