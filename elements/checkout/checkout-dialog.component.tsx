import { useEffect, useRef, useState } from 'react';
import { en } from '../i18n/en';
import { useAuthApp } from '../shared/AppContext';
import { ElementRoot } from '../shared/ElementRoot';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { mutedStyle } from '../ui/styles';

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

  if (!open) return null;
  const close = () => {
    host.removeAttribute('open');
    app.bus.emit('checkout:close', { status: 'cancel' });
  };
  return (
    <Dialog title={en.checkout.title} titleId="ae-checkout-title" closeButton={false} onClose={close}>
      <p>{planId ? en.checkout.plan(planId) : en.checkout.noPlan}</p>
      <p css={mutedStyle}>{en.checkout.pending}</p>
      <Button variant="secondary" partName="close-button" onClick={close}>
        {en.checkout.close}
      </Button>
    </Dialog>
  );
}

interface CheckoutDialogProps {
  container: ShadowRoot;
}

/** `<auth-checkout-dialog>`: for now the dialog itself, open and close. Billing comes with its own issue. */
export function CheckoutDialog({ container }: CheckoutDialogProps) {
  return (
    <ElementRoot container={container} requestSource="admin-portal">
      <CheckoutDialogBody host={container.host as HTMLElement} />
    </ElementRoot>
  );
}
