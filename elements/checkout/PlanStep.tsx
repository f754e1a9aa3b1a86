import type { FormEvent } from 'react';
import { type Plan } from '../../core/api/billing';
import { formatMoney } from '../i18n/formatMoney';
import { Button } from '../ui/Button';
import { DialogFooter } from '../ui/Dialog';
import { formStyle, mutedStyle } from '../ui/styles';
import { planListStyle, planStyle, t } from './checkoutParts';

/** The checkout's first step: the plans as radio buttons, the current one marked. */
export function PlanStep({
  plans,
  planId,
  currentSlug,
  onChoose,
  onSubmit,
  onCancel,
}: {
  plans: Plan[];
  planId: string;
  currentSlug: string;
  onChoose: (planId: string) => void;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
}) {
  return (
    <form css={formStyle} onSubmit={onSubmit} noValidate>
      <fieldset css={planListStyle}>
        <legend>{t.choosePlan}</legend>
        {plans.map((p) => (
          <label key={p.id} css={planStyle} part="plan">
            <input
              type="radio"
              name="plan"
              value={p.id}
              checked={p.id === planId}
              onChange={() => onChoose(p.id)}
            />
            <span>
              <strong>{p.name}</strong> · {t.perMonth(formatMoney(p.price.amount, p.price.currency))}
              {p.slug === currentSlug && ` · ${t.current}`}
              <br />
              <span css={mutedStyle}>{p.description}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <DialogFooter>
        <Button variant="secondary" partName="close-button" onClick={onCancel}>
          {t.cancel}
        </Button>
        <Button type="submit" partName="continue-button">
          {t.continue}
        </Button>
      </DialogFooter>
    </form>
  );
}
