/**
 * Stripe's card element for the checkout when the server's provider is Stripe (docs/billing.md):
 * Stripe.js v3 from Stripe's own address (Stripe requires it to be loaded from there; the host's
 * CSP must allow https://js.stripe.com for scripts and frames), its card element mounted in the
 * dialog, and the setup intent confirmed in the browser, so card data goes to Stripe only. Loaded
 * on first use, never on pages without a Stripe checkout. A page that already has `window.Stripe`
 * (loaded by the host) uses that one.
 */
interface StripeCardElement {
  mount(element: HTMLElement): void;
  destroy(): void;
  on(event: 'change', handler: (event: { error?: { message: string } }) => void): void;
}
interface StripeJs {
  elements(): { create(type: 'card', options?: Record<string, unknown>): StripeCardElement };
  confirmCardSetup(
    clientSecret: string,
    data: { payment_method: { card: StripeCardElement; billing_details: { name?: string } } },
  ): Promise<{ error?: { message?: string }; setupIntent?: { status: string } }>;
}
type StripeFactory = (publishableKey: string) => StripeJs;

const STRIPE_JS = 'https://js.stripe.com/v3/';
let loading: Promise<StripeFactory> | null = null;

function loadStripeJs(nonce?: string): Promise<StripeFactory> {
  const existing = (globalThis as { Stripe?: StripeFactory }).Stripe;
  if (existing) return Promise.resolve(existing);
  loading ??= new Promise<StripeFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_JS;
    if (nonce) script.nonce = nonce;
    script.onload = () => {
      const loaded = (globalThis as { Stripe?: StripeFactory }).Stripe;
      if (loaded) resolve(loaded);
      else reject(new Error('Stripe.js could not be loaded'));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error('Stripe.js could not be loaded'));
    };
    document.head.append(script);
  });
  return loading;
}

/** Mounts Stripe's card element in `host`; `onError` gets Stripe's own field messages. */
export async function mountStripeCard(
  host: HTMLElement,
  publishableKey: string,
  onError: (message: string | null) => void,
  nonce?: string,
): Promise<{ stripe: StripeJs; card: StripeCardElement }> {
  const stripe = (await loadStripeJs(nonce))(publishableKey);
  const card = stripe.elements().create('card', { hidePostalCode: true });
  card.on('change', (event) => onError(event.error?.message ?? null));
  card.mount(host);
  return { stripe, card };
}
