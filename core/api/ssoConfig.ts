/**
 * The SSO page's calls (issue 16; spec 001 §3 "SSO multi", §5, §7 "multi SSO: configurations CRUD,
 * by metadata and metadata-url, domains (create, delete, validate), default roles, groups"), on the
 * client SDK's paths (`/team/resources/sso/v1/configurations`). Loaded with the SSO page's chunk
 * (rollup.config.mjs keeps it out of the shared chunk).
 */
import type { HttpClient } from './http';

const BASE = '/team/resources/sso/v1/configurations';

/** Provider types (spec 001 §3): SAML for every one but oidc. */
export const SSO_TYPES = ['saml', 'okta', 'azure', 'google', 'oidc'] as const;
export type SsoType = (typeof SSO_TYPES)[number];

export interface SsoDomain {
  id: string;
  domain: string;
  validated: boolean;
}
export interface SsoGroup {
  id: string;
  group: string;
  roleIds: string[];
}
export interface SsoConnection {
  id: string;
  enabled: boolean;
  type: SsoType;
  /** The DNS TXT record's value that proves a domain. */
  generatedVerification: string;
  /** SAML: the IdP's single sign-on address; OIDC: the issuer. */
  ssoEndpoint: string;
  publicCertificate: string;
  signRequest: boolean;
  /** Ours: SAML's assertion consumer service, OIDC's redirect URI to register at the provider. */
  acsUrl: string;
  spEntityId: string;
  idpEntityId: string;
  metadataUrl: string;
  oidcClientId: string;
  /** Never answered (always ""): `hasOidcSecret` says whether one is stored. */
  oidcSecret: string;
  hasOidcSecret: boolean;
  domains: SsoDomain[];
  roleIds: string[];
  groups: SsoGroup[];
  createdAt?: string;
  updatedAt?: string;
}

/** What an administrator edits of a connection's identity provider. */
export interface SsoForm {
  ssoEndpoint: string;
  publicCertificate: string;
  signRequest: boolean;
  idpEntityId: string;
  oidcClientId: string;
  oidcSecret: string;
}
type SsoUpdate = Partial<SsoForm & { enabled: boolean; roleIds: string[]; type: SsoType }>;

export const isSaml = (type: SsoType) => type !== 'oidc';

/**
 * What the identity-provider form's Save sends: of the form's fields, only what changed (validated,
 * generatedVerification, createdAt and updatedAt never, spec 001 §5); an empty OIDC secret keeps
 * the stored one. Sent at once, with or without a domain: a connection without a validated domain
 * is saved all the same and simply routes no sign-in yet. (Spec 001 §5's legacy SAML rules, "with
 * no domain, only local state updates" and the reset of the endpoint and certificate when the
 * domain changes, would lose what the administrator typed: docs/contract.md.)
 */
export function ssoChanges(saved: SsoConnection, form: SsoForm): SsoUpdate {
  const body: SsoUpdate = {};
  if (form.ssoEndpoint.trim() !== saved.ssoEndpoint) body.ssoEndpoint = form.ssoEndpoint.trim();
  if (isSaml(saved.type)) {
    if (form.publicCertificate.trim() !== saved.publicCertificate.trim())
      body.publicCertificate = form.publicCertificate.trim();
    if (form.signRequest !== saved.signRequest) body.signRequest = form.signRequest;
    if (form.idpEntityId.trim() !== saved.idpEntityId) body.idpEntityId = form.idpEntityId.trim();
  } else {
    if (form.oidcClientId.trim() !== saved.oidcClientId) body.oidcClientId = form.oidcClientId.trim();
    if (form.oidcSecret) body.oidcSecret = form.oidcSecret;
  }
  return body;
}

export function createSsoConfigApi(http: HttpClient) {
  const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;
  return {
    list: () => http.get<SsoConnection[]>(BASE),
    /** A new connection of `type`: disabled (spec 001 §5 "New SSO config: enabled defaults to false"). */
    create: (type: SsoType) => http.post<SsoConnection>(BASE, { type, enabled: false }),
    update: (id: string, body: SsoUpdate) => http.patch<SsoConnection>(one(id), body),
    remove: (id: string) => http.delete<unknown>(one(id)),
    /** The IdP's metadata file, read and sent as `metadata` (spec 001 §5). */
    fromMetadata: (id: string, metadata: string) =>
      http.put<SsoConnection>(`${one(id)}/metadata`, { metadata }),
    fromMetadataUrl: (id: string, url: string) => http.put<SsoConnection>(`${one(id)}/metadata-url`, { url }),
    addDomain: (id: string, domain: string) => http.post<SsoDomain>(`${one(id)}/domains`, { domain }),
    removeDomain: (id: string, domainId: string) =>
      http.delete<unknown>(`${one(id)}/domains/${encodeURIComponent(domainId)}`),
    validateDomain: (id: string, domainId: string) =>
      http.put<SsoDomain>(`${one(id)}/domains/${encodeURIComponent(domainId)}/validate`),
    setDefaultRoles: (id: string, roleIds: string[]) =>
      http.put<{ roleIds: string[] }>(`${one(id)}/roles`, { roleIds }),
    addGroup: (id: string, group: string, roleIds: string[]) =>
      http.post<SsoGroup>(`${one(id)}/groups`, { group, roleIds }),
    updateGroup: (id: string, groupId: string, body: { group?: string; roleIds?: string[] }) =>
      http.patch<SsoGroup>(`${one(id)}/groups/${encodeURIComponent(groupId)}`, body),
    removeGroup: (id: string, groupId: string) =>
      http.delete<unknown>(`${one(id)}/groups/${encodeURIComponent(groupId)}`),
  };
}
export type SsoConfigApi = ReturnType<typeof createSsoConfigApi>;
