import { useEffect, useRef, useState } from 'react';
import { type Loaded, messageOf } from './checkoutParts';
import { mountStripeCard } from './stripeCard';

type MountedStripeCard = Awaited<ReturnType<typeof mountStripeCard>>;

/**
 * With the Stripe provider a new card is typed into Stripe's own card element (docs/billing.md):
 * mounted into `stripeHost` while `collects` holds, destroyed when it stops. A failure to load
 * Stripe.js goes to `onError` (a state setter: a new function would mount the card again); the element's own messages are `stripeError`.
 */
export function useStripeCard(
  collects: boolean,
  loaded: Loaded | null,
  nonce: string | undefined,
  onError: (message: string) => void,
) {
  const stripeHost = useRef<HTMLDivElement>(null);
  const stripeCard = useRef<MountedStripeCard | null>(null);
  const [stripeError, setStripeError] = useState<string | null>(null);
  useEffect(() => {
    if (!collects || !stripeHost.current) return undefined;
    let mounted: MountedStripeCard | null = null;
    let live = true;
    mountStripeCard(stripeHost.current, loaded!.publishableKey, setStripeError, nonce).then(
      (card) => {
        mounted = card;
        if (live) stripeCard.current = card;
        else card.card.destroy();
      },
      (e: unknown) => live && onError(messageOf(e)),
    );
    return () => {
      live = false;
      mounted?.card.destroy();
      stripeCard.current = null;
    };
  }, [collects, loaded, nonce, onError]);
  return { stripeHost, stripeCard, stripeError };
}
