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
 * The save rules of spec 001 §5 for a connection's identity-provider form: with no domain nothing
 * is sent (the form keeps its values on the page only); when the domain the form was filled for is
 * not the connection's domain any more, ssoEndpoint and publicCertificate reset to empty and
 * signRequest to false; validated, generatedVerification, createdAt and updatedAt are never sent
 * (only the form's fields are). Of the rest, only what changed is sent; an empty OIDC secret keeps
 * the stored one.
 */
export function ssoSavePlan(
  saved: SsoConnection,
  form: SsoForm,
  filledFor: string | null,
): { send: false } | { send: true; body: SsoUpdate; form: SsoForm } {
  const domain = saved.domains[0]?.domain ?? null;
  if (!domain) return { send: false };
  const next: SsoForm =
    filledFor !== null && filledFor !== domain
      ? { ...form, ssoEndpoint: '', publicCertificate: '', signRequest: false }
      : form;
  const body: SsoUpdate = {};
  if (next.ssoEndpoint.trim() !== saved.ssoEndpoint) body.ssoEndpoint = next.ssoEndpoint.trim();
  if (isSaml(saved.type)) {
    if (next.publicCertificate.trim() !== saved.publicCertificate.trim())
      body.publicCertificate = next.publicCertificate.trim();
    if (next.signRequest !== saved.signRequest) body.signRequest = next.signRequest;
    if (next.idpEntityId.trim() !== saved.idpEntityId) body.idpEntityId = next.idpEntityId.trim();
  } else {
    if (next.oidcClientId.trim() !== saved.oidcClientId) body.oidcClientId = next.oidcClientId.trim();
    if (next.oidcSecret) body.oidcSecret = next.oidcSecret;
  }
  return { send: true, body, form: next };
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
