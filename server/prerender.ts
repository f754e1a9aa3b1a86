/**
 * The login box's first frame in a page the server sends (docs/architecture.md "Server-rendered first
 * frame"): the build writes what the bundle draws first for a first-time visitor beside the bundle
 * (cdn/<version>/login-box/frame-<theme>.html, scripts/prerender-login.mjs); this puts it into the
 * element as a declarative shadow root, so the email field is drawn and takes input when the HTML is
 * parsed, before any script. Nothing is rendered per request: the frame is spliced in as it is.
 *
 * Only where the frame is certain to be the one the kit draws: an English page (`<html lang="en">`)
 * with `<auth-login-box base-url="…">` and at most `theme="light|dark"` (any other attribute, a
 * language, a screen, demo mode, a colour, leaves the page as it is).
 *
 * A small inline script right after the element (with the request's nonce, when there is one); the
 * frame stays hidden, its place kept, until it has run:
 * - a browser that has seen a session (the kit's hint, core/session/hint.ts) or has no storage gets
 *   the element's loading state as before (the frame is replaced by a slot for the loader's marker),
 *   so a returning signed-in visitor never sees the form flash; any other browser is shown the frame,
 *   its email field focused (hidden, it could not take the autofocus);
 * - a submit or a click on one of the frame's other buttons (the sign-up link) before the bundle has
 *   run is held (no navigation) and marked for the kit, which does it again once it has taken over
 *   (elements/login-box/prerendered.ts).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ASSETS_VERSION } from '../core/version';

type FrameTheme = 'light' | 'dark';
type Frames = Partial<Record<FrameTheme, string>>;

const ENGLISH_PAGE = /^<!doctype html>\s*<html lang="en">/i;
const ELEMENT = /<auth-login-box base-url="([^"<>]+)"(?: theme="(light|dark)")?><\/auth-login-box>/;

/** The frames the build wrote for this version (none when it could not: the page stays as it is). */
export async function readFrames(cdnRoot: string): Promise<Frames> {
  const read = (theme: FrameTheme) =>
    readFile(join(cdnRoot, ASSETS_VERSION, 'login-box', `frame-${theme}.html`), 'utf8').then(
      (text) => text.trim(),
      () => undefined,
    );
  const [light, dark] = await Promise.all([read('light'), read('dark')]);
  return { light, dark };
}

/** The inline guard after the element (see above); `base` is the element's base-url. */
function guard(base: string): string {
  const key = JSON.stringify(`auth-elements.session@${base.replace(/\/+$/, '')}`).replace(/</g, '\\u003c');
  return (
    '(function(s){var r=s.previousElementSibling.shadowRoot,k;if(!r)return;' +
    `try{k=localStorage.getItem(${key})!=="1"}catch(e){}` +
    'if(!k){r.innerHTML="<slot></slot>";return}' +
    'r.querySelectorAll("[data-ae-frame=wait]").forEach(function(n){n.setAttribute("data-ae-frame","")});' +
    // The field was hidden when the parser met its autofocus: it takes the focus now, unless the
    // visitor has put it somewhere already.
    'var a=r.querySelector("[autofocus]"),d=document.activeElement;if(a&&(!d||d===document.body))a.focus();' +
    'r.addEventListener("submit",function(e){var f=e.target;if(f.getAttribute("method")!=="dialog")return;' +
    'e.preventDefault();f.setAttribute("data-ae-submitted","")});' +
    'r.addEventListener("click",function(e){var b=e.target.closest&&e.target.closest("[data-ae-frame] button[type=button]");' +
    'if(b)b.setAttribute("data-ae-clicked","")})' +
    '})(document.currentScript)'
  );
}

/** `html` with the login box's first frame in its element, or unchanged where the frame does not fit. */
export function withFirstFrame(html: string, frames: Frames, nonce?: string): string {
  if (!ENGLISH_PAGE.test(html)) return html;
  const match = ELEMENT.exec(html);
  const frame = match && frames[(match[2] as FrameTheme | undefined) ?? 'light'];
  if (!match?.[1] || !frame) return html;
  const base = match[1];
  const withNonce = nonce ? ` nonce="${nonce.replace(/[^\w+/=-]/g, '')}"` : '';
  // Hidden (its place kept) until the guard has run: were the parser to pause between the element
  // and the guard (the page's own stylesheet still loading holds every inline script), a browser
  // with a session would otherwise draw the form for a frame. Important: the frame's root class
  // resets every property (`all: initial`) later in the same sheet.
  const styled = frame
    .replace(/^<style>/, `<style${withNonce}>[data-ae-frame=wait]{visibility:hidden!important}`)
    .replaceAll(' data-ae-frame=""', ' data-ae-frame="wait"');
  const open = match[0].slice(0, -'</auth-login-box>'.length);
  return html.replace(
    match[0],
    () =>
      `${open}<template shadowrootmode="open">${styled}</template></auth-login-box>` +
      `<script${withNonce}>${guard(base)}</script>`,
  );
}
