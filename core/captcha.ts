/**
 * The captcha hook (issue 15): when the host gives a `captchaProvider` (HostSettings), this
 * module (its own chunk, loaded only then) adds `recaptchaToken` to the requests the server's
 * captcha policy guards (sign-in, passwordless pre-login, sign-up, password-reset request), while
 * the policy is on (`GET …/captcha-policy/public`, the client SDK's getCaptchaPolicy). The token comes
 * from the host's `getToken(action)`: the kit loads no captcha script of its own (a host uses
 * reCAPTCHA, hCaptcha or Turnstile as it likes, and nothing is fetched from a third party offline).
 */
import type { Transport } from './api/http';
import type { CaptchaProvider } from './config/hostSettings';

const POLICY = '/identity/resources/configurations/v1/captcha-policy/public';
/** Guarded requests (POST), by the end of their path, and the action a host's captcha is told. */
const GUARDED: Array<[RegExp, string]> = [
  [/\/identity\/resources\/auth\/v1\/user$/, 'login'],
  [/\/identity\/resources\/auth\/v1\/passwordless\/[a-z]+\/prelogin$/, 'passwordless'],
  [/\/identity\/resources\/users\/v1\/signUp$/, 'signup'],
  [/\/identity\/resources\/users\/v1\/passwords\/reset$/, 'reset_password'],
];
/** How long a read of the policy is reused. */
const POLICY_TTL_MS = 60_000;

const policies = new WeakMap<Transport, { at: number; enabled: Promise<boolean> }>();

function policyEnabled(transport: Transport, url: string): Promise<boolean> {
  const known = policies.get(transport);
  if (known && Date.now() - known.at < POLICY_TTL_MS) return known.enabled;
  const address = new URL(url);
  const prefix = address.pathname.slice(0, address.pathname.indexOf('/identity/'));
  const enabled = transport(`${address.origin}${prefix}${POLICY}`, { method: 'GET' })
    .then(async (response) => response.ok && (await response.json())?.enabled === true)
    // The client SDK swallows this call's errors (spec 000 §7): no policy, no token.
    .catch(() => false);
  policies.set(transport, { at: Date.now(), enabled });
  return enabled;
}

/** `transport`, with the captcha token added to a guarded request while the policy is on. */
export async function captchaTransport(
  transport: Transport,
  provider: CaptchaProvider,
  url: string,
  init: RequestInit,
): Promise<Response> {
  const action =
    init.method === 'POST' ? GUARDED.find(([path]) => path.test(url.split('?')[0]!))?.[1] : undefined;
  if (!action || typeof init.body !== 'string' || !(await policyEnabled(transport, url)))
    return transport(url, init);
  const body = JSON.parse(init.body) as Record<string, unknown>;
  body.recaptchaToken = await provider.getToken(action);
  return transport(url, { ...init, body: JSON.stringify(body) });
}
