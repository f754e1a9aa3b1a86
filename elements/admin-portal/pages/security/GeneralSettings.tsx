/** The general settings tab's policies: MFA, user lockout and password history, each saved alone. */
import { useState } from 'react';
import {
  type createSecurityPoliciesApi,
  ENFORCE_MFA_TYPES,
  type EnforceMfaType,
  type LockoutPolicy,
  type MfaPolicy,
  type PasswordHistoryPolicy,
} from '../../../../core/api/securityPolicies';
import type { FieldAppearance } from '../../../../core/portal/appearance';
import { enPortal } from '../../../i18n/en-portal';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { InlineStatus } from '../../../ui/InlineStatus';
import { SelectField } from '../../../ui/SelectField';
import { formStyle } from '../../../ui/styles';
import { useSubmit } from '../../../ui/useSubmit';
import { Section, ToggledField } from './policyFields';
import { toggledPolicyOf, type LimitName, type ToggledNumber } from './securityForm';

const t = enPortal.portal.security;

type SecurityApi = ReturnType<typeof createSecurityPoliciesApi>;

export function MfaSettings({
  saved: initial,
  look,
  api,
}: {
  saved: MfaPolicy;
  look: FieldAppearance;
  api: SecurityApi;
}) {
  const [saved, setSaved] = useState(initial);
  const [choice, setChoice] = useState<EnforceMfaType>(initial.enforceMFAType);
  const [done, setDone] = useState(false);
  const submit = useSubmit();
  return (
    <Section title={t.mfa.title} description={t.mfa.description}>
      <form
        css={formStyle}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit.run(async () => {
            setSaved(await api.saveMfa({ ...saved, enforceMFAType: choice }));
            setDone(true);
          });
        }}
      >
        <SelectField
          label={t.mfa.label}
          value={choice}
          disabled={look === 'viewOnly'}
          partName="mfa-policy"
          options={ENFORCE_MFA_TYPES.map((value) => ({ value, label: t.mfa.options[value] }))}
          onChange={(event) => {
            setChoice(event.target.value as EnforceMfaType);
            setDone(false);
          }}
        />
        {submit.error && <Alert>{submit.error}</Alert>}
        {done && <InlineStatus>{t.mfa.saved}</InlineStatus>}
        {look === 'edit' && (
          <div>
            <Button type="submit" disabled={submit.busy}>
              {t.mfa.save}
            </Button>
          </div>
        )}
      </form>
    </Section>
  );
}

/** Lockout or password history: a switch, its number, and its own save. */
export function ToggledPolicy<P extends LockoutPolicy | PasswordHistoryPolicy>({
  saved: initial,
  number,
  limit,
  texts,
  look,
  save,
  partName,
}: {
  saved: P;
  number: number;
  limit: Extract<LimitName, 'maxAttempts' | 'historySize'>;
  texts: { title: string; description: string; toggle: string; value: string; save: string; saved: string };
  look: FieldAppearance;
  save: (policy: P) => Promise<P>;
  partName: string;
}) {
  const [saved, setSaved] = useState(initial);
  const [field, setField] = useState<ToggledNumber>({ on: initial.enabled, value: String(number) });
  const [error, setError] = useState<string | undefined>();
  const [done, setDone] = useState(false);
  const submit = useSubmit();
  return (
    <Section title={texts.title} description={texts.description}>
      <form
        css={formStyle}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const result = toggledPolicyOf(saved, field, limit, t);
          if ('error' in result) {
            setError(result.error);
            return;
          }
          void submit.run(async () => {
            setSaved(await save(result.policy));
            setDone(true);
          });
        }}
      >
        <ToggledField
          label={texts.toggle}
          valueLabel={texts.value}
          field={field}
          error={error}
          look={look}
          onChange={(value) => {
            setField(value);
            setError(undefined);
            setDone(false);
          }}
          partName={partName}
        />
        {submit.error && <Alert>{submit.error}</Alert>}
        {done && <InlineStatus>{texts.saved}</InlineStatus>}
        {look === 'edit' && (
          <div>
            <Button type="submit" disabled={submit.busy}>
              {texts.save}
            </Button>
          </div>
        )}
      </form>
    </Section>
  );
}
