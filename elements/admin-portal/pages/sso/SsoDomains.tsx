import { css } from '@emotion/react';
import { portalSso as t } from '../../../i18n/portalSso.en';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { CopyField } from '../../../ui/CopyField';
import { Section } from '../../../ui/Page';
import { TextField } from '../../../ui/TextField';
import { useFormFields } from '../../../ui/useFormFields';
import { useActions } from '../../../ui/useSubmit';
import { EntryList } from './EntryList';
import { type PartProps, rowStyle } from './ssoParts';

export function SsoDomains({ api, connection, canWrite, onChanged }: PartProps) {
  const form = useFormFields({ domain: '' });
  const { busy, error, run } = useActions();
  const act = (key: string, action: () => Promise<unknown>) =>
    run(key, async () => {
      await action();
      onChanged();
    });
  return (
    <Section titleId="ae-sso-domains" title={t.tabs.domains} intro={t.domainsIntro} partName="sso-domains">
      <CopyField label={t.txtRecord} value={connection.generatedVerification} partName="sso-txt-record" />
      <EntryList
        items={connection.domains}
        error={error}
        empty={t.noDomains}
        label={t.domainsCaption}
        part="sso-domain"
        entry={(d) => (
          <>
            {d.domain}{' '}
            <Badge tone={d.validated ? 'success' : 'warning'} partName="sso-domain-status">
              {d.validated ? t.validated : t.notValidated}
            </Badge>
          </>
        )}
        actions={
          canWrite &&
          ((d) => (
            <span css={rowStyle}>
              {!d.validated && (
                <Button
                  variant="secondary"
                  partName="sso-validate-domain"
                  aria-label={t.validateOf(d.domain)}
                  loading={busy === `v${d.id}`}
                  loadingLabel={t.validating}
                  disabled={busy !== null}
                  onClick={() => void act(`v${d.id}`, () => api.validateDomain(connection.id, d.id))}
                >
                  {t.validate}
                </Button>
              )}
              <Button
                variant="link"
                partName="sso-remove-domain"
                aria-label={t.removeDomainOf(d.domain)}
                disabled={busy !== null}
                onClick={() => void act(`r${d.id}`, () => api.removeDomain(connection.id, d.id))}
              >
                {t.remove}
              </Button>
            </span>
          ))
        }
      />
      {canWrite && (
        <form
          css={css(rowStyle, { alignItems: 'flex-end' })}
          noValidate
          part="sso-add-domain-form"
          onSubmit={(e) => {
            e.preventDefault();
            const value = form.values.domain.trim();
            if (!form.check({ domain: value ? null : t.domainRequired })) return;
            void act('add', async () => {
              await api.addDomain(connection.id, value);
              form.reset();
            });
          }}
        >
          <div css={{ flex: '1 1 220px', minWidth: 0 }}>
            <TextField
              label={t.domainLabel}
              autoComplete="off"
              partName="sso-domain-input"
              {...form.field('domain')}
            />
          </div>
          <Button type="submit" loading={busy === 'add'} loadingLabel={t.adding} partName="sso-add-domain">
            {t.addDomain}
          </Button>
        </form>
      )}
    </Section>
  );
}
