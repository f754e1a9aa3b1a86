/** Hebrew: the login box's catalogues (this chunk) and loaders of the others (docs/i18n.md). */
import errors from './errors.json';
import login from './login.json';
import mfa from './mfa.json';

export const texts = { ...login, ...mfa, errors };
/** The screens' catalogues, each its own chunk, loaded when its section registers. */
export const lazy = {
  billing: () => import('./billing.json'),
  portal: () => import('./portal.json'),
  portalAdmin: () => import('./portalAdmin.json'),
  securityCenter: () => import('./securityCenter.json'),
  auditStreams: () => import('./auditStreams.json'),
  connectivity: () => import('./connectivity.json'),
  sso: () => import('./sso.json'),
  invitations: () => import('./invitations.json'),
  provisioning: () => import('./provisioning.json'),
};
