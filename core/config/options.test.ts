import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DEMO_BASE_URL,
  MISSING_BASE_URL_MESSAGE,
  MissingBaseUrlError,
  refuseToStart,
  resolveOptions,
} from './options';

test('defaults: prefix frontegg, log level error, credentials same-origin', () => {
  const options = resolveOptions({ baseUrl: 'https://auth.example.com/' });
  assert.equal(options.baseUrl, 'https://auth.example.com');
  assert.equal(options.urlPrefix, 'frontegg');
  assert.equal(options.logLevel, 'error');
  assert.equal(options.requestCredentials, 'same-origin');
  assert.equal(options.routes.loginUrl, '/account/login');
  assert.equal(options.demoMode, false);
});

test('a missing or blank base URL refuses to start', () => {
  assert.throws(() => resolveOptions({}), MissingBaseUrlError);
  assert.throws(
    () => resolveOptions({ baseUrl: '   ' }),
    (error: Error) => error.message === MISSING_BASE_URL_MESSAGE,
  );
});

test('demo mode needs no base URL', () => {
  assert.equal(resolveOptions({ demoMode: true }).baseUrl, DEMO_BASE_URL);
});

test('the prefix is trimmed of slashes and can be empty', () => {
  assert.equal(resolveOptions({ baseUrl: 'x', urlPrefix: '/api/' }).urlPrefix, 'api');
  assert.equal(resolveOptions({ baseUrl: 'x', urlPrefix: '' }).urlPrefix, '');
});

test('refuseToStart clears the page and raises the alert', () => {
  let cleared = false;
  let alerted = '';
  const doc = {
    body: {
      replaceChildren: () => {
        cleared = true;
      },
    },
    defaultView: {
      alert: (message: string) => {
        alerted = message;
      },
    },
  } as unknown as Document;
  const original = console.error;
  console.error = () => {};
  try {
    refuseToStart(doc);
  } finally {
    console.error = original;
  }
  assert.equal(cleared, true);
  assert.equal(alerted, MISSING_BASE_URL_MESSAGE);
  assert.match(alerted, /baseUrl option/);
});
