import { useState, type FormEvent } from 'react';
import type { SessionPolicy } from '../../../../core/api/securityPolicies';
import type { FieldAppearance } from '../../../../core/portal/appearance';
import { enPortal } from '../../../i18n/en-portal';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { InlineStatus } from '../../../ui/InlineStatus';
import { formStyle } from '../../../ui/styles';
import { useSubmit } from '../../../ui/useSubmit';
import { Section, ToggledField } from './policyFields';
import { sessionFormOf, sessionPolicyOf, type SessionForm, type ToggledNumber } from './securityForm';

const t = enPortal.portal.security;

/** The session management tab: idle timeout, forced re-login and concurrent sessions, saved together. */
export function SessionSettings({
  saved: initial,
  look,
  save,
}: {
  saved: SessionPolicy;
  look: (field: string) => FieldAppearance;
  save: (policy: SessionPolicy) => Promise<unknown>;
}) {
  const [saved, setSaved] = useState(initial);
  const [form, setForm] = useState<SessionForm>(() => sessionFormOf(initial));
  const [errors, setErrors] = useState<Partial<Record<keyof SessionForm, string>>>({});
  const [done, setDone] = useState(false);
  const submit = useSubmit();
  const fields = [
    ['idle', 'idleSessionTimeout', t.idle],
    ['relogin', 'forceReLogin', t.relogin],
    ['concurrent', 'maximumConcurrentSessions', t.concurrent],
  ] as const;
  const editable = fields.some(([, field]) => look(field) === 'edit');

  function change(name: keyof SessionForm, field: ToggledNumber) {
    setForm((f) => ({ ...f, [name]: field }));
    setErrors((e) => ({ ...e, [name]: undefined }));
    setDone(false);
  }
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = sessionPolicyOf(form, saved, t);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    await submit.run(async () => {
      await save(result.policy);
      setSaved(result.policy);
      setDone(true);
    });
  }
  return (
    <form css={formStyle} noValidate onSubmit={(event) => void onSubmit(event)}>
      {fields.map(([name, field, texts]) =>
        look(field) === 'hidden' ? null : (
          <Section key={name} title={texts.title} description={texts.description}>
            <ToggledField
              label={texts.toggle}
              valueLabel={texts.value}
              field={form[name]}
              error={errors[name]}
              look={look(field)}
              onChange={(value) => change(name, value)}
              partName={`session-${name}`}
            />
          </Section>
        ),
      )}
      {submit.error && <Alert>{submit.error}</Alert>}
      {done && <InlineStatus>{t.sessionsSaved}</InlineStatus>}
      {editable && (
        <div>
          <Button type="submit" disabled={submit.busy}>
            {t.saveSessions}
          </Button>
        </div>
      )}
    </form>
  );
}
