/**
 * Security (spec 001 §2 "Security page tabs: sessionManagement, generalSettings, ipRestrictions,
 * domainRestrictions"; "Session tab fields: idleSessionTimeout, forceReLogin,
 * maximumConcurrentSessions"; "General settings tab fields: mfa, userLockout, passwordHistory").
 * Each policy is saved as the client SDK saves it (PATCH with an id, else POST) and enforced by the
 * server (server/domain/security-policies.ts); IP restrictions in their own tab (IpRestrictionsTab.tsx).
 * Email-domain restrictions in theirs (DomainRestrictionsTab.tsx), sign-in methods in theirs
 * (SignInMethodsTab.tsx; a tab of ours, not in spec 001 §2).
 */
import { css } from '@emotion/react';
import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import {
  createSecurityPoliciesApi,
  ENFORCE_MFA_TYPES,
  type EnforceMfaType,
  type LockoutPolicy,
  type MfaPolicy,
  type PasswordHistoryPolicy,
  type SessionPolicy,
} from '../../../../core/api/securityPolicies';
import { PREVIEW_DEFAULT_FLAGS } from '../../../../core/featureFlags/previewFlags';
import { fieldAppearance, tabAppearance, type FieldAppearance } from '../../../../core/portal/appearance';
import { en } from '../../../i18n/en';
import { enPortal } from '../../../i18n/en-portal';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { InlineStatus } from '../../../ui/InlineStatus';
import { LoadFailed, Page, readableWidthStyle, sectionStyle, sectionTitleStyle } from '../../../ui/Page';
import { SelectField } from '../../../ui/SelectField';
import { Skeleton } from '../../../ui/Skeleton';
import { Switch } from '../../../ui/Switch';
import { Tabs } from '../../../ui/Tabs';
import { TextField } from '../../../ui/TextField';
import { formStyle, mutedStyle } from '../../../ui/styles';
import { useSubmit } from '../../../ui/useSubmit';
import type { PortalPageProps } from '../../shell/PortalShell';
import { useLoad } from '../../../ui/useListPage';
import { NoPermission, usePageApi, usePermissions } from '../common/adminParts';
import { usePreviewFlags } from '../common/usePreviewFlags';
import {
  sessionFormOf,
  sessionPolicyOf,
  toggledPolicyOf,
  type LimitName,
  type SessionForm,
  type ToggledNumber,
} from './securityForm';

const t = enPortal.portal.security;
const TITLE_ID = 'ae-portal-security-title';
const TABS = [
  'sessionManagement',
  'generalSettings',
  'ipRestrictions',
  'domainRestrictions',
  'signInMethods',
] as const;
/** The IP restrictions tab: its own chunk, loaded when opened. */
const IpRestrictionsTab = lazy(() => import('./IpRestrictionsTab'));
const DomainRestrictionsTab = lazy(() => import('./DomainRestrictionsTab'));
const SignInMethodsTab = lazy(() => import('./SignInMethodsTab'));
/** The tabs that load their own data. */
const OWN_DATA: readonly Tab[] = ['ipRestrictions', 'domainRestrictions', 'signInMethods'];
type Tab = (typeof TABS)[number];
/** The tabs of a preview-default flag: shown until the vendor turns it off (core/featureFlags/previewFlags.ts). */
const TAB_PREVIEW_FLAGS: Partial<Record<Tab, string>> = {
  ipRestrictions: PREVIEW_DEFAULT_FLAGS.ipRestrictions,
  domainRestrictions: PREVIEW_DEFAULT_FLAGS.domainRestrictions,
};
const PREVIEW_KEYS = Object.values(TAB_PREVIEW_FLAGS);

const toggledStyle = css({ display: 'flex', flexDirection: 'column', gap: '10px' });
const numberStyle = css({ maxWidth: '16em' });
/** A tab's sections, one under the other with room between them. */
const panelStyle = css({ display: 'flex', flexDirection: 'column', gap: '16px', minWidth: 0 });

export default function SecurityPage({ metadata }: PortalPageProps) {
  const { canRead, can } = usePermissions();
  const api = usePageApi(createSecurityPoliciesApi);
  const allowed = canRead('security');
  const writable = can('fe.secure.write.securityPolicy');
  const [tab, setTab] = useState<Tab>('sessionManagement');
  const preview = usePreviewFlags(PREVIEW_KEYS);
  const tabs = TABS.filter((name) => {
    const flag = TAB_PREVIEW_FLAGS[name];
    return tabAppearance(metadata, 'security', name) !== 'hidden' && (!flag || preview[flag]);
  });
  const shown = tabs.includes(tab) ? tab : tabs[0];
  const look = (field: string): FieldAppearance =>
    writable ? fieldAppearance(metadata, 'security', field) : 'viewOnly';
  const { load, reload } = useLoad(
    () => Promise.all([api.sessions(), api.mfa(), api.lockout(), api.passwordHistory()]),
    [api],
    allowed,
  );

  if (!allowed) return <NoPermission title={enPortal.portal.pageTitles.security} titleId={TITLE_ID} />;
  return (
    <Page title={enPortal.portal.pageTitles.security} titleId={TITLE_ID} description={t.description}>
      {!writable && (
        <p css={mutedStyle} role="note">
          {t.readOnly}
        </p>
      )}
      {tabs.length > 1 && shown && (
        <Tabs
          label={t.tabsLabel}
          idPrefix="ae-security-tab"
          tabs={tabs.map((value) => ({ value, label: t.tabs[value] }))}
          selected={shown}
          onSelect={setTab}
        />
      )}
      <div
        css={panelStyle}
        role={tabs.length > 1 ? 'tabpanel' : undefined}
        id={shown ? `ae-security-tab-${shown}-panel` : undefined}
        aria-labelledby={tabs.length > 1 && shown ? `ae-security-tab-${shown}` : undefined}
      >
        {load.status === 'error' && <LoadFailed text={`${t.loadFailed} ${load.message}`} onRetry={reload} />}
        {shown && OWN_DATA.includes(shown) && (
          <Suspense fallback={<Skeleton label={en.common.loading} lines={6} />}>
            {shown === 'ipRestrictions' ? (
              <IpRestrictionsTab writable={writable} />
            ) : shown === 'signInMethods' ? (
              <SignInMethodsTab writable={writable} />
            ) : (
              <DomainRestrictionsTab writable={writable} />
            )}
          </Suspense>
        )}
        {shown && !OWN_DATA.includes(shown) && load.status === 'loading' && (
          <Skeleton label={en.common.loading} lines={6} />
        )}
        {load.status === 'ready' && shown === 'sessionManagement' && (
          <SessionSettings saved={load.data[0]} look={look} save={api.saveSessions} />
        )}
        {load.status === 'ready' && shown === 'generalSettings' && (
          <>
            {look('mfa') !== 'hidden' && <MfaSettings saved={load.data[1]} look={look('mfa')} api={api} />}
            {look('userLockout') !== 'hidden' && (
              <ToggledPolicy
                saved={load.data[2]}
                number={load.data[2].maxAttempts}
                limit="maxAttempts"
                texts={t.lockout}
                look={look('userLockout')}
                save={(policy) => api.saveLockout(policy)}
                partName="lockout"
              />
            )}
            {look('passwordHistory') !== 'hidden' && (
              <ToggledPolicy
                saved={load.data[3]}
                number={load.data[3].historySize}
                limit="historySize"
                texts={t.history}
                look={look('passwordHistory')}
                save={(policy) => api.savePasswordHistory(policy)}
                partName="password-history"
              />
            )}
          </>
        )}
      </div>
    </Page>
  );
}

/** A section of the page: its heading, description and form. */
function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section css={[sectionStyle, readableWidthStyle]} aria-label={title}>
      <h3 css={sectionTitleStyle}>{title}</h3>
      <p css={mutedStyle}>{description}</p>
      {children}
    </section>
  );
}

/** A switch and the number it governs; the number is shown while the switch is on. */
function ToggledField({
  label,
  valueLabel,
  field,
  error,
  look,
  onChange,
  partName,
}: {
  label: string;
  valueLabel: string;
  field: ToggledNumber;
  error: string | undefined;
  look: FieldAppearance;
  onChange: (field: ToggledNumber) => void;
  partName: string;
}) {
  const readOnly = look === 'viewOnly';
  return (
    <div css={toggledStyle}>
      <Switch
        checked={field.on}
        disabled={readOnly}
        partName={partName}
        onClick={() => onChange({ ...field, on: !field.on })}
      >
        {label}
      </Switch>
      {field.on && (
        <div css={numberStyle}>
          <TextField
            label={valueLabel}
            inputMode="numeric"
            value={field.value}
            readOnly={readOnly}
            aria-readonly={readOnly || undefined}
            error={error}
            partName={`${partName}-value`}
            onChange={(event) => onChange({ ...field, value: event.target.value })}
          />
        </div>
      )}
    </div>
  );
}

/** The session management tab: idle timeout, forced re-login and concurrent sessions, saved together. */
function SessionSettings({
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

type SecurityApi = ReturnType<typeof createSecurityPoliciesApi>;

function MfaSettings({
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
function ToggledPolicy<P extends LockoutPolicy | PasswordHistoryPolicy>({
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
