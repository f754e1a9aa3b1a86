import { useState, type FormEvent } from 'react';
import { portalSso as t } from '../../../i18n/portalSso.en';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { CopyField } from '../../../ui/CopyField';
import { FormField } from '../../../ui/FormField';
import { InlineStatus } from '../../../ui/InlineStatus';
import { Section } from '../../../ui/Page';
import { SelectField } from '../../../ui/SelectField';
import { Switch } from '../../../ui/Switch';
import { TextField } from '../../../ui/TextField';
import { formStyle, mutedStyle } from '../../../ui/styles';
import { useSubmit } from '../../../ui/useSubmit';
import { ProviderForm } from './ProviderForm';
import { type PartProps, rowStyle, textAreaStyle } from './ssoParts';
import { HTTP, useProviderForm } from './useProviderForm';

export function SamlProvider(props: PartProps) {
  const { api, connection, canWrite, onChanged } = props;
  const provider = useProviderForm(props);
  const { form, set } = provider;
  const [way, setWay] = useState<'file' | 'url' | 'manual'>(connection.metadataUrl ? 'url' : 'file');
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState(connection.metadataUrl);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const reading = useSubmit();
  const read = (event: FormEvent) => {
    event.preventDefault();
    provider.setStatus(null);
    if (way === 'file' && !file) return setFieldError(t.fileRequired);
    if (way === 'url' && !HTTP.test(url.trim())) return setFieldError(t.endpointInvalid);
    setFieldError(null);
    void reading.run(async () => {
      // The metadata file is read and sent as `metadata` (spec 001 §5).
      if (way === 'file') await api.fromMetadata(connection.id, await file!.text());
      else await api.fromMetadataUrl(connection.id, url.trim());
      provider.setStatus(t.saved);
      onChanged();
    });
  };
  return (
    <>
      <Section titleId="ae-sso-ours" title={t.ours} partName="sso-ours">
        <CopyField label={t.acsUrl} value={connection.acsUrl} partName="sso-acs-url" />
        <CopyField label={t.spEntityId} value={connection.spEntityId} partName="sso-sp-entity-id" />
      </Section>
      <Section titleId="ae-sso-how" title={t.how} partName="sso-how">
        <SelectField
          label={t.how}
          value={way}
          options={(['file', 'url', 'manual'] as const).map((value) => ({ value, label: t.ways[value] }))}
          partName="sso-way"
          disabled={!canWrite}
          onChange={(e) => setWay(e.target.value as typeof way)}
        />
        {way !== 'manual' ? (
          <form css={formStyle} noValidate onSubmit={read} part="sso-metadata-form">
            {reading.error && <Alert>{reading.error}</Alert>}
            {way === 'file' ? (
              <FormField label={t.metadataFile} error={fieldError}>
                {({ id, describedBy, invalid }) => (
                  <input
                    id={id}
                    type="file"
                    accept=".xml,application/xml,text/xml,application/samlmetadata+xml"
                    part="input sso-metadata-file"
                    aria-describedby={describedBy}
                    aria-invalid={invalid}
                    disabled={!canWrite}
                    onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                  />
                )}
              </FormField>
            ) : (
              <TextField
                label={t.metadataUrl}
                hint={t.metadataUrlHint}
                type="url"
                value={url}
                error={fieldError}
                partName="sso-metadata-url"
                disabled={!canWrite}
                onChange={(e) => setUrl(e.target.value)}
              />
            )}
            {canWrite && (
              <div css={rowStyle}>
                <Button
                  type="submit"
                  loading={reading.busy}
                  loadingLabel={t.loading}
                  partName="sso-read-metadata"
                >
                  {t.load}
                </Button>
                {provider.status && (
                  <InlineStatus partName="sso-saved" onDismiss={() => provider.setStatus(null)}>
                    {provider.status}
                  </InlineStatus>
                )}
              </div>
            )}
          </form>
        ) : (
          <ProviderForm provider={provider} part="sso-manual-form" canWrite={canWrite}>
            <TextField
              label={t.entityId}
              optional
              partName="sso-idp-entity-id"
              {...provider.text('idpEntityId')}
            />
            <TextField
              label={t.ssoUrl}
              type="url"
              error={provider.endpointError}
              partName="sso-endpoint"
              {...provider.text('ssoEndpoint')}
            />
            <FormField label={t.certificate}>
              {({ id, describedBy }) => (
                <textarea
                  id={id}
                  css={textAreaStyle}
                  part="input sso-certificate"
                  aria-describedby={describedBy}
                  value={form.publicCertificate}
                  spellCheck={false}
                  disabled={!canWrite}
                  onChange={(e) => set('publicCertificate', e.target.value)}
                />
              )}
            </FormField>
            <div>
              <Switch
                checked={form.signRequest}
                partName="sso-sign-request"
                disabled={!canWrite}
                onClick={() => set('signRequest', !form.signRequest)}
              >
                {t.signRequest}
              </Switch>
            </div>
          </ProviderForm>
        )}
        {way !== 'manual' && connection.ssoEndpoint && (
          <p css={mutedStyle}>{`${t.ssoUrl}: ${connection.ssoEndpoint}`}</p>
        )}
      </Section>
    </>
  );
}
