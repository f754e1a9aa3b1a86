import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveRoutes } from '../config/routes';
import { decidePostLogin, isRedirectAllowed, siteOf, type PostLoginDecision } from './postLogin';

const siteRows: Array<[string, string]> = [
  ['app.example.com', 'example.com'],
  ['example.com', 'example.com'],
  ['a.b.example.com', 'example.com'],
  ['shop.example.co.uk', 'example.co.uk'],
  ['localhost', 'localhost'],
  ['127.0.0.1', '127.0.0.1'],
  ['EXAMPLE.com.', 'example.com'],
];
for (const [host, site] of siteRows)
  test(`siteOf(${host}) is ${site}`, () => assert.equal(siteOf(host), site));

const PAGE = 'https://app.example.com/account/login?redirectUrl=x';
const allowRows: Array<[string, readonly string[], boolean]> = [
  ['/dashboard', [], true],
  ['https://app.example.com/x', [], true],
  ['https://billing.example.com/x', [], true], // same site, other subdomain
  ['http://app.example.com/x', [], false], // other scheme
  ['https://evil.example.org/x', [], false],
  ['https://evil.example.org/x', ['https://evil.example.org'], true], // allow-listed origin
  ['https://example.com.evil.org/', [], false],
  ['//evil.org/path', [], false], // protocol-relative to another site
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
  [
    'redirectUrl same-site path',
    { currentUrl: 'https://app.example.com/account/login?redirectUrl=%2Freports%3Fy%3D1%23top', routes },
    { kind: 'navigate', url: '/reports?y=1#top' },
  ],
  [
    'redirectUrl to another site',
    { currentUrl: 'https://app.example.com/account/login?redirectUrl=https%3A%2F%2Fevil.org%2F', routes },
    { kind: 'navigate', url: '/', warning: 'redirectNotAllowed' },
  ],
  [
    'redirectUrl allow-listed',
    {
      currentUrl: 'https://app.example.com/account/login?redirectUrl=https%3A%2F%2Fpartner.org%2Fx',
      routes,
      allowedOrigins: ['https://partner.org'],
    },
    { kind: 'navigate', url: 'https://partner.org/x' },
  ],
  [
    'redirectUrl to the logout route',
    { currentUrl: 'https://app.example.com/account/login?redirectUrl=%2Faccount%2Flogout', routes },
    { kind: 'navigate', url: '/' },
  ],
  [
    'redirectUrl to the activate route',
    { currentUrl: 'https://app.example.com/x?redirectUrl=%2Faccount%2Factivate', routes },
    { kind: 'navigate', url: '/' },
  ],
  [
    'redirectUrl to the social callback',
    { currentUrl: 'https://app.example.com/account/login?redirectUrl=%2Faccount%2Fsocial%2Fsuccess', routes },
    { kind: 'navigate', url: '/' },
  ],
  [
    'on the login route, no redirectUrl',
    { currentUrl: 'https://app.example.com/account/login', routes },
    { kind: 'navigate', url: '/' },
  ],
  [
    'on the login route, custom login',
    { currentUrl: 'https://app.example.com/account/login/', routes, customLogin: true },
    { kind: 'navigate', url: '/tenant-home' },
  ],
  ['embedded in a host page', { currentUrl: 'https://app.example.com/settings', routes }, { kind: 'stay' }],
  [
    'refused target with custom login',
    {
      currentUrl: 'https://app.example.com/account/login?redirectUrl=javascript%3Aalert(1)',
      routes,
      customLogin: true,
    },
    { kind: 'navigate', url: '/tenant-home', warning: 'redirectNotAllowed' },
  ],
];
for (const [name, input, expected] of decisionRows)
  test(`post-login: ${name}`, () => assert.deepEqual(decidePostLogin(input), expected));

const customRoutes = resolveRoutes({
  customLoginUrl: '/tenant-login',
  customLoginAuthenticatedUrl: '/tenant-home',
});
const storedRows: Array<[string, Parameters<typeof decidePostLogin>[0], PostLoginDecision]> = [
  [
    'stored pre-login URL, same site',
    { currentUrl: 'https://app.example.com/account/login', routes, storedUrl: '/reports?y=2#top' },
    { kind: 'navigate', url: '/reports?y=2#top' },
  ],
  [
    'stored URL is the login route: ignored',
    { currentUrl: 'https://app.example.com/account/login', routes, storedUrl: '/account/login' },
    { kind: 'navigate', url: '/' },
  ],
  [
    'stored URL is the logout route: ignored',
    { currentUrl: 'https://app.example.com/account/login', routes, storedUrl: '/account/logout?x=1' },
    { kind: 'navigate', url: '/' },
  ],
  [
    'stored URL is the social callback: ignored',
    { currentUrl: 'https://app.example.com/account/login', routes, storedUrl: '/account/social/success' },
    { kind: 'navigate', url: '/' },
  ],
  [
    'stored URL is the activate route: ignored (embedded page stays)',
    { currentUrl: 'https://app.example.com/settings', routes, storedUrl: '/account/activate/' },
    { kind: 'stay' },
  ],
  [
    'stored URL on another site: refused with the warning',
    { currentUrl: 'https://app.example.com/account/login', routes, storedUrl: 'https://evil.org/x' },
    { kind: 'navigate', url: '/', warning: 'redirectNotAllowed' },
  ],
  [
    'stored URL allow-listed',
    {
      currentUrl: 'https://app.example.com/account/login',
      routes,
      storedUrl: 'https://partner.org/y',
      allowedOrigins: ['https://partner.org'],
    },
    { kind: 'navigate', url: 'https://partner.org/y' },
  ],
  [
    'redirectUrl wins over the stored URL',
    { currentUrl: 'https://app.example.com/account/login?redirectUrl=%2Fa', routes, storedUrl: '/b' },
    { kind: 'navigate', url: '/a' },
  ],
  [
    'stored URL even when embedded in a host page',
    { currentUrl: 'https://app.example.com/settings', routes, storedUrl: '/b' },
    { kind: 'navigate', url: '/b' },
  ],
  [
    'on the custom login URL: custom-login authenticated URL',
    { currentUrl: 'https://app.example.com/tenant-login', routes: customRoutes },
    { kind: 'navigate', url: '/tenant-home' },
  ],
  [
    'on the ordinary login route with a custom login configured: authenticated URL',
    { currentUrl: 'https://app.example.com/account/login', routes: customRoutes },
    { kind: 'navigate', url: '/' },
  ],
  [
    'refused redirect from the custom login URL',
    {
      currentUrl: 'https://app.example.com/tenant-login?redirectUrl=https%3A%2F%2Fevil.org',
      routes: customRoutes,
    },
    { kind: 'navigate', url: '/tenant-home', warning: 'redirectNotAllowed' },
  ],
];
for (const [name, input, expected] of storedRows)
  test(`post-login: ${name}`, () => assert.deepEqual(decidePostLogin(input), expected));
