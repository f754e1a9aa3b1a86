import { css } from '@emotion/react';
import { type SsoConfigApi, type SsoConnection } from '../../../../core/api/ssoConfig';
import { portalSso as t } from '../../../i18n/portalSso.en';
import { inputStyle } from '../../../ui/styles';

export type Tab = 'provider' | 'domains' | 'roles';
export const TABS: Tab[] = ['provider', 'domains', 'roles'];
export const panelStyle = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '20px',
  minWidth: 0,
  '&[hidden]': { display: 'none' },
});
export const rowStyle = css({ display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center' });
export const itemStyle = css(rowStyle, {
  justifyContent: 'space-between',
  padding: '8px 0',
  borderBottom: '1px solid var(--ae-color-border)',
  overflowWrap: 'anywhere',
});
export const textAreaStyle = css(inputStyle, {
  minHeight: '8em',
  fontFamily: 'monospace',
  fontSize: '0.85em',
});
/** A provider type's name (SAML 2.0, Okta (SAML)...). */
export const typeLabel = (type: string) => t.types[type] ?? type;

export interface Props {
  api: SsoConfigApi;
  connection: SsoConnection;
  canWrite: boolean;
  onChanged: () => void;
  onBack: () => void;
}

export type PartProps = Omit<Props, 'onBack'>;
