/**
 * A SAML 2.0 identity provider on localhost, built with `samlify` (a different SAML library from
 * the server's `@node-saml/node-saml`), playing a tenant's IdP in the tests.
 *
 * - `GET /sso?SAMLRequest=..&RelayState=..` (HTTP-Redirect binding): reads the AuthnRequest and
 *   shows a sign-in form (any known login; "Cancel" answers a failed status).
 * - `POST /sso/login`: builds the signed response and shows the HTTP-POST form to the service
 *   provider's ACS, sent with a "Continue" button (no script).
 * - `respond(...)`: the same response for Node tests, with the parts a test wants wrong.
 *
 * Its keys (`saml-keys/`) are test fixtures, generated for these tests and used nowhere else.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import samlify from 'samlify';
import * as validator from '@authenio/samlify-node-xmllint';

// node-xmllint (emscripten) prints a lone " " line after every validation: kept out of the test log.
samlify.setSchemaValidator({
  validate: (xml: string) => {
    const log = console.log;
    console.log = (...args: unknown[]) => {
      if (!(args.length === 1 && args[0] === ' ')) log(...args);
    };
    try {
      return validator.validate(xml);
    } finally {
      console.log = log;
    }
  },
});

const keyFile = (name: string) => readFileSync(new URL(`./saml-keys/${name}`, import.meta.url), 'utf8');
export const TEST_IDP_CERTIFICATE = keyFile('idp.crt');
const KEYS = {
  idp: { privateKey: keyFile('idp.key'), signingCert: TEST_IDP_CERTIFICATE },
  impostor: { privateKey: keyFile('impostor.key'), signingCert: keyFile('impostor.crt') },
};

const POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

export interface SamlIdpAccount {
  email: string;
  name?: string;
  /** Sent as the multi-valued `groups` attribute. */
  groups?: string[];
}

/** What a test wants different from a correct response. */
export interface ResponseOverrides {
  /** Sign with another key than the configured certificate's. */
  signer?: 'idp' | 'impostor';
  audience?: string;
  recipient?: string;
  destination?: string;
  /** Both the Response's and the confirmation's; null leaves it out (an unsolicited response). */
  inResponseTo?: string | null;
  notBefore?: Date;
  notOnOrAfter?: Date;
  issuer?: string;
  assertionId?: string;
  /** Applied to the signed XML, before base64: a tampered response. */
  tamper?: (xml: string) => string;
}

export interface RunningSamlIdp {
  entityId: string;
  /** The single sign-on address (the connection's entryPoint). */
  ssoUrl: string;
  certificate: string;
  /** The IdP's metadata XML (also served at `entityId`, GET /metadata). */
  metadata: string;
  /** Serves another service provider from now on (a connection created after the IdP started). */
  setServiceProvider(sp: { entityId: string; acsUrl: string; signingCertificate?: string }): void;
  /** Answers the AuthnRequest in `authnRequestUrl` (the server's redirect) as `login`. */
  respond(
    authnRequestUrl: string,
    login: string,
    overrides?: ResponseOverrides,
  ): Promise<{ SAMLResponse: string; RelayState: string; acsUrl: string }>;
  close(): Promise<void>;
}

const escapeXml = (value: string) =>
  value.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

function attributeStatement(account: SamlIdpAccount): string {
  const attr = (name: string, value: string) =>
    `<saml:Attribute Name="${name}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic"><saml:AttributeValue xsi:type="xs:string">${escapeXml(value)}</saml:AttributeValue></saml:Attribute>`;
  const groups = account.groups?.length
    ? `<saml:Attribute Name="groups" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic">${account.groups
        .map((g) => `<saml:AttributeValue xsi:type="xs:string">${escapeXml(g)}</saml:AttributeValue>`)
        .join('')}</saml:Attribute>`
    : '';
  return `<saml:AttributeStatement>${attr('email', account.email)}${account.name ? attr('name', account.name) : ''}${groups}</saml:AttributeStatement>`;
}

/**
 * Starts the IdP on `port` (0: any free port) for one service provider (our connection's entity ID
 * and ACS). With `sp.signingCertificate` it requires signed AuthnRequests and verifies them with it.
 */
export async function startSamlIdp(options: {
  port: number;
  sp: { entityId: string; acsUrl: string; signingCertificate?: string };
  accounts: Record<string, SamlIdpAccount>;
}): Promise<RunningSamlIdp> {
  const server: Server = await new Promise((resolve) => {
    const s = createServer();
    s.listen(options.port, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as { port: number };
  const origin = `http://127.0.0.1:${port}`;
  const entityId = `${origin}/metadata`;
  const ssoUrl = `${origin}/sso`;
  const identityProvider = (signer: 'idp' | 'impostor') =>
    samlify.IdentityProvider({
      entityID: entityId,
      ...KEYS[signer],
      nameIDFormat: [EMAIL_FORMAT],
      singleSignOnService: [{ Binding: REDIRECT, Location: ssoUrl }],
      singleLogoutService: [{ Binding: REDIRECT, Location: `${origin}/slo` }],
      // With the SP's certificate, AuthnRequests must carry a valid signature (checked at parsing).
      wantAuthnRequestsSigned: Boolean(options.sp.signingCertificate),
    });
  const makeServiceProvider = () =>
    samlify.ServiceProvider({
      entityID: options.sp.entityId,
      assertionConsumerService: [{ Binding: POST, Location: options.sp.acsUrl }],
      wantAssertionsSigned: true,
      authnRequestsSigned: Boolean(options.sp.signingCertificate),
      ...(options.sp.signingCertificate ? { signingCert: options.sp.signingCertificate } : {}),
    });
  let serviceProvider = makeServiceProvider();

  /** The AuthnRequest of a redirect-binding query string, as received (a signature covers its encoded parts). */
  async function parseRequest(rawQuery: string) {
    const query = new URLSearchParams(rawQuery);
    const parts = new Map(
      rawQuery
        .replace(/^\?/, '')
        .split('&')
        .map((part) => [part.split('=')[0]!, part] as const),
    );
    const octetString = ['SAMLRequest', 'RelayState', 'SigAlg']
      .filter((k) => parts.has(k))
      .map((k) => parts.get(k)!)
      .join('&');
    const parsed = await identityProvider('idp').parseLoginRequest(serviceProvider, 'redirect', {
      query: Object.fromEntries(query),
      octetString,
    });
    return {
      info: parsed,
      requestId: String((parsed.extract as { request?: { id?: string } }).request?.id ?? ''),
      relayState: query.get('RelayState') ?? '',
    };
  }

  async function buildResponse(
    info: unknown,
    requestId: string,
    account: SamlIdpAccount,
    o: ResponseOverrides = {},
  ): Promise<string> {
    const now = new Date();
    const later = o.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000);
    const inResponseTo = o.inResponseTo === undefined ? requestId : o.inResponseTo;
    const idp = identityProvider(o.signer ?? 'idp');
    const { context } = await idp.createLoginResponse(
      serviceProvider,
      info as never,
      'post',
      { email: account.email },
      {
        customTagReplacement: (template: string) => {
          const id = `_${randomUUID()}`;
          // Values are escaped by replaceTagsByValue; the two statements are XML, put in afterwards.
          const xml = samlify.SamlLib.replaceTagsByValue(template, {
            ID: id,
            AssertionID: o.assertionId ?? `_${randomUUID()}`,
            Destination: o.destination ?? options.sp.acsUrl,
            Audience: o.audience ?? options.sp.entityId,
            EntityID: options.sp.entityId,
            SubjectRecipient: o.recipient ?? options.sp.acsUrl,
            Issuer: o.issuer ?? entityId,
            IssueInstant: now.toISOString(),
            StatusCode: 'urn:oasis:names:tc:SAML:2.0:status:Success',
            ConditionsNotBefore: (o.notBefore ?? new Date(now.getTime() - 1000)).toISOString(),
            ConditionsNotOnOrAfter: later.toISOString(),
            SubjectConfirmationDataNotOnOrAfter: later.toISOString(),
            NameIDFormat: EMAIL_FORMAT,
            NameID: account.email,
            // null drops the attribute: an unsolicited response.
            InResponseTo: inResponseTo,
          })
            .replace(
              '{AuthnStatement}',
              `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="${id}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`,
            )
            .replace('{AttributeStatement}', attributeStatement(account));
          return { id, context: xml };
        },
      },
    );
    if (!o.tamper) return context;
    return Buffer.from(o.tamper(Buffer.from(context, 'base64').toString('utf8')), 'utf8').toString('base64');
  }

  /** A response that says the sign-in failed (the user cancelled): a status, no assertion. */
  function failedResponse(requestId: string): string {
    const xml = `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_${randomUUID()}" Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="${escapeXml(options.sp.acsUrl)}" InResponseTo="${escapeXml(requestId)}"><saml:Issuer>${escapeXml(entityId)}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Responder"><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:AuthnFailed"/></samlp:StatusCode><samlp:StatusMessage>The user cancelled</samlp:StatusMessage></samlp:Status></samlp:Response>`;
    return Buffer.from(xml, 'utf8').toString('base64');
  }

  const html = (res: ServerResponse, status: number, title: string, body: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeXml(title)}</title></head><body><main><h1>${escapeXml(title)}</h1>${body}</main></body></html>`,
    );
  };
  const readForm = (req: IncomingMessage) =>
    new Promise<URLSearchParams>((resolve) => {
      let data = '';
      req.on('data', (chunk: Buffer) => {
        data += chunk.toString('utf8');
      });
      req.on('end', () => resolve(new URLSearchParams(data)));
    });
  const hidden = (name: string, value: string) =>
    `<input type="hidden" name="${name}" value="${escapeXml(value)}">`;

  server.on('request', (req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', origin);
      if (req.method === 'GET' && url.pathname === '/metadata') {
        res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' });
        res.end(identityProvider('idp').getMetadata());
        return;
      }
      if (req.method === 'GET' && url.pathname === '/sso') {
        await parseRequest(url.search);
        html(
          res,
          200,
          'Test SAML identity provider',
          `<form method="post" action="/sso/login">
<p><label for="login">User name</label> <input id="login" name="login" autocomplete="username"></p>
${hidden('request', url.search)}
<button type="submit">Sign in</button> <button type="submit" name="cancel" value="1">Cancel</button></form>`,
        );
        return;
      }
      if (req.method === 'POST' && url.pathname === '/sso/login') {
        const form = await readForm(req);
        // The AuthnRequest's query string as it first arrived, carried through the sign-in form.
        const { info, requestId, relayState } = await parseRequest(form.get('request') ?? '');
        let samlResponse: string;
        if (form.get('cancel')) samlResponse = failedResponse(requestId);
        else {
          const account = options.accounts[form.get('login') ?? ''];
          if (!account)
            return html(res, 400, 'Unknown user', '<p>No such user at this identity provider.</p>');
          samlResponse = await buildResponse(info, requestId, account);
        }
        html(
          res,
          200,
          'Signed in at the test SAML identity provider',
          `<form method="post" action="${escapeXml(options.sp.acsUrl)}">
${hidden('SAMLResponse', samlResponse)}${hidden('RelayState', relayState)}<button type="submit">Continue</button></form>`,
        );
        return;
      }
      html(res, 404, 'Not found', '');
    })().catch((error: unknown) => {
      html(
        res,
        400,
        'Bad SAML request',
        `<p>${escapeXml(error instanceof Error ? error.message : String(error))}</p>`,
      );
    });
  });

  return {
    entityId,
    ssoUrl,
    certificate: TEST_IDP_CERTIFICATE,
    metadata: identityProvider('idp').getMetadata(),
    setServiceProvider(sp) {
      options.sp = sp;
      serviceProvider = makeServiceProvider();
    },
    async respond(authnRequestUrl, login, overrides) {
      const { info, requestId, relayState } = await parseRequest(new URL(authnRequestUrl).search);
      const account = options.accounts[login];
      if (!account) throw new Error(`unknown test IdP login ${login}`);
      return {
        SAMLResponse: await buildResponse(info, requestId, account, overrides),
        RelayState: relayState,
        acsUrl: options.sp.acsUrl,
      };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
