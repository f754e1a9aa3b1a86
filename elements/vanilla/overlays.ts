import type { AuthApp } from '../../core/app';
import { en } from '../i18n/en';

/** Marks the app's element as created by the vanilla API. */
const OWNED = 'data-auth-elements-owned';

function elementAttributes(element: HTMLElement, app: AuthApp) {
  element.setAttribute('app-name', app.name);
  if (app.options.demoMode) element.setAttribute('demo', '');
  else element.setAttribute('base-url', app.options.baseUrl);
  if (app.settings.nonce) element.setAttribute('nonce', app.settings.nonce);
}

/**
 * The admin portal as a modal overlay: a native `<dialog>` (focus kept inside, Escape closes, the
 * page behind is inert) holding a close button and `<auth-admin-portal>`. Styled through CSSOM
 * only, so a strict style-src CSP allows it. The element's bundle is imported on first show.
 */
export function createAdminPortalOverlay(app: AuthApp) {
  const doc = document;
  const dialog = doc.createElement('dialog');
  dialog.setAttribute(OWNED, 'admin-portal');
  dialog.setAttribute('aria-label', en.host.adminPortalTitle);
  const s = dialog.style;
  s.setProperty('width', 'min(960px, 96vw)');
  s.setProperty('max-height', '90vh');
  s.setProperty('padding', '16px');
  s.setProperty('border', '0');
  s.setProperty('border-radius', '12px');
  const close = doc.createElement('button');
  close.type = 'button';
  close.textContent = '×';
  close.setAttribute('aria-label', en.host.closeAdminPortal);
  close.style.setProperty('float', 'right');
  close.style.setProperty('font-size', '24px');
  close.addEventListener('click', () => dialog.close());
  const portal = doc.createElement('auth-admin-portal');
  elementAttributes(portal, app);
  dialog.append(close, portal);
  doc.body.append(dialog);
  let loaded: Promise<unknown> | null = null;
  return {
    element: dialog,
    show() {
      loaded ??= import('../admin-portal/admin-portal.define');
      if (!dialog.open) dialog.showModal();
    },
    hide() {
      if (dialog.open) dialog.close();
    },
  };
}

/** The app's `<auth-checkout-dialog>`: the page's own if it has one, else one added to the body. */
export function ensureCheckoutDialog(app: AuthApp): HTMLElement {
  const existing = [...document.querySelectorAll<HTMLElement>('auth-checkout-dialog')].find(
    (element) => (element.getAttribute('app-name') || 'default') === app.name,
  );
  if (existing) return existing;
  const dialog = document.createElement('auth-checkout-dialog');
  elementAttributes(dialog, app);
  dialog.setAttribute(OWNED, 'checkout');
  document.body.append(dialog);
  void import('../checkout/checkout-dialog.define');
  return dialog;
}
