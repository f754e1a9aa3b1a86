// Issue 13 item 6, issue 25 item 2: every error carries a code of the catalogue (core/contract/errors.ts)
// with its status and message; the server and the demo throw codes, never text.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  ContractError,
  contractError,
  contractErrors,
  ERROR_CATALOGUE,
  errorEntry,
  errorText,
  tooManyError,
} from '../../core/contract/errors';
import type { InjectOptions } from 'fastify';
import type { BuiltServer } from '../app';
import { startTestServer } from '../../test/support/server';

const API = '/frontegg/identity/resources';

/** The non-test TypeScript files under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** `a: f(1, 2), b` → ['a: f(1, 2)', ' b']: the commas outside parentheses. */
function topLevelParts(text: string): string[] {
  const parts = [''];
  let depth = 0;
  for (const char of text) {
    if (char === '(' || char === '[') depth += 1;
    if (char === ')' || char === ']') depth -= 1;
    if (char === ',' && depth === 0) parts.push('');
    else parts[parts.length - 1] += char;
  }
  return parts;
}

describe('error codes', () => {
  it('the catalogue: one code per message, a status and a message each, files under 400 lines', () => {
    const entries = Object.entries(ERROR_CATALOGUE);
    assert.ok(entries.length > 250, `only ${entries.length} codes`);
    const messages = entries.map(([, entry]) => entry.message);
    assert.equal(new Set(messages).size, messages.length, 'a message is listed twice');
    for (const [code, { status, message }] of entries) {
      assert.match(code, /^[A-Z][A-Z0-9_]+$/);
      assert.ok(status >= 400 && status < 600, `${code}: status ${status}`);
      assert.ok(message.trim() === message && message.length > 0, code);
    }
    for (const file of ['errors', 'errors-requests', 'errors-admin', 'errors-integrations']) {
      const lines = readFileSync(`core/contract/${file}.ts`, 'utf8').split('\n').length;
      assert.ok(lines <= 400, `core/contract/${file}.ts has ${lines} lines`);
    }
  });

  it('a code outside the catalogue, or a message without its values, does not compile', () => {
    // The types are the check (`npx tsc`); at run time an unknown code has no entry to word.
    // @ts-expect-error: no such code
    assert.throws(() => contractError('NO_SUCH_CODE'));
    // @ts-expect-error: FIELD_REQUIRED needs its {field}
    contractError('FIELD_REQUIRED');
    // @ts-expect-error: USER_EXISTS has no placeholder
    contractError('USER_EXISTS', { field: 'x' });
    // @ts-expect-error: the placeholder of PERMISSION_REQUIRED is {permission}
    contractError('PERMISSION_REQUIRED', { field: 'x' });
    assert.equal(errorText('FIELD_REQUIRED', { field: 'Name' }), 'Name is required');
  });

  it('an error carries its status, messages and codes, in order', () => {
    const one = contractError('PERMISSION_REQUIRED', { permission: 'fe.secure.read.users' });
    assert.ok(one instanceof ContractError);
    assert.equal(one.statusCode, 403);
    assert.deepEqual(one.messages, ['You need the fe.secure.read.users permission to do this']);
    assert.deepEqual(one.codes, ['PERMISSION_REQUIRED']);
    const several = contractErrors([errorEntry('EMAIL_REQUIRED'), errorEntry('PASSWORD_REQUIRED')]);
    assert.equal(several.statusCode, 400);
    assert.deepEqual(several.messages, ['Email is required', 'Password is required']);
    assert.deepEqual(several.codes, ['EMAIL_REQUIRED', 'PASSWORD_REQUIRED']);
    assert.equal(contractError('INVITATION_INVALID').withStatus(400).statusCode, 400);
    const limit = tooManyError('TOO_MANY_CODES', 61);
    assert.deepEqual(
      [limit.statusCode, limit.retryAfterSeconds, limit.message],
      [429, 61, 'Too many codes requested. Try again in 2 minutes.'],
    );
    assert.equal(
      tooManyError('TOO_MANY_ATTEMPTS', 30).message,
      'Too many failed attempts. Try again in 1 minute.',
    );
  });

  it('every message placeholder of a thrown code is filled (no "{name}" reaches a client)', () => {
    // A code thrown with a literal and an object literal: its keys are the message's placeholders.
    const call = /\b(?:contractError|fail|errorEntry)\('([A-Z0-9_]+)'(?:,\s*\{([^}]*)\})?\)/g;
    let checked = 0;
    const scanned = ['server', 'core/demo', 'core/domain', 'core/contract'].flatMap((dir) => sources(dir));
    for (const file of scanned) {
      const text = readFileSync(file, 'utf8');
      for (const [, code, params] of text.matchAll(call)) {
        const entry = ERROR_CATALOGUE[code as keyof typeof ERROR_CATALOGUE];
        assert.ok(entry, `${file}: ${code} is not in the catalogue`);
        const wanted = [...entry.message.matchAll(/\{([a-z]+)\}/gi)].map((m) => m[1]).sort();
        const given = topLevelParts(params ?? '')
          .map((part) => part.split(':')[0]!.trim())
          .filter(Boolean)
          .sort();
        assert.deepEqual(given, wanted, `${file}: ${code}`);
        checked += 1;
      }
    }
    assert.ok(checked > 300, `only ${checked} sites found: the scan is broken`);
  });

  it('the domain throws codes of core/contract: it imports nothing from server/http', () => {
    const imports = sources('server/domain').flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/from '(\.\.\/http\/[^']*)'/g)].map((m) => `${file}: ${m[1]}`),
    );
    assert.deepEqual(imports, []);
  });

  it('the server and the demo throw codes: no message written as text at an error site', () => {
    const offenders: string[] = [];
    for (const file of [...sources('server'), ...sources('core/demo')]) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          // The old forms (a status and a text), and a route answering its own error list.
          if (/\bhttpError\(|\bfail\(\d{3}\b|send\(\{\s*errors:/.test(line))
            offenders.push(`${file}:${index + 1}: ${line.trim()}`);
        });
    }
    assert.deepEqual(offenders, []);
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
