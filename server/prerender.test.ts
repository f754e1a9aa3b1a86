import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ASSETS_VERSION } from '../core/version';
import { readFrames, withFirstFrame } from './prerender';

const FRAMES = {
  light: '<style>.a{}</style><div data-ae-frame="">light</div>',
  dark: '<style>.b{}</style><div data-ae-frame="">dark</div>',
};
const page = (element: string, lang = 'en') =>
  `<!doctype html>\n<html lang="${lang}">\n<body><main>${element}</main></body></html>`;
const BOX = '<auth-login-box base-url="http://127.0.0.1:1"></auth-login-box>';

/**
 * The guard script of a page, run against a fake element and storage (`focusedBefore`: what has
 * the page's focus when it runs, the body when absent); returns what it did.
 */
function runGuard(html: string, storage: { getItem(key: string): string | null }, focusedBefore?: object) {
  const script = /<script[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  const listeners: Record<string, (event: unknown) => void> = {};
  const shown: string[] = [];
  const focused: string[] = [];
  const root = {
    innerHTML: '(frame)',
    shown,
    querySelectorAll: (selector: string) => [
      { setAttribute: (name: string, value: string) => shown.push(`${selector} ${name}="${value}"`) },
    ],
    querySelector: (selector: string) => ({ focus: () => focused.push(selector) }),
    addEventListener: (type: string, listener: (event: unknown) => void) => (listeners[type] = listener),
  };
  const body = {};
  const document = {
    currentScript: { previousElementSibling: { shadowRoot: root } },
    body,
    activeElement: focusedBefore ?? body,
  };
  new Function('document', 'localStorage', script)(document, storage);
  return { root, listeners, focused };
}

describe('the login box first frame in a served page', () => {
  it('goes into an English page’s login box as a declarative shadow root, per theme', () => {
    const light = withFirstFrame(page(BOX), FRAMES);
    assert.match(
      light,
      /<auth-login-box base-url="http:\/\/127\.0\.0\.1:1"><template shadowrootmode="open"><style>\[data-ae-frame=wait\]\{visibility:hidden!important\}\.a\{\}<\/style><div data-ae-frame="wait">light<\/div><\/template><\/auth-login-box><script>/,
    );
    const dark = withFirstFrame(page(BOX.replace('">', '" theme="dark">')), FRAMES);
    assert.match(
      dark,
      /theme="dark"><template shadowrootmode="open"><style>\[data[^}]*\}\.b\{\}<\/style><div data-ae-frame="wait">dark</,
    );
  });

  it('leaves the page as it is where the frame is not certain', () => {
    for (const html of [
      page(BOX, 'de'),
      page(BOX.replace('">', '" locale="ja">')),
      page(BOX.replace('">', '" screen="sign-up">')),
      page(BOX.replace('">', '" theme="custom">')),
      page('<auth-login-box demo></auth-login-box>'),
    ])
      assert.equal(withFirstFrame(html, FRAMES), html);
    assert.equal(withFirstFrame(page(BOX), {}), page(BOX));
  });

  it('gives the style and the script the request’s nonce', () => {
    const html = withFirstFrame(page(BOX), FRAMES, 'n0nce"x');
    assert.match(html, /<style nonce="n0ncex">\[data-ae-frame=wait\]/);
    assert.match(html, /<script nonce="n0ncex">/);
  });

  it('drops the frame for a browser that has seen a session or has no storage', () => {
    const html = withFirstFrame(page(BOX), FRAMES);
    const keys: string[] = [];
    const seen = runGuard(html, { getItem: (key) => (keys.push(key), '1') });
    assert.deepEqual(keys, ['auth-elements.session@http://127.0.0.1:1']);
    assert.equal(seen.root.innerHTML, '<slot></slot>');
    assert.deepEqual(seen.root.shown, []);
    const blocked = runGuard(html, {
      getItem: () => {
        throw new Error('denied');
      },
    });
    assert.equal(blocked.root.innerHTML, '<slot></slot>');
  });

  it('keeps the frame for a first-time visitor and holds a submit or a button’s click for the kit', () => {
    const { root, listeners, focused } = runGuard(withFirstFrame(page(BOX), FRAMES), { getItem: () => null });
    assert.equal(root.innerHTML, '(frame)');
    // Shown once the guard has run, its autofocus field focused (hidden, it could not take it).
    assert.deepEqual(root.shown, ['[data-ae-frame=wait] data-ae-frame=""']);
    assert.deepEqual(focused, ['[autofocus]']);
    // Unless the visitor has put the focus somewhere already.
    const elsewhere = runGuard(withFirstFrame(page(BOX), FRAMES), { getItem: () => null }, { id: 'search' });
    assert.deepEqual(elsewhere.focused, []);
    const form = (method: string | null) => {
      const attributes: Record<string, string> = {};
      let prevented = false;
      const event = {
        target: { getAttribute: () => method, setAttribute: (n: string, v: string) => (attributes[n] = v) },
        preventDefault: () => (prevented = true),
      };
      listeners.submit?.(event);
      return { attributes, prevented };
    };
    assert.deepEqual(form('dialog'), { attributes: { 'data-ae-submitted': '' }, prevented: true });
    // The live form (once the kit has taken over) is left alone.
    assert.deepEqual(form(null), { attributes: {}, prevented: false });
    // A click on one of the frame's other buttons is marked; one elsewhere is not.
    const click = (inFrame: boolean) => {
      const attributes: Record<string, string> = {};
      const button = { setAttribute: (n: string, v: string) => (attributes[n] = v) };
      const selectors: string[] = [];
      listeners.click?.({
        target: { closest: (selector: string) => (selectors.push(selector), inFrame ? button : null) },
      });
      return { attributes, selectors };
    };
    assert.deepEqual(click(true), {
      attributes: { 'data-ae-clicked': '' },
      selectors: ['[data-ae-frame] button[type=button]'],
    });
    assert.deepEqual(click(false).attributes, {});
  });

  it('reads the frames the build wrote for this version, and none when there are none', async () => {
    const root = mkdtempSync(join(tmpdir(), 'ae-frames-'));
    try {
      assert.deepEqual(await readFrames(root), { light: undefined, dark: undefined });
      mkdirSync(join(root, ASSETS_VERSION, 'login-box'), { recursive: true });
      writeFileSync(join(root, ASSETS_VERSION, 'login-box', 'frame-light.html'), '<div>x</div>\n');
      assert.deepEqual(await readFrames(root), { light: '<div>x</div>', dark: undefined });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
