import { useLayoutEffect, useRef, useState } from 'react';
import {
  caretAfterDigits,
  digitsBeforeCaret,
  formatCardNumber,
  formatExpiry,
} from '../../core/billing/cardInput';

type CardField = 'name' | 'number' | 'expiry' | 'cvc';
export type CardErrors = Partial<Record<'number' | 'expiry' | 'cvc', string>>;

/**
 * The card form typed here (the development provider): its values and field errors. The number and
 * the expiry are formatted as typed or pasted; the caret stays after the digit it followed (set
 * once React has written the formatted value).
 */
export function useCardInput() {
  const [card, setCard] = useState({ name: '', number: '', expiry: '', cvc: '' });
  const [fieldErrors, setFieldErrors] = useState<CardErrors>({});
  const caret = useRef<{ input: HTMLInputElement; at: number } | null>(null);
  useLayoutEffect(() => {
    const pending = caret.current;
    caret.current = null;
    // Only in the field being typed in (inside a shadow root, its root knows the focused element).
    if (pending && (pending.input.getRootNode() as Document | ShadowRoot).activeElement === pending.input)
      pending.input.setSelectionRange(pending.at, pending.at);
  });
  /** A field's value and change handler, spread on its TextField. */
  const cardField = (key: CardField) => ({
    value: card[key],
    onChange: (event: { target: HTMLInputElement }) => {
      const input = event.target;
      const format = key === 'number' ? formatCardNumber : key === 'expiry' ? formatExpiry : null;
      const value = format ? format(input.value) : input.value;
      if (format && input.selectionStart !== null)
        caret.current = {
          input,
          at: caretAfterDigits(value, digitsBeforeCaret(input.value, input.selectionStart)),
        };
      setCard({ ...card, [key]: value });
      if (key !== 'name') setFieldErrors({ ...fieldErrors, [key]: undefined });
    },
  });
  return { card, fieldErrors, setFieldErrors, cardField };
}

export type CardInput = ReturnType<typeof useCardInput>;
