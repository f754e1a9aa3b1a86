/**
 * Demo mode's SSO connections (issue 16), answering like the reference server
 * (server/routes/sso-config.ts): the same routes, answers and messages, kept per account in the
 * page's storage. The demo backend finds the route and checks its permission from the route table
 * (core/demo/dispatch.ts); bodies are checked before a handler runs, with the server's schemas
 * (core/contract/requests-sso.ts).
 *
 * What demo mode cannot do, and does instead (docs/sso.md):
 * - no DNS: a domain validates at once, unless it begins with `unverified.` (then the server's
 *   "TXT record not found" answer, so the page's failure can be seen);
 * - no outbound fetch: a metadata URL gives sample details (entity ID the URL, SSO address
 *   `{origin}/sso`, a sample certificate); uploaded metadata XML is read like the server does;
 * - no sign-in through these connections (the demo has no identity provider).
 */
import { type Answer, fail, ok } from '../contract/answer';
import { parseDomain } from '../domain/security-policies';
import {
  checkSsoFields,
  checkSsoKind,
  normaliseCertificate,
  type SsoFieldsInput,
} from '../domain/sso-config';
import type { DemoDatabase, DemoUser } from './data';
import type { DemoRequest, DemoRoutes } from './dispatch';
import { demoRoles } from './teamAdmin';

type Json = Record<string, unknown>;

const DEMO_SP = 'https://auth.demo.example/frontegg/identity/resources/auth/v1/sso/saml';
/** A sample certificate body (base64 of a fixed text: the demo never checks a signature with it). */
const SAMPLE_CERTIFICATE = `-----BEGIN CERTIFICATE-----\n${'TUlJRGVtb0NlcnRpZmljYXRlRm9yVGhlU1NPUGFnZQ=='.padEnd(64, 'A')}\n-----END CERTIFICATE-----`;

export interface DemoSsoDomain {
  id: string;
  domain: string;
  validated: boolean;
}
export interface DemoSsoGroup {
  id: string;
  group: string;
  roleIds: string[];
}
export interface DemoSsoConnection {
  id: string;
  enabled: boolean;
  type: string;
  generatedVerification: string;
  ssoEndpoint: string;
  publicCertificate: string;
  signRequest: boolean;
  idpEntityId: string;
  metadataUrl: string;
  oidcClientId: string;
  hasOidcSecret: boolean;
  domains: DemoSsoDomain[];
  roleIds: string[];
  groups: DemoSsoGroup[];
  createdAt: string;
  updatedAt: string;
}

const SAMPLE_TENANT = 'demo-tenant';

/** The account's connections; the sample account starts with one (spec 001 §1: demo mode fills demo data). */
export function demoSsoConnections(
  db: DemoDatabase,
  tenantId: string,
  now: () => number,
): DemoSsoConnection[] {
  db.ssoConnections ??= { [SAMPLE_TENANT]: [sampleConnection(now)] };
  return (db.ssoConnections[tenantId] ??= []);
}
const sampleConnection = (now: () => number): DemoSsoConnection => {
  const at = new Date(now() - 30 * 86_400_000).toISOString();
  return {
    id: 'demo-sso-okta',
    enabled: true,
    type: 'okta',
    generatedVerification: 'auth-elements-sso=demo-okta-verification',
    ssoEndpoint: 'https://acme.okta.example/app/sso/saml',
    publicCertificate: SAMPLE_CERTIFICATE,
    signRequest: false,
    idpEntityId: 'http://www.okta.example/exk-demo',
    metadataUrl: '',
    oidcClientId: '',
    hasOidcSecret: false,
    domains: [
      { id: 'demo-sso-domain-1', domain: 'acme-sso.demo.example', validated: true },
      { id: 'demo-sso-domain-2', domain: 'unverified.acme-sso.demo.example', validated: false },
    ],
    roleIds: [],
    groups: [],
    createdAt: at,
    updatedAt: at,
  };
};

/** The redirect URI OIDC connections register at their provider (the kit's OIDC callback). */
export const demoOidcRedirect = () =>
  `${typeof location === 'undefined' ? 'https://app.demo.example' : location.origin}/account/oidc/callback`;

/** A connection as the server answers it. */
export const demoSsoDto = (c: DemoSsoConnection) => ({
  ...c,
  acsUrl: c.type === 'oidc' ? demoOidcRedirect() : `${DEMO_SP}/t-${c.id}/acs`,
  spEntityId: c.type === 'oidc' ? '' : `${DEMO_SP}/t-${c.id}/metadata`,
  oidcSecret: '',
  skipEmailDomainValidation: false,
});

const isHttp = (value: string) => /^https?:\/\/[^\s/]+/.test(value.trim());

/** The IdP's details from its metadata XML, as the server reads them (namespace prefixes aside). */
function readMetadata(
  xml: string,
):
  | { entityId: string; ssoEndpoint: string; certificate: string }
  | 'SSO_METADATA_UNREADABLE'
  | 'SSO_METADATA_NO_ENDPOINT'
  | 'SSO_METADATA_NO_CERTIFICATE' {
  if (/<!DOCTYPE/i.test(xml) || !/IDPSSODescriptor/.test(xml)) return 'SSO_METADATA_UNREADABLE';
  const service =
    /<(?:\w+:)?SingleSignOnService\b[^>]*Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect"[^>]*>/.exec(
      xml,
    );
  const location = service && /Location="([^"]+)"/.exec(service[0])?.[1];
  if (!location || !isHttp(location)) return 'SSO_METADATA_NO_ENDPOINT';
  const cert = normaliseCertificate(/<(?:\w+:)?X509Certificate>([^<]+)</.exec(xml)?.[1] ?? '');
  if (!cert) return 'SSO_METADATA_NO_CERTIFICATE';
  return {
    entityId: /entityID="([^"]+)"/.exec(xml)?.[1] ?? '',
    ssoEndpoint: location,
    certificate: cert,
  };
}

/** Where a connection's IdP details come from: uploaded metadata XML or the address it is published at. */
type DemoMetadataSource = { xml: string } | { url: string };

/**
 * One account's connections and what may be done to them, each an answer as the server gives it
 * (also the legacy single-connection calls' building blocks, core/demo/ssoLegacy.ts).
 */
export function demoSsoAccount(
  db: DemoDatabase,
  user: DemoUser,
  tools: { now: () => number; random: () => string },
) {
  const { now, random } = tools;
  const mine = demoSsoConnections(db, user.tenantId, now);
  const stamp = () => new Date(now()).toISOString();
  const roleIds = new Set(
    demoRoles(db)
      .filter((r) => r.tenantId === null || r.tenantId === user.tenantId)
      .map((r) => r.id),
  );
  const badRoles = (ids: unknown) =>
    Array.isArray(ids) && ids.some((id) => id !== '' && !roleIds.has(id as string))
      ? fail('ROLES_UNKNOWN')
      : null;

  /**
   * Applies the fields of a create or update, by the server's rules (core/domain/sso-config.ts;
   * a refusal is thrown, before anything changes). Demo mode has no SAML signing key.
   */
  const apply = (c: DemoSsoConnection, input: Json): Answer | null => {
    checkSsoKind(c.type, input as SsoFieldsInput);
    const rolesAnswer = badRoles(input.roleIds);
    if (rolesAnswer) return rolesAnswer;
    const checked = checkSsoFields(c.type, input as SsoFieldsInput, false);
    if (checked.ssoEndpoint !== undefined) c.ssoEndpoint = checked.ssoEndpoint;
    if (checked.publicCertificate !== undefined) c.publicCertificate = checked.publicCertificate;
    if (typeof input.type === 'string') c.type = input.type;
    if (typeof input.enabled === 'boolean') c.enabled = input.enabled;
    if (input.signRequest === false) c.signRequest = false;
    if (typeof input.idpEntityId === 'string') c.idpEntityId = input.idpEntityId.trim();
    if (typeof input.oidcClientId === 'string') c.oidcClientId = input.oidcClientId.trim();
    if (typeof input.oidcSecret === 'string' && input.oidcSecret) c.hasOidcSecret = true;
    if (Array.isArray(input.roleIds)) c.roleIds = [...new Set(input.roleIds as string[])].filter(Boolean);
    c.updatedAt = stamp();
    return null;
  };
  const blank = (type: string): DemoSsoConnection => ({
    id: random(),
    enabled: false,
    type,
    generatedVerification: `auth-elements-sso=${random()}${random()}`,
    ssoEndpoint: '',
    publicCertificate: '',
    signRequest: false,
    idpEntityId: '',
    metadataUrl: '',
    oidcClientId: '',
    hasOidcSecret: false,
    domains: [],
    roleIds: [],
    groups: [],
    createdAt: stamp(),
    updatedAt: stamp(),
  });
  const fromMetadata = (c: DemoSsoConnection, source: DemoMetadataSource): Answer | null => {
    if ('url' in source) {
      if (!isHttp(source.url)) return fail('SSO_METADATA_FETCH_FAILED');
      const url = new URL(source.url);
      Object.assign(c, {
        idpEntityId: url.href,
        ssoEndpoint: `${url.origin}/sso`,
        publicCertificate: SAMPLE_CERTIFICATE,
        metadataUrl: url.href,
      });
    } else {
      const read = readMetadata(source.xml);
      if (typeof read === 'string') return fail(read);
      Object.assign(c, {
        idpEntityId: read.entityId,
        ssoEndpoint: read.ssoEndpoint,
        publicCertificate: read.certificate,
        metadataUrl: '',
      });
    }
    c.updatedAt = stamp();
    return null;
  };

  return {
    list: () => mine.map(demoSsoDto),
    connection: (id: string | undefined) => mine.find((c) => c.id === id),
    create(body: Json): Answer {
      const c = blank(typeof body.type === 'string' ? body.type : 'saml');
      const refused = apply(c, { ...body, type: undefined });
      if (refused) return refused;
      mine.push(c);
      return ok(demoSsoDto(c), true, 201);
    },
    createFromMetadata(source: DemoMetadataSource): Answer {
      const c = blank('saml');
      const refused = fromMetadata(c, source);
      if (refused) return refused;
      mine.push(c);
      return ok(demoSsoDto(c), true, 201);
    },
    update: (c: DemoSsoConnection, body: Json) => apply(c, body) ?? ok(demoSsoDto(c), true),
    replaceMetadata: (c: DemoSsoConnection, source: DemoMetadataSource) =>
      fromMetadata(c, source) ?? ok(demoSsoDto(c), true),
    remove(c: DemoSsoConnection): Answer {
      mine.splice(mine.indexOf(c), 1);
      return ok({}, true);
    },
    addDomain(c: DemoSsoConnection, sent: string): Answer {
      const domain = parseDomain(sent);
      if (!domain) return fail('DOMAIN_INVALID', { value: sent.slice(0, 64) });
      if (c.domains.some((d) => d.domain === domain)) return fail('SSO_DOMAIN_EXISTS');
      const added = { id: random(), domain, validated: false };
      c.domains.push(added);
      return ok(added, true, 201);
    },
    removeDomain(c: DemoSsoConnection, domain: DemoSsoDomain): Answer {
      c.domains.splice(c.domains.indexOf(domain), 1);
      return ok({}, true);
    },
    validateDomain(c: DemoSsoConnection, domain: DemoSsoDomain): Answer {
      if (domain.domain.startsWith('unverified.')) return fail('SSO_TXT_RECORD_MISSING');
      const elsewhere = Object.values(db.ssoConnections ?? {})
        .flat()
        .some((o) => o !== c && o.domains.some((d) => d.domain === domain.domain && d.validated));
      if (elsewhere) return fail('SSO_DOMAIN_TAKEN');
      domain.validated = true;
      return ok(domain, true);
    },
    setRoles: (c: DemoSsoConnection, ids: unknown) =>
      apply(c, { roleIds: ids }) ?? ok({ roleIds: c.roleIds }, true),
    addGroup(c: DemoSsoConnection, body: Json): Answer {
      const refused = badRoles(body.roleIds);
      if (refused) return refused;
      const group = {
        id: random(),
        group: String(body.group).trim(),
        roleIds: (body.roleIds as string[]) ?? [],
      };
      c.groups.push(group);
      return ok(group, true, 201);
    },
    updateGroup(group: DemoSsoGroup, body: Json): Answer {
      const refused = badRoles(body.roleIds);
      if (refused) return refused;
      if (typeof body.group === 'string') group.group = body.group.trim();
      if (Array.isArray(body.roleIds)) group.roleIds = body.roleIds as string[];
      return ok(group, true);
    },
    removeGroup(c: DemoSsoConnection, group: DemoSsoGroup): Answer {
      c.groups.splice(c.groups.indexOf(group), 1);
      return ok({}, true);
    },
  };
}

type SignedIn = (db: DemoDatabase, user: DemoUser, request: DemoRequest) => Answer;
type Account = ReturnType<typeof demoSsoAccount>;

/** The multi-SSO routes (core/contract/routes/sso.ts), by descriptor name. */
export function demoSsoConfigRoutes(tools: {
  now: () => number;
  random: () => string;
}): DemoRoutes<SignedIn> {
  const account =
    (run: (a: Account, request: DemoRequest) => Answer): SignedIn =>
    (db, user, request) =>
      run(demoSsoAccount(db, user, tools), request);
  /** A handler of one connection (`:id`), 404 when the account has none of that id. */
  const one = (run: (a: Account, c: DemoSsoConnection, request: DemoRequest) => Answer) =>
    account((a, request) => {
      const c = a.connection(request.params.id);
      return c ? run(a, c, request) : fail('SSO_CONFIGURATION_NOT_FOUND');
    });
  const domain = (run: (a: Account, c: DemoSsoConnection, d: DemoSsoDomain) => Answer) =>
    one((a, c, { params }) => {
      const d = c.domains.find((x) => x.id === params.domainId);
      return d ? run(a, c, d) : fail('SSO_DOMAIN_NOT_FOUND');
    });
  const group = (run: (a: Account, c: DemoSsoConnection, g: DemoSsoGroup, body: Json) => Answer) =>
    one((a, c, { params, body }) => {
      const g = c.groups.find((x) => x.id === params.groupId);
      return g ? run(a, c, g, body) : fail('SSO_GROUP_NOT_FOUND');
    });
  const xml = (body: Json) => ({ xml: String(body.metadata) });
  const url = (body: Json) => ({ url: String(body.url) });
  return {
    getTeamSsoConfigurations: account((a) => ok(a.list())),
    postTeamSsoConfigurations: account((a, { body }) => a.create(body)),
    patchTeamSsoConfigurationsById: one((a, c, { body }) => a.update(c, body)),
    deleteTeamSsoConfigurationsById: one((a, c) => a.remove(c)),
    postTeamSsoConfigurationsMetadata: account((a, { body }) => a.createFromMetadata(xml(body))),
    postTeamSsoConfigurationsMetadataUrl: account((a, { body }) => a.createFromMetadata(url(body))),
    putTeamSsoConfigurationsByIdMetadata: one((a, c, { body }) => a.replaceMetadata(c, xml(body))),
    putTeamSsoConfigurationsByIdMetadataUrl: one((a, c, { body }) => a.replaceMetadata(c, url(body))),
    postTeamSsoConfigurationsByIdDomains: one((a, c, { body }) => a.addDomain(c, String(body.domain))),
    deleteTeamSsoConfigurationsByIdDomainsByDomainId: domain((a, c, d) => a.removeDomain(c, d)),
    putTeamSsoConfigurationsByIdDomainsByDomainIdValidate: domain((a, c, d) => a.validateDomain(c, d)),
    getTeamSsoConfigurationsByIdRoles: one((_a, c) => ok({ roleIds: c.roleIds })),
    putTeamSsoConfigurationsByIdRoles: one((a, c, { body }) => a.setRoles(c, body.roleIds)),
    getTeamSsoConfigurationsByIdGroups: one((_a, c) => ok(c.groups)),
    postTeamSsoConfigurationsByIdGroups: one((a, c, { body }) => a.addGroup(c, body)),
    patchTeamSsoConfigurationsByIdGroupsByGroupId: group((a, _c, g, body) => a.updateGroup(g, body)),
    deleteTeamSsoConfigurationsByIdGroupsByGroupId: group((a, c, g) => a.removeGroup(c, g)),
  };
}
