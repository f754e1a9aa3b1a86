import { portalSso as t } from '../../../i18n/portalSso.en';
import { CopyField } from '../../../ui/CopyField';
import { Section } from '../../../ui/Page';
import { TextField } from '../../../ui/TextField';
import { ProviderForm } from './ProviderForm';
import { type PartProps } from './ssoParts';
import { useProviderForm } from './useProviderForm';

export function OidcProvider(props: PartProps) {
  const { connection, canWrite } = props;
  const provider = useProviderForm(props);
  return (
    <>
      <Section titleId="ae-sso-ours" title={t.ours} partName="sso-ours">
        <CopyField label={t.redirectUri} value={connection.acsUrl} partName="sso-redirect-uri" />
      </Section>
      <ProviderForm provider={provider} part="sso-oidc-form" canWrite={canWrite}>
        <TextField
          label={t.issuer}
          hint={t.issuerHint}
          type="url"
          error={provider.endpointError}
          partName="sso-issuer"
          {...provider.text('ssoEndpoint')}
        />
        <TextField
          label={t.clientId}
          autoComplete="off"
          partName="sso-client-id"
          {...provider.text('oidcClientId')}
        />
        <TextField
          label={t.clientSecret}
          type="password"
          autoComplete="new-password"
          hint={connection.hasOidcSecret ? t.secretStored : undefined}
          optional={connection.hasOidcSecret}
          partName="sso-client-secret"
          {...provider.text('oidcSecret')}
        />
      </ProviderForm>
    </>
  );
}
