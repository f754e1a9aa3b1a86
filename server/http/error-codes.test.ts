// Issue 13 item 6: every message the server can send has a stable code (core/api/errorCodes.ts),
// and every error answer carries the codes next to the messages.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import ts from 'typescript';
import { ERROR_CATALOGUE, errorCodeOf } from '../../core/api/errorCodes';
import type { InjectOptions } from 'fastify';
import type { BuiltServer } from '../app';
import { startTestServer } from '../../test/support/server';

const API = '/frontegg/identity/resources';

/**
 * Error sites whose message is built at run time (the type checker sees `string`), with a message
 * each can produce and the code that message must get. A new dynamic site fails the scan below
 * until it is listed here with its catalogue template.
 */
const DYNAMIC_SITES: Record<string, [sample: string, code: string][]> = {
  // Connectivity (issue 16): the event, channel or recipient the administrator sent, quoted back;
  // and why a webhook or Slack URL may not be used (delivery/outbound-http.ts).
  'server/routes/connectivity.ts': [
    ['Unknown event "no.such"', 'EVENT_UNKNOWN'],
    ['Unknown channel "pigeon"', 'CHANNEL_UNKNOWN'],
    ['"x@" is not an email address', 'RECIPIENT_EMAIL_INVALID'],
    ['"12" is not a phone number in international format', 'RECIPIENT_PHONE_INVALID'],
    ['Unknown Slack channel "00000000-0000-4000-8000-000000000000"', 'SLACK_CHANNEL_UNKNOWN'],
    ['Enter an http or https URL', 'URL_INVALID'],
    ['The address points to a private or local network', 'URL_PRIVATE_ADDRESS'],
    ['The host name does not resolve', 'URL_HOST_UNRESOLVED'],
  ],
  // The session guard's refusal (app.ts): the session ended, or the account's IP restrictions.
  'server/domain/tokens.ts': [
    ['Invalid or expired token', 'TOKEN_INVALID'],
    ['Your IP address is not allowed to access this account.', 'IP_NOT_ALLOWED'],
  ],
  // The address or domain the administrator typed, quoted back.
  'server/routes/security-policies.ts': [
    ['"10.0.0.0/33" is not an IP address or CIDR range', 'IP_INVALID'],
    ['"not a domain" is not a domain name', 'DOMAIN_INVALID'],
  ],
  // The sign-in method a sign-in used, named (domain/sign-in-methods.ts).
  'server/domain/sign-in-methods.ts': [
    ['Signing in with a password is turned off.', 'SIGN_IN_METHOD_OFF'],
    ['Your account does not allow signing in with a passkey.', 'SIGN_IN_METHOD_OFF_FOR_ACCOUNT'],
  ],
  // The SSO domain the administrator typed, quoted back.
  'server/routes/sso-config.ts': [['"not a domain" is not a domain name', 'DOMAIN_INVALID']],
  'server/routes/sso-legacy.ts': [['"not a domain" is not a domain name', 'DOMAIN_INVALID']],
  'server/domain/attempts.ts': [
    ['Too many codes requested. Try again in 1 minute.', 'TOO_MANY_CODES'],
    ['Too many sign-ups from this network. Try again in 15 minutes.', 'TOO_MANY_SIGN_UPS'],
    ['Too many failed attempts. Try again in 15 minutes.', 'TOO_MANY_ATTEMPTS'],
    ['Too many reset campaigns. Try again in 15 minutes.', 'TOO_MANY_CAMPAIGNS'],
  ],
  // httpError itself and the messages of a validation failure (describeIssue).
  'server/http/errors.ts': [
    ['Company name is required', 'FIELD_REQUIRED'],
    ['Unknown field "x"', 'FIELD_UNKNOWN'],
    ['Invalid querystring', 'PARAMETERS_INVALID'],
    ['Name must be a string', 'FIELD_TYPE'],
    ['Email must be a valid email address', 'FIELD_EMAIL'],
    ['User id has an invalid format', 'FIELD_FORMAT'],
    ['Name must not be empty', 'NAME_EMPTY'],
    ['Description must be at least 2 characters', 'FIELD_TOO_SHORT'],
    ['Description must be at most 100 characters', 'FIELD_TOO_LONG'],
    ['Name contains characters that are not allowed', 'FIELD_CHARACTERS'],
    ['Metadata has an invalid type', 'FIELD_ANY_OF'],
    ['Metadata has too many fields', 'FIELD_TOO_MANY_FIELDS'],
    ['Name is invalid', 'FIELD_INVALID'],
  ],
  // wrongAnswer(mfaRow, userId, message): one of MFA_MESSAGES, chosen by the caller.
  'server/domain/mfa.ts': [
    ['That code is not correct. Check it and try again.', 'MFA_CODE_WRONG'],
    ['That recovery code is not correct.', 'MFA_RECOVERY_CODE_WRONG'],
  ],
  'server/http/bearer.ts': [
    ['Invalid or expired token', 'TOKEN_INVALID'],
    ['Missing kid', 'TOKEN_KEY_MISSING'],
    ['Unknown kid', 'TOKEN_KEY_UNKNOWN'],
  ],
  'server/http/permissions.ts': [
    ['You need the fe.secure.read.users permission to do this', 'PERMISSION_REQUIRED'],
  ],
  'server/http/form.ts': [['Parameter "email" is repeated', 'PARAMETER_REPEATED']],
  'server/routes/account-settings.ts': [['Unknown time zone "Mars/Base"', 'TIME_ZONE_UNKNOWN']],
  'server/domain/signup.ts': [
    ['Password must be at least 8 characters', 'PASSWORD_TOO_SHORT'],
    ['Password must be at most 128 characters', 'PASSWORD_TOO_LONG'],
    ['This password has appeared in a data breach. Choose a different password.', 'PASSWORD_BREACHED'],
  ],
  'server/domain/activation.ts': [['Password must be at least 8 characters', 'PASSWORD_TOO_SHORT']],
  'server/domain/password-reset.ts': [['Password must be at most 128 characters', 'PASSWORD_TOO_LONG']],
  'server/domain/invitations.ts': [['Password must be at least 8 characters', 'PASSWORD_TOO_SHORT']],
  'server/domain/grants.ts': [
    ['You cannot grant the fe.secure.write.users permission: you do not hold it', 'GRANT_NOT_HELD'],
  ],
  'server/routes/groups.ts': [['Some roles do not exist in this account', 'ROLES_UNKNOWN']],
  'server/routes/impersonation.ts': [['Super users cannot be impersonated', 'IMPERSONATION_SUPER_USER']],
  'server/routes/team-users.ts': [['Unknown field "x" in _presetParams', 'PRESET_PARAMS_UNKNOWN_FIELD']],
  'server/routes/oauth.ts': [
    ['The authorization code has expired', 'OAUTH_CODE_EXPIRED'],
    ['code_verifier does not match the code challenge', 'OAUTH_VERIFIER_MISMATCH'],
  ],
  'server/routes/portal-config.ts': [
    ['Unknown page "billing"', 'PORTAL_PAGE_UNKNOWN'],
    ['Unknown metadata path "a.b"', 'PORTAL_PATH_UNKNOWN'],
    ['navigation.users.visibility must be one of always, byPermissions, hidden', 'PORTAL_VALUE_NOT_ALLOWED'],
  ],
};

/** Calls whose string arguments are messages sent to the client. */
const ERROR_CALLS =
  /(^|\.)(httpError|HttpError|MfaError|TooManyAttemptsError|refuse|InvalidTokenError|oauthError)$/;

interface Scan {
  literals: Map<string, string>;
  dynamic: Map<string, string[]>;
}

/** Every message argument of the server's error calls and `errors: [...]` lists, by the type checker. */
function scanServer(): Scan {
  const config = ts.getParsedCommandLineOfConfigFile(
    'tsconfig.json',
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => {},
    },
  )!;
  const files = config.fileNames.filter((f) => /\/server\//.test(f) && !/\.test\.ts$/.test(f));
  const program = ts.createProgram(files, config.options);
  const checker = program.getTypeChecker();
  const literals = new Map<string, string>();
  const dynamic = new Map<string, string[]>();
  const root = `${process.cwd()}/`;
  for (const source of program.getSourceFiles()) {
    if (!files.includes(source.fileName)) continue;
    const file = source.fileName.replace(root, '');
    const record = (expression: ts.Expression) => {
      const type = checker.getTypeAtLocation(expression);
      const parts = type.isUnion() ? type.types : [type];
      if (parts.every((part) => part.flags & ts.TypeFlags.NumberLike)) return;
      if (parts.every((part) => part.isStringLiteral())) {
        for (const part of parts) literals.set((part as ts.StringLiteralType).value, file);
        return;
      }
      if (ts.isStringLiteralLike(expression) && /^[a-z_]+$/.test(expression.text)) return;
      dynamic.set(file, [...(dynamic.get(file) ?? []), expression.getText(source).slice(0, 80)]);
    };
    const visit = (node: ts.Node) => {
      const name = (ts.isCallExpression(node) || ts.isNewExpression(node)) && node.expression.getText(source);
      // `refuse` of server/domain/impersonation.ts (saml.ts has a `refuse` of its own, for log lines).
      if (name && ERROR_CALLS.test(name) && (name !== 'refuse' || file.endsWith('impersonation.ts'))) {
        const call = node as ts.CallExpression | ts.NewExpression;
        // oauthError(reply, status, error, description): the RFC 6749 `error` is not a message.
        const args = [...(call.arguments ?? [])].slice(name === 'oauthError' ? 3 : 0);
        for (const arg of args) {
          if (ts.isSpreadElement(arg)) dynamic.set(file, [...(dynamic.get(file) ?? []), arg.getText(source)]);
          else if (!ts.isIdentifier(arg) || arg.text !== 'reply') record(arg);
        }
      }
      if (
        ts.isPropertyAssignment(node) &&
        node.name.getText(source) === 'errors' &&
        ts.isArrayLiteralExpression(node.initializer)
      )
        node.initializer.elements.forEach((element) => record(element as ts.Expression));
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { literals, dynamic };
}

describe('error codes', () => {
  it('every message the server sends as a literal has a code, and every run-time message site is listed', () => {
    const { literals, dynamic } = scanServer();
    assert.ok(literals.size > 80, `only ${literals.size} messages found: the scan is broken`);
    const missing = [...literals].filter(([message]) => errorCodeOf(message) === 'UNCATALOGUED');
    assert.deepEqual(missing, [], 'add these messages to core/api/errorCodes.ts');
    const unlisted = [...dynamic.keys()].filter((file) => !DYNAMIC_SITES[file]);
    assert.deepEqual(
      unlisted.map((file) => `${file}: ${dynamic.get(file)!.join(' | ')}`),
      [],
      'a message built at run time: give it a catalogue template and list a sample in DYNAMIC_SITES',
    );
    for (const samples of Object.values(DYNAMIC_SITES))
      for (const [sample, code] of samples) assert.equal(errorCodeOf(sample), code, sample);
  });

  it('the catalogue: one code per message, templates resolve to the most specific code', () => {
    const messages = Object.values(ERROR_CATALOGUE);
    assert.equal(new Set(messages).size, messages.length, 'a message is listed twice');
    for (const [code, message] of Object.entries(ERROR_CATALOGUE)) {
      const sample = message.replace(/\{[a-z]+\}/g, 'x');
      assert.equal(errorCodeOf(sample), code, sample);
      assert.match(code, /^[A-Z][A-Z0-9_]+$/);
    }
    assert.equal(errorCodeOf('Password is required'), 'PASSWORD_REQUIRED');
    assert.equal(errorCodeOf('Email is required'), 'EMAIL_REQUIRED');
    assert.equal(errorCodeOf('Company name is required'), 'FIELD_REQUIRED');
    assert.equal(errorCodeOf('something nobody wrote'), 'UNCATALOGUED');
    // The demo backend's wordings (ERROR_ALIASES) get the code of the same situation.
    assert.equal(errorCodeOf('SSO is not configured for this domain'), 'SSO_NOT_CONFIGURED');
    assert.equal(errorCodeOf('groupsIds must list at least one id'), 'FIELD_INVALID');
  });

  describe('answers', () => {
    let server: BuiltServer;
    before(async () => {
      server = await startTestServer();
    });
    after(() => server.close());

    it('carry one code per message: handlers, schemas, not-found, framework and direct error lists', async () => {
      const cases: [InjectOptions, number, string[], string[]][] = [
        [
          {
            method: 'POST',
            url: `${API}/auth/v1/user`,
            payload: { email: 'nobody@example.com', password: 'wrong-password' },
          },
          401,
          ['Incorrect email or password'],
          ['CREDENTIALS_INCORRECT'],
        ],
        [
          { method: 'POST', url: `${API}/auth/v1/user`, payload: { password: 'x' } },
          400,
          ['Email is required'],
          ['EMAIL_REQUIRED'],
        ],
        [{ method: 'GET', url: '/frontegg/nowhere' }, 404, ['Not found'], ['NOT_FOUND']],
        [{ method: 'GET', url: `${API}/users/v2/me` }, 401, ['Missing bearer token'], ['BEARER_MISSING']],
        [
          {
            method: 'POST',
            url: `${API}/auth/v1/user`,
            payload: '{"email":',
            headers: { 'content-type': 'application/json' },
          },
          400,
          ['Request body is not valid JSON'],
          ['INVALID_JSON'],
        ],
        [
          { method: 'POST', url: `${API}/auth/v1/user/token/refresh` },
          401,
          ['Session expired, please sign in again'],
          ['SESSION_EXPIRED'],
        ],
      ];
      for (const [request, status, errors, errorCodes] of cases) {
        const res = await server.app.inject(request);
        assert.equal(res.statusCode, status, res.body);
        assert.deepEqual(res.json(), { errors, errorCodes }, JSON.stringify(request));
      }
    });
  });
});
