/**
 * The provisioning page's texts (spec 001 §2 "provisioning connections"). Apart from en-portal.ts,
 * so only the page's lazy chunk carries them (rollup.config.mjs keeps them out of the shared chunk).
 */
import type { ScimSource } from '../../core/api/directory';
import { registerLazyTexts } from './localize';

export const portalProvisioning = {
  intro:
    'Connect your identity provider (Okta, Microsoft Entra ID and others) to create, update and deactivate the people and groups of this account over SCIM 2.0.',
  add: 'Add connection',
  addTitle: 'Add a SCIM connection',
  create: 'Create',
  creating: 'Creating…',
  source: 'Identity provider',
  connectionName: 'Connection name',
  connectionNameHint: 'Optional: the provider’s name is used when empty.',
  nameTooLong: 'Use at most 100 characters.',
  /**
   * The contract's source values (spec 001 §3) named for the customer: `frontegg` is the contract's
   * value for a generic SCIM 2.0 client, never shown as a brand. Listed in this order.
   */
  sources: {
    okta: 'Okta',
    'azure-ad': 'Microsoft Entra ID (Azure AD)',
    frontegg: 'Generic SCIM 2.0 client',
    other: 'Other',
  } as Record<ScimSource, string>,
  columns: {
    name: 'Connection',
    source: 'Identity provider',
    users: 'Users',
    created: 'Created',
    lastSync: 'Last change',
  },
  loadingCount: '…',
  never: 'Never',
  empty: 'No SCIM connection yet.',
  loadFailed: 'The connections could not be loaded.',
  total: (n: number) => `${n} ${n === 1 ? 'connection' : 'connections'}`,
  paused: 'Paused',
  deleteOf: (name: string) => `Delete the connection ${name}`,
  deleteTitle: 'Delete this SCIM connection?',
  deleteBody: (name: string) =>
    `${name}'s token stops working at once. The people and groups it provisioned stay in the account and are managed here again.`,
  delete: 'Delete',
  createdTitle: 'Connection created',
  createdBody:
    'Give these to your identity provider. The token is shown only now: copy it before you close this dialog.',
  baseUrl: 'SCIM base URL',
  copyBaseUrl: 'Copy the SCIM base URL',
  token: 'Bearer token',
  copyToken: 'Copy the token',
  done: 'Done',
};

registerLazyTexts({ portalProvisioning });
