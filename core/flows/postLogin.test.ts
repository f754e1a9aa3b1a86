import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveRoutes } from '../config/routes';
import { decidePostLogin, isRedirectAllowed, siteOf, type PostLoginDecision } from './postLogin';

const siteRows: Array<[string, string]> = [
  ['app.example.com', 'example.com'], ['example.com', 'example.com'], ['a.b.example.com', 'example.com'],
  ['shop.example.co.uk', 'example.co.uk'], ['localhost', 'localhost'], ['127.0.0.1', '127.0.0.1'], ['EXAMPLE.com.', 'example.com'],
];
for (const [host, site] of siteRows) test(`siteOf(${host}) is ${site}`, () => assert.equal(siteOf(host), site));

const PAGE = 'https://app.example.com/account/login?redirectUrl=x';
const allowRows: Array<[string, readonly string[], boolean]> = [
  ['/dashboard', [], true],
  ['https://app.example.com/x', [], true],
  ['https://billing.example.com/x', [], true],            // same site, other subdomain
  ['http://app.example.com/x', [], false],                // other scheme
  ['https://evil.example.org/x', [], false],
  ['https://evil.example.org/x', ['https://evil.example.org'], true], // allow-listed origin
  ['https://example.com.evil.org/', [], false],
  ['//evil.org/path', [], false],                         // protocol-relative to another site
  ['javascript:alert(1)', [], false],
  ['data:text/html,hi', [], false],
  ['https://app.example.co.uk/', [], false],
];
for (const [target, allowed, expected] of allowRows) {
  test(`redirect to ${target}${allowed.length ? ' (allow-listed)' : ''} is ${expected ? 'allowed' : 'refused'}`, () => {
    assert.equal(isRedirectAllowed(target, PAGE, allowed), expected);
  });
}

const routes = resolveRoutes({ customLoginAuthenticatedUrl: '/tenant-home' });
const decisionRows: Array<[string, Parameters<typeof decidePostLogin>[0], PostLoginDecision]> = [
  ['redirectUrl same-site path', { currentUrl: 'https://app.example.com/account/login?redirectUrl=%2Freports%3Fy%3D1%23top', routes }, { kind: 'navigate', url: '/reports?y=1#top' }],
  ['redirectUrl to another site', { currentUrl: 'https://app.example.com/account/login?redirectUrl=https%3A%2F%2Fevil.org%2F', routes }, { kind: 'navigate', url: '/', warning: 'redirectNotAllowed' }],
  ['redirectUrl allow-listed', { currentUrl: 'https://app.example.com/account/login?redirectUrl=https%3A%2F%2Fpartner.org%2Fx', routes, allowedOrigins: ['https://partner.org'] }, { kind: 'navigate', url: 'https://partner.org/x' }],
  ['redirectUrl to the logout route', { currentUrl: 'https://app.example.com/account/login?redirectUrl=%2Faccount%2Flogout', routes }, { kind: 'navigate', url: '/' }],
  ['redirectUrl to the activate route', { currentUrl: 'https://app.example.com/x?redirectUrl=%2Faccount%2Factivate', routes }, { kind: 'navigate', url: '/' }],
  ['redirectUrl to the social callback', { currentUrl: 'https://app.example.com/account/login?redirectUrl=%2Faccount%2Fsocial%2Fsuccess', routes }, { kind: 'navigate', url: '/' }],
  ['on the login route, no redirectUrl', { currentUrl: 'https://app.example.com/account/login', routes }, { kind: 'navigate', url: '/' }],
  ['on the login route, custom login', { currentUrl: 'https://app.example.com/account/login/', routes, customLogin: true }, { kind: 'navigate', url: '/tenant-home' }],
  ['embedded in a host page', { currentUrl: 'https://app.example.com/settings', routes }, { kind: 'stay' }],
  ['refused target with custom login', { currentUrl: 'https://app.example.com/account/login?redirectUrl=javascript%3Aalert(1)', routes, customLogin: true }, { kind: 'navigate', url: '/tenant-home', warning: 'redirectNotAllowed' }],
];
for (const [name, input, expected] of decisionRows) test(`post-login: ${name}`, () => assert.deepEqual(decidePostLogin(input), expected));
