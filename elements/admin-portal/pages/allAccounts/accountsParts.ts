import { css } from '@emotion/react';
import { type createSubAccountsApi, type SubAccount } from '../../../../core/tenants/api';
import { TENANT_TYPES } from '../../../../core/domain/sub-accounts';
import { enPortal } from '../../../i18n/en-portal';
import { portalAdmin } from '../../../i18n/portalAdmin.en';
import { stackListStyle } from '../../../ui/Page';
import { focusRing } from '../../../ui/styles';

export const t = enPortal.portal.subAccounts;
/** The list of the root (or of a search) is stored under this key; a sub-account's children under its tenantId. */
export const ROOT = '';

export const listStyle = stackListStyle(4);
export const nestedStyle = css(listStyle, {
  margin: '4px 0 0 20px',
  padding: '0 0 0 10px',
  borderInlineStart: '2px solid var(--ae-color-divider)',
});
export const rowStyle = css({
  display: 'flex',
  alignItems: 'center',
  gap: '8px',
  flexWrap: 'wrap',
  padding: '4px 0',
});
export const toggleStyle = css({
  font: 'inherit',
  width: '1.8em',
  height: '1.8em',
  border: '1px solid var(--ae-color-border)',
  borderRadius: '4px',
  background: 'none',
  cursor: 'pointer',
  color: 'inherit',
  ...focusRing(1),
});

export interface Branch {
  items: SubAccount[];
  next: string;
  status: 'loading' | 'ready' | 'error';
  error?: string;
}

export type Api = ReturnType<typeof createSubAccountsApi>;

/** The type choices of the add and edit dialogs (the client SDK's TenantType); '' none (adding only). */
export function typeOptions(withNone: boolean) {
  const types = portalAdmin.subAccounts.types;
  return [
    ...(withNone ? [{ value: '', label: portalAdmin.subAccounts.noType }] : []),
    ...TENANT_TYPES.map((type) => ({ value: type, label: types[type] ?? type })),
  ];
}
