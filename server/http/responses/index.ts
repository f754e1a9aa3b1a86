/**
 * The success answers of every route, by its descriptor (core/contract/routes): server-only, so
 * that the demo backend, which reads the descriptors, does not ship them. server/http/openapi.ts adds
 * them to each route as it is registered; server/http/openapi.test.ts fails for a route without them.
 */
import type { RouteDescriptor } from '../../../core/contract/routes';
import { ACCOUNT_RESPONSES, ACCOUNT_BODIES } from './account';
import { AUDITS_RESPONSES } from './audits';
import { AUDIT_STREAMS_RESPONSES, AUDIT_STREAMS_BODIES } from './audit-streams';
import { BILLING_RESPONSES, BILLING_BODIES } from './billing';
import { CONNECTIVITY_RESPONSES, CONNECTIVITY_BODIES } from './connectivity';
import { DIRECTORY_RESPONSES, DIRECTORY_BODIES } from './directory';
import { HIERARCHY_RESPONSES } from './hierarchy';
import { MFA_RESPONSES, MFA_BODIES } from './mfa';
import { MFA_SIGN_IN_RESPONSES } from './mfa-sign-in';
import { OAUTH_RESPONSES } from './oauth';
import { PLATFORM_RESPONSES } from './platform';
import { REPORTS_RESPONSES, REPORTS_BODIES } from './reports';
import { RESTRICTIONS_RESPONSES, RESTRICTIONS_BODIES } from './restrictions';
import { ROLES_RESPONSES } from './roles';
import { ROOT_RESPONSES } from './root';
import { SECURITY_RESPONSES, SECURITY_BODIES } from './security';
import { SIGN_IN_RESPONSES, SIGN_IN_BODIES } from './sign-in';
import { SSO_RESPONSES, SSO_BODIES } from './sso';
import { SSO_SIGN_IN_RESPONSES, SSO_SIGN_IN_BODIES } from './sso-sign-in';
import { TEAM_RESPONSES, TEAM_BODIES } from './team';
import { TOKENS_RESPONSES } from './tokens';
import { USAGE_RESPONSES } from './usage';

export type ResponseTable = ReadonlyArray<readonly [RouteDescriptor, Record<string, unknown>]>;

/** Success answers by status, by descriptor. */
export const RESPONSES: ReadonlyMap<RouteDescriptor, Record<string, unknown>> = new Map([
  ...ACCOUNT_RESPONSES,
  ...AUDITS_RESPONSES,
  ...AUDIT_STREAMS_RESPONSES,
  ...BILLING_RESPONSES,
  ...CONNECTIVITY_RESPONSES,
  ...DIRECTORY_RESPONSES,
  ...HIERARCHY_RESPONSES,
  ...MFA_RESPONSES,
  ...MFA_SIGN_IN_RESPONSES,
  ...OAUTH_RESPONSES,
  ...PLATFORM_RESPONSES,
  ...REPORTS_RESPONSES,
  ...RESTRICTIONS_RESPONSES,
  ...ROLES_RESPONSES,
  ...ROOT_RESPONSES,
  ...SECURITY_RESPONSES,
  ...SIGN_IN_RESPONSES,
  ...SSO_RESPONSES,
  ...SSO_SIGN_IN_RESPONSES,
  ...TEAM_RESPONSES,
  ...TOKENS_RESPONSES,
  ...USAGE_RESPONSES,
]);

/** The body schema of calls that read none (NO_BODY) or that only document theirs, by descriptor. */
export const DOCUMENTED_BODIES: ReadonlyMap<RouteDescriptor, unknown> = new Map([
  ...ACCOUNT_BODIES,
  ...AUDIT_STREAMS_BODIES,
  ...BILLING_BODIES,
  ...CONNECTIVITY_BODIES,
  ...DIRECTORY_BODIES,
  ...MFA_BODIES,
  ...RESTRICTIONS_BODIES,
  ...REPORTS_BODIES,
  ...SECURITY_BODIES,
  ...SIGN_IN_BODIES,
  ...SSO_BODIES,
  ...SSO_SIGN_IN_BODIES,
  ...TEAM_BODIES,
]);
