/**
 * Demo mode's SSO connections (issue 16), answering like the reference server
 * (server/routes/sso-config.ts): the same paths, permissions (403 with the same message), answers
 * and messages, kept per account in the page's storage. Bodies are checked before this runs, with
 * the server's schemas (core/contract/requests-sso.ts).
 *
 * What demo mode cannot do, and does instead (docs/sso.md):
 * - no DNS: a domain validates at once, unless it begins with `unverified.` (then the server's
 *   "TXT record not found" answer, so the page's failure can be seen);
 * - no outbound fetch: a metadata URL gives sample details (entity ID the URL, SSO address
 *   `{origin}/sso`, a sample certificate); uploaded metadata XML is read like the server does;
 * - no sign-in through these connections (the demo has no identity provider).
 */
import { type Answer, fail, ok } from '../contract/answer';
import { hasPermission } from '../portal/pages';
import type { DemoDatabase, DemoUser } from './data';
import { demoRoles } from './teamAdmin';

type Json = Record<string, unknown>;

const BASE = '/team/resources/sso/v1/configurations';
const PATHS = /^\/team\/resources\/sso\/v1\/configurations(\/.*)?$/;
const READ = 'fe.secure.read.samlConfiguration';
const WRITE = 'fe.secure.write.samlConfiguration';
const DEMO_SP = 'https://auth.demo.example/frontegg/identity/resources/auth/v1/sso/saml';
/** A sample certificate body (base64 of a fixed text: the demo never checks a signature with it). */
const SAMPLE_CERTIFICATE = `-----BEGIN CERTIFICATE-----\n${'TUlJRGVtb0NlcnRpZmljYXRlRm9yVGhlU1NPUGFnZQ=='.padEnd(64, 'A')}\n-----END CERTIFICATE-----`;

interface DemoSsoDomain {
  id: string;
  domain: string;
  validated: boolean;
}
interface DemoSsoGroup {
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

export const isDemoSsoConfigPath = (path: string) => PATHS.test(path);

const dto = (c: DemoSsoConnection) => ({
  ...c,
  acsUrl:
    c.type === 'oidc'
      ? `${typeof location === 'undefined' ? 'https://app.demo.example' : location.origin}/account/oidc/callback`
      : `${DEMO_SP}/t-${c.id}/acs`,
  spEntityId: c.type === 'oidc' ? '' : `${DEMO_SP}/t-${c.id}/metadata`,
  oidcSecret: '',
  skipEmailDomainValidation: false,
});

const isHttp = (value: string) => /^https?:\/\/[^\s/]+/.test(value.trim());
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

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
  const cert = /<(?:\w+:)?X509Certificate>([^<]+)</.exec(xml)?.[1]?.replace(/\s+/g, '');
  if (!cert) return 'SSO_METADATA_NO_CERTIFICATE';
  return {
    entityId: /entityID="([^"]+)"/.exec(xml)?.[1] ?? '',
    ssoEndpoint: location,
    certificate: `-----BEGIN CERTIFICATE-----\n${cert.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----`,
  };
}

export function handleDemoSsoConfig(
  db: DemoDatabase,
  user: DemoUser,
  held: string[],
  request: { method: string; path: string; body: Json },
  now: () => number,
  random: () => string,
): Answer | null {
  const method = request.method.toUpperCase();
  const body = request.body;
  const rest = request.path.slice(BASE.length).replace(/\/$/, '');
  const needs = (permission: string) =>
    hasPermission(held, permission) ? null : fail('PERMISSION_REQUIRED', { permission: permission });
  const denied = needs(method === 'GET' ? READ : WRITE);
  if (denied) return denied;
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

  /** Applies the fields of a create or update (the server's rules). */
  const apply = (c: DemoSsoConnection, input: Json): Answer | null => {
    if (input.type && (input.type === 'oidc') !== (c.type === 'oidc')) return fail('SSO_PROTOCOL_CHANGE');
    if (input.skipEmailDomainValidation === true) return fail('SSO_SKIP_DOMAINS_UNSUPPORTED');
    const rolesAnswer = badRoles(input.roleIds);
    if (rolesAnswer) return rolesAnswer;
    if (typeof input.ssoEndpoint === 'string' && input.ssoEndpoint.trim() && !isHttp(input.ssoEndpoint))
      return fail('SSO_ENDPOINT_INVALID');
    if (typeof input.publicCertificate === 'string' && input.publicCertificate.trim()) {
      const bare = input.publicCertificate.replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, '');
      if (!/^[A-Za-z0-9+/]+={0,2}$/.test(bare) || bare.length < 64) return fail('SSO_CERTIFICATE_INVALID');
      c.publicCertificate = `-----BEGIN CERTIFICATE-----\n${bare.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----`;
    } else if (input.publicCertificate === '') c.publicCertificate = '';
    if (input.signRequest === true) return fail('SSO_SIGNING_KEY_MISSING');
    if (typeof input.type === 'string') c.type = input.type;
    if (typeof input.enabled === 'boolean') c.enabled = input.enabled;
    if (input.signRequest === false) c.signRequest = false;
    if (typeof input.ssoEndpoint === 'string') c.ssoEndpoint = input.ssoEndpoint.trim();
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
  const fromMetadata = (c: DemoSsoConnection, metadata: { xml?: string; url?: string }): Answer | null => {
    if (metadata.url !== undefined) {
      if (!isHttp(metadata.url)) return fail('SSO_METADATA_FETCH_FAILED');
      const url = new URL(metadata.url);
      Object.assign(c, {
        idpEntityId: url.href,
        ssoEndpoint: `${url.origin}/sso`,
        publicCertificate: SAMPLE_CERTIFICATE,
        metadataUrl: url.href,
      });
    } else {
      const read = readMetadata(metadata.xml ?? '');
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

  if (rest === '') {
    if (method === 'GET') return ok(mine.map(dto));
    if (method === 'POST') {
      const c = blank(typeof body.type === 'string' ? body.type : 'saml');
      const refused = apply(c, { ...body, type: undefined });
      if (refused) return refused;
      mine.push(c);
      return ok(dto(c), true, 201);
    }
    return null;
  }
  if (rest === '/metadata' || rest === '/metadata-url') {
    if (method !== 'POST') return null;
    const c = blank('saml');
    const refused = fromMetadata(
      c,
      rest === '/metadata' ? { xml: String(body.metadata) } : { url: String(body.url) },
    );
    if (refused) return refused;
    mine.push(c);
    return ok(dto(c), true, 201);
  }
  const [, id, sub, subId, action] = rest.split('/');
  const c = mine.find((x) => x.id === id);
  if (!c) return fail('SSO_CONFIGURATION_NOT_FOUND');
  if (sub === undefined) {
    if (method === 'PATCH') return apply(c, body) ?? ok(dto(c), true);
    if (method === 'DELETE') {
      mine.splice(mine.indexOf(c), 1);
      return ok({}, true);
    }
    return null;
  }
  if ((sub === 'metadata' || sub === 'metadata-url') && method === 'PUT' && subId === undefined)
    return (
      fromMetadata(c, sub === 'metadata' ? { xml: String(body.metadata) } : { url: String(body.url) }) ??
      ok(dto(c), true)
    );
  if (sub === 'domains') {
    if (subId === undefined && method === 'POST') {
      const domain = String(body.domain).trim().toLowerCase().replace(/\.$/, '');
      if (!DOMAIN.test(domain)) return fail('DOMAIN_INVALID', { value: String(body.domain).slice(0, 64) });
      if (c.domains.some((d) => d.domain === domain)) return fail('SSO_DOMAIN_EXISTS');
      const added = { id: random(), domain, validated: false };
      c.domains.push(added);
      return ok(added, true, 201);
    }
    const domain = c.domains.find((d) => d.id === subId);
    if (!domain) return fail('SSO_DOMAIN_NOT_FOUND');
    if (action === undefined && method === 'DELETE') {
      c.domains.splice(c.domains.indexOf(domain), 1);
      return ok({}, true);
    }
    if (action === 'validate' && method === 'PUT') {
      if (domain.domain.startsWith('unverified.')) return fail('SSO_TXT_RECORD_MISSING');
      const elsewhere = Object.values(db.ssoConnections ?? {})
        .flat()
        .some((o) => o !== c && o.domains.some((d) => d.domain === domain.domain && d.validated));
      if (elsewhere) return fail('SSO_DOMAIN_TAKEN');
      domain.validated = true;
      return ok(domain, true);
    }
    return null;
  }
  if (sub === 'roles' && subId === undefined) {
    if (method === 'GET') return ok({ roleIds: c.roleIds });
    if (method === 'PUT') return apply(c, { roleIds: body.roleIds }) ?? ok({ roleIds: c.roleIds }, true);
    return null;
  }
  if (sub === 'groups') {
    if (subId === undefined) {
      if (method === 'GET') return ok(c.groups);
      if (method === 'POST') {
        const refused = badRoles(body.roleIds);
        if (refused) return refused;
        const group = {
          id: random(),
          group: String(body.group).trim(),
          roleIds: (body.roleIds as string[]) ?? [],
        };
        c.groups.push(group);
        return ok(group, true, 201);
      }
      return null;
    }
    const group = c.groups.find((g) => g.id === subId);
    if (!group) return fail('SSO_GROUP_NOT_FOUND');
    if (method === 'PATCH') {
      const refused = badRoles(body.roleIds);
      if (refused) return refused;
      if (typeof body.group === 'string') group.group = body.group.trim();
      if (Array.isArray(body.roleIds)) group.roleIds = body.roleIds as string[];
      return ok(group, true);
    }
    if (method === 'DELETE') {
      c.groups.splice(c.groups.indexOf(group), 1);
      return ok({}, true);
    }
  }
  return null;
}
