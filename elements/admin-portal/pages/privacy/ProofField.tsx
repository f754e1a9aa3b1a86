import { TextField } from '../../../ui/TextField';
import { type useCheckedSubmit } from '../../../ui/useCheckedSubmit';
import { t } from './mfaSectionParts';

/** The code that proves the second factor: one of the authenticator app or a recovery code. */
export function ProofField({
  form,
  value,
  onChange,
}: {
  form: ReturnType<typeof useCheckedSubmit>;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      ref={form.ref}
      label={t.proofLabel}
      autoComplete="one-time-code"
      autoFocus
      value={value}
      maxLength={64}
      error={form.fieldError}
      partName="proof-input"
      onChange={(e) => {
        onChange(e.target.value);
        form.edited();
      }}
    />
  );
}
