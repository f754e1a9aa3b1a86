import type { MutableRefObject } from 'react';
import type { BillingApi, SetupIntent } from '../../core/api/billing';
import { parseExpiry } from '../../core/billing/cardInput';
import { checkCard } from '../../core/billing/cards';
import type { CardErrors, CardInput } from './useCardInput';

/**
 * The development provider's payment: the card typed in the checkout is checked here first (the
 * same checks as the processor's; the server checks again), then confirmed on the setup intent
 * (`setup`, started once and kept across tries). A card that needs 3-D Secure goes to
 * `onAuthenticate`; a confirmed one to `finish`. A declined card ends its setup: the next try starts
 * another.
 */
export async function confirmTypedCard({
  api,
  cardInput,
  setup,
  onInvalid,
  onAuthenticate,
  finish,
}: {
  api: BillingApi;
  cardInput: CardInput;
  setup: MutableRefObject<SetupIntent | null>;
  onInvalid: () => void;
  onAuthenticate: () => void;
  finish: (paymentMethodId: string) => Promise<void>;
}) {
  const { card } = cardInput;
  const details = {
    number: card.number.replace(/\s/g, ''),
    ...parseExpiry(card.expiry),
    cvc: card.cvc.trim(),
  };
  const checked = checkCard(details);
  const fields: CardErrors = {};
  if (!checked.ok && checked.field !== 'card') fields[checked.field] = checked.message;
  cardInput.setFieldErrors(fields);
  if (Object.keys(fields).length) return onInvalid();
  setup.current ??= await api.setupIntent();
  const confirmed = await api
    .confirmCard(setup.current, { ...details, name: card.name.trim() })
    .catch((e) => {
      setup.current = null;
      throw e;
    });
  if (confirmed.status === 'requires_confirmation') return onAuthenticate();
  setup.current = null;
  await finish(confirmed.paymentMethodId);
}
