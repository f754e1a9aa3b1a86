import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactElement,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import type { BusEvents, BusEventName } from '../../core/bus';
import { AdminPortal as AdminPortalScreens } from '../admin-portal/admin-portal.component';
import { CheckoutDialog as CheckoutDialogScreens } from '../checkout/checkout-dialog.component';
import { LoginBox as LoginBoxScreens } from '../login-box/login-box.component';
import { useAuthElementsApp } from './hooks';

// useLayoutEffect warns when rendered on the server; the shadow root is made on the client only.
const useClientLayoutEffect = typeof document !== 'undefined' ? useLayoutEffect : useEffect;

interface HostProps {
  className?: string;
  style?: CSSProperties;
  /** The theme's primary colour for this element only (shades derived with the spec's ratios). */
  primaryColor?: string;
  /**
   * The page's language for the elements (`ja`, `pt-BR`…; elements/i18n/locale.ts): set as this
   * element's `locale` attribute. Default: the provider's `locale`, the page's `lang`, the browser's.
   */
  locale?: string;
}

/**
 * A `<div>` with an open shadow root, and `render(root)` portalled into it with the HOST's React:
 * no custom element, no second React, and the provider's app reaches the screens through context.
 * The same screens and styles as the CDN elements (emotion writes into this shadow root).
 */
function ShadowHost({
  kind,
  attributes,
  className,
  style,
  render,
}: {
  kind: string;
  attributes: Record<string, string | null>;
  className?: string;
  style?: CSSProperties;
  render: (root: ShadowRoot) => ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [root, setRoot] = useState<ShadowRoot | null>(null);
  const attributeKey = JSON.stringify(attributes);
  // Attributes before the screens read them (the checkout dialog watches `open` and `plan-id`).
  useClientLayoutEffect(() => {
    const host = ref.current;
    if (!host) return;
    for (const [name, value] of Object.entries(JSON.parse(attributeKey) as Record<string, string | null>)) {
      if (value === null) host.removeAttribute(name);
      else host.setAttribute(name, value);
    }
    setRoot(host.shadowRoot ?? host.attachShadow({ mode: 'open' }));
  }, [attributeKey]);
  return (
    <div ref={ref} className={className} style={style} data-auth-element={kind}>
      {root && createPortal(render(root), root)}
    </div>
  );
}

/** Calls `handler` for each bus event of the provider's app while mounted. */
function useBusEvent<K extends BusEventName>(
  type: K,
  handler: ((payload: BusEvents[K]) => void) | undefined,
) {
  const app = useAuthElementsApp();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!app) return undefined;
    const subscription = app.bus.on(type).subscribe((payload) => latest.current?.(payload));
    return () => subscription.unsubscribe();
  }, [app, type]);
}

export interface LoginBoxProps extends HostProps {
  /** `login` (default) or `sign-up`. */
  screen?: 'login' | 'sign-up';
  onReady?: (payload: BusEvents['auth:ready']) => void;
  onLogin?: (payload: BusEvents['auth:login']) => void;
  onLogout?: () => void;
  onSignUpComplete?: (payload: BusEvents['auth:signUpComplete']) => void;
  onError?: (payload: BusEvents['auth:error']) => void;
}

/** The login box: sign-in, sign-up and the signed-in state. Needs an AuthElementsProvider above it. */
export function LoginBox({
  screen,
  onReady,
  onLogin,
  onLogout,
  onSignUpComplete,
  onError,
  primaryColor,
  locale,
  ...host
}: LoginBoxProps): ReactElement {
  const app = useAuthElementsApp();
  useBusEvent('auth:ready', onReady);
  useBusEvent('auth:login', onLogin);
  useBusEvent('auth:logout', onLogout && (() => onLogout()));
  useBusEvent('auth:signUpComplete', onSignUpComplete);
  useBusEvent('auth:error', onError);
  if (!app) return <div className={host.className} style={host.style} data-auth-element="login-box" />;
  return (
    <ShadowHost
      kind="login-box"
      attributes={{ 'primary-color': primaryColor ?? null, locale: locale ?? null }}
      {...host}
      render={(root) => <LoginBoxScreens container={root} screen={screen} />}
    />
  );
}

export type AdminPortalProps = HostProps;

/** The admin portal (account settings). */
export function AdminPortal({ primaryColor, locale, ...host }: AdminPortalProps): ReactElement {
  const app = useAuthElementsApp();
  if (!app) return <div className={host.className} style={host.style} data-auth-element="admin-portal" />;
  return (
    <ShadowHost
      kind="admin-portal"
      attributes={{ 'primary-color': primaryColor ?? null, locale: locale ?? null }}
      {...host}
      render={(root) => <AdminPortalScreens container={root} />}
    />
  );
}

export interface CheckoutDialogProps extends HostProps {
  /** Controlled: the dialog shows while true. */
  open: boolean;
  planId?: string;
  onOpen?: (payload: BusEvents['checkout:open']) => void;
  /** The dialog closed itself (close button, Escape) or finished: set `open` to false here. */
  onClose?: (payload: BusEvents['checkout:close']) => void;
}

/** The checkout dialog, controlled by `open`. */
export function CheckoutDialog({
  open,
  planId,
  onOpen,
  onClose,
  primaryColor,
  locale,
  ...host
}: CheckoutDialogProps): ReactElement {
  const app = useAuthElementsApp();
  useBusEvent('checkout:open', onOpen);
  useBusEvent('checkout:close', onClose);
  if (!app) return <div className={host.className} style={host.style} data-auth-element="checkout" />;
  return (
    <ShadowHost
      kind="checkout"
      attributes={{
        open: open ? '' : null,
        'plan-id': planId ?? null,
        'primary-color': primaryColor ?? null,
        locale: locale ?? null,
      }}
      {...host}
      render={(root) => <CheckoutDialogScreens container={root} />}
    />
  );
}
