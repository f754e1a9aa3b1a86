/**
 * Password managers and passkey autofill despite the shadow root.
 *
 * Browsers' save-password heuristics do not scan shadow trees, and extensions mostly do not either.
 * So the login box keeps a mirror of its username and password fields in the LIGHT DOM: a real
 * `<form>` child of the element with `autocomplete="username webauthn"` and `current-password` /
 * `new-password` inputs, slotted into the shadow root (`<slot name="ae-autofill">`) and visually
 * hidden, out of the tab order and of the accessibility tree. Values flow both ways:
 * - what the user types in the visible fields is copied into the mirror (the browser sees a form
 *   with a username and a password);
 * - what a password manager fills into the mirror is typed into the visible fields (as input events,
 *   so React sees it), also into a password field that appears only later (the password step);
 * - after a successful sign-in the mirror form is removed from the page, which browsers read as
 *   "the login form was submitted" and offer to save; it comes back, empty, after sign-out.
 */

export const AUTOFILL_SLOT = 'ae-autofill';
export const AUTOFILL_ATTRIBUTE = 'data-auth-elements-autofill';

type FieldKind = 'username' | 'password';

function kindOf(input: HTMLInputElement): FieldKind | null {
  const tokens = input.autocomplete.split(/\s+/);
  if (tokens.includes('username') || tokens.includes('email')) return 'username';
  if (input.type === 'password' || tokens.includes('current-password') || tokens.includes('new-password'))
    return 'password';
  return null;
}

/** Sets a React-controlled input's value the way typing does: the native setter, then an input event. */
function typeInto(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  if (setter) setter.call(input, value);
  else input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

function visuallyHidden(element: HTMLElement) {
  // CSSOM, not a style attribute: allowed under a strict style-src CSP.
  const s = element.style;
  s.setProperty('position', 'absolute');
  s.setProperty('width', '1px');
  s.setProperty('height', '1px');
  s.setProperty('overflow', 'hidden');
  s.setProperty('clip-path', 'inset(50%)');
  s.setProperty('white-space', 'nowrap');
  s.setProperty('margin', '-1px');
  s.setProperty('padding', '0');
  s.setProperty('border', '0');
}

function createMirror(doc: Document): {
  form: HTMLFormElement;
  username: HTMLInputElement;
  password: HTMLInputElement;
} {
  const form = doc.createElement('form');
  form.setAttribute(AUTOFILL_ATTRIBUTE, '');
  form.slot = AUTOFILL_SLOT;
  form.method = 'post';
  form.setAttribute('aria-hidden', 'true');
  visuallyHidden(form);
  const field = (name: string, type: string, autocomplete: string) => {
    const input = doc.createElement('input');
    input.name = name;
    input.type = type;
    input.autocomplete = autocomplete as AutoFill;
    input.tabIndex = -1;
    // A title, not a label: tools and tests looking for the visible "Password" field by its label
    // must not find this one too (and the form is aria-hidden anyway).
    input.title = `${name} (for password managers)`;
    form.append(input);
    return input;
  };
  const username = field('username', 'email', 'username webauthn');
  const password = field('password', 'password', 'current-password');
  // Nothing is ever sent by this form: signing in is the login box's job.
  form.addEventListener('submit', (event) => event.preventDefault());
  return { form, username, password };
}

interface AutofillEvents {
  isSignedIn(): boolean;
  onLogin(listener: () => void): () => void;
  onLogout(listener: () => void): () => void;
}

/** Starts the mirror for a login box whose visible fields live in `root`. Returns a stop function. */
export function startAutofillMirror(host: HTMLElement, root: ShadowRoot, events: AutofillEvents): () => void {
  const mirror = createMirror(host.ownerDocument);
  // Signed in already (a restored session): no login form to mirror until sign-out.
  if (!events.isSignedIn()) host.append(mirror.form);
  const pending: Partial<Record<FieldKind, string>> = {};

  const visibleField = (kind: FieldKind) =>
    [...root.querySelectorAll('input')].find(
      (input) => !input.closest(`[${AUTOFILL_ATTRIBUTE}]`) && kindOf(input) === kind,
    ) ?? null;

  // Visible field -> mirror.
  const onVisibleInput = (event: Event) => {
    const target = event.composedPath()[0];
    if (!(target instanceof HTMLInputElement) || target.closest(`[${AUTOFILL_ATTRIBUTE}]`)) return;
    const kind = kindOf(target);
    if (!kind) return;
    mirror[kind].value = target.value;
    if (kind === 'password')
      mirror.password.autocomplete = (
        target.autocomplete.includes('new-password') ? 'new-password' : 'current-password'
      ) as AutoFill;
  };
  root.addEventListener('input', onVisibleInput);

  // Mirror (filled by a password manager) -> visible field, now or when it appears.
  const apply = (kind: FieldKind) => {
    const value = pending[kind];
    const target = visibleField(kind);
    if (value === undefined || !target) return;
    delete pending[kind];
    if (target.value !== value && !target.readOnly) typeInto(target, value);
  };
  const onMirrorInput = (event: Event) => {
    const kind: FieldKind = event.target === mirror.password ? 'password' : 'username';
    pending[kind] = mirror[kind].value;
    apply(kind);
  };
  mirror.form.addEventListener('input', onMirrorInput);
  mirror.form.addEventListener('change', onMirrorInput);
  const observer = new MutationObserver(() => {
    apply('username');
    apply('password');
  });
  observer.observe(root, { childList: true, subtree: true });

  // Sign-in done: the form leaves (the browser's cue to offer saving), then forgets the password.
  const stopLogin = events.onLogin(() => {
    mirror.form.remove();
    mirror.password.value = '';
  });
  const stopLogout = events.onLogout(() => {
    mirror.username.value = '';
    mirror.password.value = '';
    if (!mirror.form.isConnected) host.append(mirror.form);
  });

  return () => {
    root.removeEventListener('input', onVisibleInput);
    observer.disconnect();
    stopLogin();
    stopLogout();
    mirror.form.remove();
  };
}
