import { useEffect, useMemo, useRef, useState } from 'react';
import { createBillingApi } from '../../core/api/billing';
import { hasPermission } from '../../core/portal/pages';
import { selectAuth } from '../../core/store/auth/authSlice';
import { enBilling } from '../i18n/en-billing';
import { useAppSelector, useAuthApp } from '../shared/AppContext';
import { ElementRoot } from '../shared/ElementRoot';
import { CheckoutFlow } from './CheckoutFlow';
import type { CheckoutStatus } from './checkoutParts';

/** Checking out changes the subscription: the server asks for this permission (spec 001 §6 fe.subscriptions.*). */
const CHECKOUT_PERMISSION = 'fe.subscriptions.write';

/**
 * Open while the host element has the `open` attribute (or after a `checkout:open` bus event).
 * Closing removes the attribute and emits `checkout:close`.
 */
function CheckoutDialogBody({ host }: { host: HTMLElement }) {
  const app = useAuthApp();
  const [open, setOpen] = useState(() => host.hasAttribute('open'));
  const [planId, setPlanId] = useState(() => host.getAttribute('plan-id'));

  useEffect(() => {
    const sync = () => {
      setOpen(host.hasAttribute('open'));
      setPlanId(host.getAttribute('plan-id'));
    };
    const observer = new MutationObserver(sync);
    observer.observe(host, { attributes: true, attributeFilter: ['open', 'plan-id'] });
    sync(); // the attribute may have changed between the first render and this effect
    const subscription = app.bus.on('checkout:open').subscribe((payload) => {
      if (payload.planId) host.setAttribute('plan-id', payload.planId);
      host.setAttribute('open', '');
    });
    return () => {
      observer.disconnect();
      subscription.unsubscribe();
    };
  }, [app, host]);

  const wasOpen = useRef(false);
  useEffect(() => {
    if (open && !wasOpen.current) app.bus.emit('checkout:open', planId ? { planId } : {});
    wasOpen.current = open;
  }, [open, planId, app]);

  const auth = useAppSelector(selectAuth);
  const api = useMemo(() => createBillingApi(app.services.api.portalHttp), [app]);
  const permitted =
    auth.isAuthenticated &&
    hasPermission(auth.user?.permissions.map((p) => p.key) ?? [], CHECKOUT_PERMISSION);
  const close = (status: CheckoutStatus) => {
    host.removeAttribute('open');
    app.bus.emit('checkout:close', { status });
  };
  // Only a signed-in user allowed to change subscriptions checks out: anyone else is refused at
  // once (checkout:close with status error), once the session check has answered.
  useEffect(() => {
    if (open && !auth.isLoading && !permitted) {
      app.services.logger.warn(enBilling.checkout.signInNeeded);
      close('error');
    }
  });

  if (!open || auth.isLoading || !permitted) return null;
  return (
    <CheckoutFlow
      api={api}
      initialPlan={planId}
      onClose={close}
      nonce={host.getAttribute('nonce') || app.settings.nonce}
    />
  );
}

interface CheckoutDialogProps {
  container: ShadowRoot;
}

/** `<auth-checkout-dialog>`: the checkout (spec 001 §4), for a signed-in user who may change subscriptions. */
export function CheckoutDialog({ container }: CheckoutDialogProps) {
  return (
    <ElementRoot container={container} requestSource="admin-portal">
      <CheckoutDialogBody host={container.host as HTMLElement} />
    </ElementRoot>
  );
}
