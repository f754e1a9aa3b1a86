import type { AuthApp } from '../../core/app';
import { en } from '../i18n/en';
import { themeVariablesFor } from '../theme/theme';

/** Marks the app's element as created by the vanilla API. */
const OWNED = 'data-auth-elements-owned';

function elementAttributes(element: HTMLElement, app: AuthApp) {
  element.setAttribute('app-name', app.name);
  if (app.options.demoMode) element.setAttribute('demo', '');
  else element.setAttribute('base-url', app.options.baseUrl);
  if (app.settings.nonce) element.setAttribute('nonce', app.settings.nonce);
}

/**
 * The admin portal as a full-screen modal (like the peers' portals): a native `<dialog>` (focus kept
 * inside, Escape closes, the page behind is inert) with a title bar and a labelled close button over
 * `<auth-admin-portal>`, which fills the rest and lays itself out from that width. Coloured from the
 * app's theme variables; styled through CSSOM only, so a strict style-src CSP allows it. The
 * element's bundle is imported on first show.
 */
export function createAdminPortalOverlay(app: AuthApp) {
  const doc = document;
  const dialog = doc.createElement('dialog');
  dialog.setAttribute(OWNED, 'admin-portal');
  dialog.setAttribute('aria-labelledby', 'ae-admin-portal-overlay-title');
  const theme = themeVariablesFor(app.store.getState().theme.options);
  const set = (element: HTMLElement, styles: Record<string, string>) => {
    for (const [name, value] of Object.entries(styles)) element.style.setProperty(name, value);
  };
  set(dialog, {
    width: '100vw',
    height: '100dvh',
    'max-width': '100vw',
    'max-height': '100dvh',
    margin: '0',
    padding: '0',
    border: '0',
    overflow: 'hidden',
    background: theme['--ae-color-canvas']!,
    color: theme['--ae-color-text']!,
    'font-family': theme['--ae-font-family']!,
    'font-size': theme['--ae-font-size']!,
  });
  const bar = doc.createElement('div');
  set(bar, {
    display: 'flex',
    'align-items': 'center',
    'justify-content': 'space-between',
    gap: '16px',
    padding: '10px 16px',
    'border-bottom': `1px solid ${theme['--ae-color-divider']}`,
    background: theme['--ae-color-surface']!,
    flex: 'none',
  });
  const title = doc.createElement('h2');
  title.id = 'ae-admin-portal-overlay-title';
  title.textContent = en.host.adminPortalTitle;
  set(title, { margin: '0', 'font-size': '1.1em', 'font-weight': '600' });
  const close = doc.createElement('button');
  close.type = 'button';
  close.textContent = en.host.close;
  close.setAttribute('aria-label', en.host.closeAdminPortal);
  set(close, {
    font: 'inherit',
    'font-weight': '600',
    padding: '6px 14px',
    cursor: 'pointer',
    color: theme['--ae-color-text']!,
    background: theme['--ae-color-surface']!,
    border: `1px solid ${theme['--ae-color-border']}`,
    'border-radius': theme['--ae-radius']!,
  });
  close.addEventListener('click', () => dialog.close());
  bar.append(title, close);
  const portal = doc.createElement('auth-admin-portal');
  elementAttributes(portal, app);
  set(portal, { flex: '1 1 auto', 'min-height': '0', overflow: 'auto' });
  // The dialog's own display is the UA's (none while closed): the column is an inner frame.
  const frame = doc.createElement('div');
  set(frame, { display: 'flex', 'flex-direction': 'column', height: '100%' });
  frame.append(bar, portal);
  dialog.append(frame);
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
