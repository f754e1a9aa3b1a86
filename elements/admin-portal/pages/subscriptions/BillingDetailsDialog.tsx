import { useState } from 'react';
import { type BillingAddress, type PaymentMethod } from '../../../../core/api/billing';
import { enBilling } from '../../../i18n/en-billing';
import { FormDialog } from '../../../ui/ConfirmDialog';
import { TextField } from '../../../ui/TextField';
import { useSubmit } from '../../../ui/useSubmit';
import { ADDRESS_FIELDS, t } from './subscriptionParts';

export function BillingDetailsDialog({
  method,
  onClose,
  onSave,
}: {
  method: PaymentMethod;
  onClose: () => void;
  onSave: (details: { email?: string; address: BillingAddress }) => Promise<void>;
}) {
  const [email, setEmail] = useState(method.billingDetails?.email ?? '');
  const [address, setAddress] = useState<BillingAddress>(method.billingDetails?.address ?? {});
  const submit = useSubmit();
  return (
    <FormDialog
      title={t.billingDetails}
      titleId="ae-billing-details-title"
      busy={submit.busy}
      error={submit.error}
      onClose={onClose}
      submitLabel={t.save}
      busyLabel={enBilling.checkout.paying}
      partName="billing-details-dialog"
      onSubmit={() =>
        void submit.run(() =>
          onSave({
            ...(email.trim() ? { email: email.trim() } : {}),
            address: Object.fromEntries(
              Object.entries(address).filter(([, value]) => typeof value === 'string' && value.trim()),
            ),
          }),
        )
      }
    >
      <TextField
        label={t.email}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      {ADDRESS_FIELDS.map(([key, label, autoComplete]) => (
        <TextField
          key={key}
          label={label}
          optional
          autoComplete={autoComplete}
          maxLength={key === 'country' ? 2 : 200}
          value={address[key] ?? ''}
          onChange={(event) => setAddress({ ...address, [key]: event.target.value })}
        />
      ))}
    </FormDialog>
  );
}
