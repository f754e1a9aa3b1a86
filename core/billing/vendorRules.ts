/**
 * What the vendor's billing switches allow (spec 001 §3 "Billing", §9 vendor config), one
 * implementation for the reference server (server/domain/billing.ts), the demo backend
 * (core/demo/billing.ts) and the subscriptions page, which offers only what these allow:
 * - `allowPlanDowngrade: false`: no move to a cheaper plan, except from a plan not paid for yet
 *   (a trial, or a kept trial that ended);
 * - `allowPlanCancellation: false`: no cancellation;
 * - `trialEndAction` (the client SDK's TrialEndAction): when a trial ends and nothing is charged,
 *   `change_to_default` moves the account to the default plan, `retain_trial` keeps the trial's plan
 *   with the status `trialEnded` (its features lapse) until the account chooses a plan.
 * Each rule answers the catalogue's code of its refusal (core/contract/errors-integrations.ts) or null.
 */

export type TrialEndAction = 'change_to_default' | 'retain_trial';

export interface VendorBillingSwitches {
  allowPlanDowngrade: boolean;
  allowPlanCancellation: boolean;
  trialEndAction: TrialEndAction;
}

/** Spec 001 §9: both switches on; a trial ends on the default plan. */
export const DEFAULT_BILLING_SWITCHES: VendorBillingSwitches = {
  allowPlanDowngrade: true,
  allowPlanCancellation: true,
  trialEndAction: 'change_to_default',
};

/** A plan the account has not paid for yet: leaving it is not a downgrade. */
const unpaid = (status: string) => status === 'trialing' || status === 'trialEnded';

/** Changing from a plan of `currentAmount` to one of `nextAmount` (cents). */
export function planChangeRefusal(
  switches: Pick<VendorBillingSwitches, 'allowPlanDowngrade'>,
  status: string,
  currentAmount: number,
  nextAmount: number,
): 'PLAN_DOWNGRADE_NOT_ALLOWED' | null {
  return !switches.allowPlanDowngrade && nextAmount < currentAmount && !unpaid(status)
    ? 'PLAN_DOWNGRADE_NOT_ALLOWED'
    : null;
}

/** Cancelling: the vendor's switch first, then spec 001 §4 (an active subscription not cancelled yet). */
export function cancellationRefusal(
  switches: Pick<VendorBillingSwitches, 'allowPlanCancellation'>,
  subscription: { status: string; cancelled: boolean },
): 'PLAN_CANCELLATION_NOT_ALLOWED' | 'SUBSCRIPTION_NOT_CANCELLABLE' | null {
  if (!switches.allowPlanCancellation) return 'PLAN_CANCELLATION_NOT_ALLOWED';
  return subscription.status !== 'active' || subscription.cancelled ? 'SUBSCRIPTION_NOT_CANCELLABLE' : null;
}

/** The plans the checkout offers: every plan, less the cheaper ones when the vendor forbids downgrades. */
export function offeredPlans<P extends { id: string; price: { amount: number } }>(
  plans: P[],
  currentPlanId: string | undefined,
  status: string,
  switches: Pick<VendorBillingSwitches, 'allowPlanDowngrade'>,
): P[] {
  const current = plans.find((p) => p.id === currentPlanId);
  if (!current) return plans;
  return plans.filter((p) => !planChangeRefusal(switches, status, current.price.amount, p.price.amount));
}

/**
 * What happens when a trial ends: `charge` the plan when there is a payment method and a price;
 * otherwise (or when the charge is declined, `declined`) what the vendor's trial end action says.
 */
export function trialEndStep(
  action: TrialEndAction,
  trial: { amount: number; hasPaymentMethod: boolean; declined?: boolean },
): 'charge' | 'retain' | 'default' {
  if (trial.hasPaymentMethod && trial.amount > 0 && !trial.declined) return 'charge';
  return action === 'retain_trial' ? 'retain' : 'default';
}
