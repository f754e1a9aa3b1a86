// The login box's first frame, written at build time beside the bundle (cdn/<version>/login-box/
// frame-<theme>.html) for the reference server to put into its sign-in page as a declarative shadow
// root (server/prerender.ts, docs/architecture.md "Server-rendered first frame").
//
// The frame is what the built bundle itself draws first for a first-time visitor, captured in
// headless Chromium: a page with the element (English, one per theme) whose API never answers, so
// the capture is the state before any answer, the same the bundle draws when it takes over. The
// shadow root's markup is kept as it is; emotion's rules (inserted with insertRule, so their
// <style> tags look empty) are read from the style sheets into one <style> first. Forms get
// method="dialog": Enter or the button before the bundle has run submits nowhere; the field the kit
// focuses gets `autofocus`; the frame's top nodes `data-ae-frame`.
// Without a Chromium the build goes on without frames (a warning) and the server sends the page as before.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';

export const FRAME_THEMES = ['light', 'dark'];

const page = (origin, theme) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><script type="module" src="/cdn/loader.js"></script></head>
<body><auth-login-box base-url="${origin}"${theme === 'light' ? '' : ` theme="${theme}"`}></auth-login-box></body></html>`;

/**
 * Serializes the element's first frame (runs in the page). A rule's cssText spells `all: initial` out
 * as every property this Chromium knows; its declarations keep `all` itself, so those rules are
 * written from their declarations.
 */
function capture() {
  const root = document.querySelector('auth-login-box').shadowRoot;
  // `all` itself reads as '': its value is any property it sets that the rule does not (`quotes`).
  const declaration = (style, name) =>
    `${name}:${style.getPropertyValue(name) || (name === 'all' ? style.getPropertyValue('quotes') : '')}${style.getPropertyPriority(name) ? '!important' : ''}`;
  const text = (rule) => {
    if (rule instanceof CSSStyleRule && [...rule.style].includes('all'))
      return `${rule.selectorText}{${[...rule.style].map((name) => declaration(rule.style, name)).join(';')}}`;
    if (rule instanceof CSSMediaRule)
      return `@media ${rule.conditionText}{${[...rule.cssRules].map(text).join('')}}`;
    return rule.cssText;
  };
  const rules = [];
  const markup = [];
  for (const node of root.childNodes) {
    if (node.localName === 'style') {
      for (const rule of node.sheet?.cssRules ?? []) rules.push(text(rule));
      continue;
    }
    if (node.nodeType !== 1) continue;
    const copy = node.cloneNode(true);
    // What the server's guard holds clicks in (server/prerender.ts).
    copy.setAttribute('data-ae-frame', '');
    for (const form of copy.querySelectorAll('form')) form.setAttribute('method', 'dialog');
    // The kit focuses the field as it draws it (autoFocus): the frame's field says so.
    const focused = root.activeElement?.getAttribute('part');
    if (focused) copy.querySelector(`[part="${focused}"]`)?.setAttribute('autofocus', '');
    markup.push(copy.outerHTML);
  }
  return `<style>${rules.join('')}</style>${markup.join('')}`;
}

/** Writes cdn/<version>/login-box/frame-<theme>.html for each theme; returns the files written. */
export async function prerenderLoginFrames(root, version) {
  const cdn = join(root, 'cdn');
  if (!existsSync(join(cdn, 'loader.js'))) throw new Error('prerender: build cdn/ first');
  const { chromium } = await import('playwright');
  const { chromiumLaunchOptions } = await import('./chromium.mjs');
  const server = createServer((request, response) => {
    const path = new URL(request.url, 'http://x').pathname;
    const theme = /^\/frame-(\w+)\.html$/.exec(path)?.[1];
    if (theme) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(page(`http://${request.headers.host}`, theme));
    }
    const file = join(cdn, path.replace(/^\/cdn\//, ''));
    if (path.startsWith('/cdn/') && !path.includes('..') && existsSync(file)) {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      return response.end(readFileSync(file));
    }
    // The API never answers: the frame is the state before any answer.
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  let browser;
  try {
    browser = await chromium.launch({ ...chromiumLaunchOptions(), headless: true });
  } catch (error) {
    server.close();
    server.closeAllConnections();
    console.warn(`prerender: no Chromium (${error.message.split('\n')[0]}); no first frames written`);
    return [];
  }
  const written = [];
  try {
    for (const theme of FRAME_THEMES) {
      const context = await browser.newContext();
      const tab = await context.newPage();
      await tab.goto(`${origin}/frame-${theme}.html`, { waitUntil: 'domcontentloaded' });
      await tab.locator('auth-login-box [part~="email-input"]').waitFor();
      // Effects of the first commit (the loading marker's removal) have run.
      await tab.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
      const frame = await tab.evaluate(capture);
      const file = join(cdn, version, 'login-box', `frame-${theme}.html`);
      writeFileSync(file, `${frame}\n`);
      written.push(file);
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
    server.closeAllConnections();
  }
  return written;
}
