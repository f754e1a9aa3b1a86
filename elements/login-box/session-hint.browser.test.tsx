/// <reference types="mocha" />
import { expect } from 'chai';
import '../login-box/login-box.define';
import { mount, part, unmountAll, waitFor } from '../test-support/fixtures';

const BASE = 'https://hint.example.test';
const HINT = `auth-elements.session@${BASE}`;

/** A server behind fetch whose session check answers only when told (no session: 204). */
function serverWithHeldSessionCheck() {
  const realFetch = window.fetch;
  let answer!: () => void;
  const held = new Promise<void>((resolve) => {
    answer = resolve;
  });
  const asked: string[] = [];
  window.fetch = (async (input: RequestInfo | URL) => {
    const url = String(input);
    asked.push(new URL(url).pathname);
    if (url.endsWith('/token/refresh')) {
      await held;
      return new Response(null, { status: 204 });
    }
    const body = url.endsWith('/configurations/v1/public') ? { authStrategy: 'EmailAndPassword' } : [];
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { asked, answer, restore: () => (window.fetch = realFetch) };
}

describe('<auth-login-box> and the session hint', () => {
  let server: ReturnType<typeof serverWithHeldSessionCheck>;
  beforeEach(() => {
    server = serverWithHeldSessionCheck();
  });
  afterEach(() => {
    server.answer();
    server.restore();
    unmountAll();
  });

  it('no session seen in this browser: the form is usable while the session check has not answered', async () => {
    const box = await mount('auth-login-box', { 'base-url': BASE });
    const email = await waitFor(() => part<HTMLInputElement>(box, 'email-input'));
    expect(email.disabled).to.equal(false);
    await waitFor(() => server.asked.some((p) => p.endsWith('/token/refresh')));
    server.answer();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(part(box, 'email-input')).to.not.equal(null);
  });

  it('a session seen here: the box waits for the session check, then shows the form when there is none', async () => {
    localStorage.setItem(HINT, '1');
    const box = await mount('auth-login-box', { 'base-url': BASE });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(part(box, 'email-input'), 'no form before the answer').to.equal(null);
    server.answer();
    await waitFor(() => part(box, 'email-input'));
    expect(localStorage.getItem(HINT), 'the stale hint is cleared').to.equal(null);
  });
});
