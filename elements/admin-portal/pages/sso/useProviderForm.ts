import { useState } from 'react';
import { ssoChanges, type SsoConnection, type SsoForm } from '../../../../core/api/ssoConfig';
import { portalSso as t } from '../../../i18n/portalSso.en';
import { useSubmit } from '../../../ui/useSubmit';
import { type PartProps } from './ssoParts';

export const HTTP = /^https?:\/\/\S+$/;

const formOf = (c: SsoConnection): SsoForm => ({
  ssoEndpoint: c.ssoEndpoint,
  publicCertificate: c.publicCertificate,
  signRequest: c.signRequest,
  idpEntityId: c.idpEntityId,
  oidcClientId: c.oidcClientId,
  oidcSecret: '',
});

/**
 * The identity-provider form's save: what changed is saved at once, domain or not (`ssoChanges`);
 * without a validated domain the status says the connection routes no sign-in yet.
 */
export function useProviderForm({ api, connection, canWrite, onChanged }: PartProps) {
  const [form, setForm] = useState<SsoForm>(() => formOf(connection));
  const [status, setStatus] = useState<string | null>(null);
  const [endpointError, setEndpointError] = useState<string | null>(null);
  const submit = useSubmit();
  const save = () => {
    setStatus(null);
    const endpoint = form.ssoEndpoint.trim();
    const problem = !endpoint ? t.endpointRequired : HTTP.test(endpoint) ? null : t.endpointInvalid;
    setEndpointError(problem);
    if (problem) return;
    void submit.run(async () => {
      await api.update(connection.id, ssoChanges(connection, form));
      setForm((f) => ({ ...f, oidcSecret: '' }));
      setStatus(connection.domains.some((d) => d.validated) ? t.saved : t.savedNotRouting);
      onChanged();
    });
  };
  const set = <K extends keyof SsoForm>(key: K, value: SsoForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  /** A text field's value, change and read-only state, spread on its TextField. */
  const text = (key: 'ssoEndpoint' | 'idpEntityId' | 'oidcClientId' | 'oidcSecret') => ({
    value: form[key],
    disabled: !canWrite,
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
  });
  return { form, set, text, save, submit, status, setStatus, endpointError };
}
