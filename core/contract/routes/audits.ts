/** Routes: audits. */
import * as s from '../schemas';
import { auditExport, auditSortQuery } from '../requests';
import { SELF, audit, perm, selfOr, superUser } from './descriptor';
import type { RouteDescriptor } from './descriptor';
import { SSO_READ_PERMISSION } from '../ssoLegacy';

export const getMetadata: RouteDescriptor = {
  method: 'GET',
  path: '/metadata',
  // The SAML entity is the account's legacy SAML connection: for SSO readers.
  access: selfOr('entityName', 'saml', SSO_READ_PERMISSION),
  request: {
    querystring: s.strictObject({ entityName: { type: 'string', maxLength: 64 } }, ['entityName']),
  },
};

export const getMetadataAdminBox: RouteDescriptor = {
  method: 'GET',
  path: '/metadata/admin-box',
  access: SELF,
};

export const getMetadataIpme: RouteDescriptor = {
  method: 'GET',
  path: '/metadata/ipme',
  access: SELF,
};

export const getMetadataIpByIp: RouteDescriptor = {
  method: 'GET',
  path: '/metadata/ip/:ip',
  access: SELF,
  demo: "an address's metadata: demo mode sees no addresses (its GET /metadata/ipme answers every field null)",
};

export const getAudits: RouteDescriptor = {
  method: 'GET',
  path: '/audits',
  access: perm('fe.secure.read.audits', 'account'),
  request: {
    querystring: s.strictObject({
      ...auditSortQuery,
      offset: { type: 'string', pattern: '^[0-9]{1,9}$' },
      count: { type: 'string', pattern: '^[0-9]{1,4}$' },
      // The client's optional virtual pagination: the same answer serves it.
      paginationMode: { type: 'string', enum: ['virtual'] },
    }),
  },
};

export const getAuditsStats: RouteDescriptor = {
  method: 'GET',
  path: '/audits/stats',
  access: perm('fe.secure.read.audits', 'account'),
  request: {
    querystring: s.strictObject({ ...auditSortQuery, count: { type: 'string', pattern: '^[0-9]{1,4}$' } }),
  },
};

export const postAuditsExportCsvV2: RouteDescriptor = {
  method: 'POST',
  path: '/audits/export/csv/v2',
  access: perm('fe.secure.read.audits', 'account'),
  request: auditExport,
};

export const postAuditsExportCsv: RouteDescriptor = {
  method: 'POST',
  path: '/audits/export/csv',
  access: perm('fe.secure.read.audits', 'account'),
  request: auditExport,
};

export const postMetadata: RouteDescriptor = {
  method: 'POST',
  path: '/metadata',
  access: superUser('account'),
  request: {
    body: s.strictObject(
      {
        entityName: { type: 'string', enum: ['adminBox'] },
        actions: {
          type: 'array',
          minItems: 1,
          maxItems: 100,
          items: s.strictObject(
            {
              path: { type: 'string', minLength: 1, maxLength: 200 },
              value: { type: ['string', 'null'], maxLength: 20 },
            },
            ['path', 'value'],
          ),
        },
      },
      ['entityName', 'actions'],
    ),
  },
  audit: audit('portal', 'Portal configuration changed', 'Medium'),
  demo: "the vendor's admin-box settings: set with the vendor's credentials, never from a page; the demo keeps a fixed admin box",
};

export const postMetadataAdminBox: RouteDescriptor = {
  method: 'POST',
  path: '/metadata/admin-box',
  access: superUser('account'),
  request: {
    body: s.strictObject(
      {
        actions: {
          type: 'array',
          maxItems: 100,
          items: s.strictObject(
            {
              type: { type: 'string', minLength: 1, maxLength: 200 },
              payload: { type: ['string', 'null'], maxLength: 20 },
            },
            ['type', 'payload'],
          ),
        },
      },
      ['actions'],
    ),
  },
  demo: "the same settings in the client SDK's commit format: the vendor's, never from a page; the demo keeps a fixed admin box",
};
