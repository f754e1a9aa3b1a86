/**
 * The security page's sign-in methods tab (issue 15; the tab `signInMethods` is ours, spec 001 §2
 * lists the others): which of the application's sign-in methods this account's members may use
 * (EmailAndPassword, MagicLink, Code, SmsCode, the Passkeys secondary strategy, or
 * NoLocalAuthentication: single sign-on only), and which one the login box starts with. Saved with
 * our PUT beside the client SDK's read (core/api/signInMethods.ts) and enforced by the server at
 * each sign-in route (core/domain/sign-in-methods.ts). A method the application has off shows
 * as off and cannot be turned on here. A vendor administrator (`superUser`) also sees the
 * application's methods, which the login box follows. Its own chunk, loaded with the tab.
 */
import { css } from '@emotion/react';
import { useState, type FormEvent } from 'react';
import {
  createSignInMethodsApi,
  MAIN_METHODS,
  passkeysOn,
  strategiesBody,
  type MainMethod,
  type StrategiesConfig,
} from '../../../../core/api/signInMethods';
import { enPortal } from '../../../i18n/en-portal';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { SaveButton } from '../../../ui/InlineStatus';
import { LoadFailed, readableWidthStyle, sectionStyle, sectionTitleStyle } from '../../../ui/Page';
import { SelectField } from '../../../ui/SelectField';
import { Switch } from '../../../ui/Switch';
import { formStyle, mutedStyle } from '../../../ui/styles';
import { useLoad } from '../../../ui/useListPage';
import { useSubmit } from '../../../ui/useSubmit';
import { selectUser } from '../../../../core/store/auth/authSlice';
import { useAppSelector } from '../../../shared/AppContext';
import { usePageApi } from '../common/adminParts';

const t = enPortal.portal.security.signInMethods;
const NO_LOCAL = 'NoLocalAuthentication';
const LOCAL: MainMethod[] = MAIN_METHODS.filter((m) => m !== NO_LOCAL);
const groupStyle = css({ border: 'none', margin: 0, padding: 0, display: 'grid', gap: '6px', minWidth: 0 });
const legendStyle = css({ padding: 0, marginBottom: '4px', fontWeight: 600 });
const actionsStyle = css({ display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center' });

interface Draft {
  on: MainMethod[];
  first: MainMethod;
  passkeys: boolean;
}

const draftOf = (config: StrategiesConfig): Draft => {
  const on = config.mainAuthStrategies.map((s) => s.strategy);
  return { on, first: on[0] ?? 'EmailAndPassword', passkeys: passkeysOn(config) };
};

export default function SignInMethodsTab({ writable }: { writable: boolean }) {
  const api = usePageApi(createSignInMethodsApi);
  const superUser = useAppSelector(selectUser)?.superUser === true;
  const { load, reload } = useLoad(() => Promise.all([api.application(), api.account()]), [api]);

  if (load.status === 'loading') return null;
  if (load.status === 'error')
    return <LoadFailed text={`${t.loadFailed} ${load.message}`} onRetry={reload} />;
  const [application, account] = load.data;
  return (
    <>
      <MethodsForm
        // A new answer (the application's save) starts the form again from what is saved.
        key={`account-${JSON.stringify(load.data)}`}
        scope="account"
        application={application}
        saved={account}
        writable={writable}
        save={api.save}
        reset={api.reset}
      />
      {superUser && (
        <MethodsForm
          scope="application"
          application={null}
          saved={application}
          writable
          save={api.saveApplication}
          onSaved={reload}
        />
      )}
    </>
  );
}

/**
 * One set of methods: the account's (within the application's `application`), or, for a vendor
 * administrator, the application's own (`application` null: nothing above it).
 */
function MethodsForm({
  scope,
  application,
  saved,
  writable,
  save: saveMethods,
  reset: resetMethods,
  onSaved,
}: {
  scope: 'account' | 'application';
  application: StrategiesConfig | null;
  saved: StrategiesConfig;
  writable: boolean;
  save: (config: StrategiesConfig) => Promise<StrategiesConfig>;
  reset?: () => Promise<StrategiesConfig>;
  onSaved?: () => void;
}) {
  const [draft, setDraft] = useState<Draft | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = useSubmit();
  const texts = scope === 'account' ? t : { ...t, ...t.application };
  const titleId = `ae-sign-in-methods-${scope}-title`;
  const allowed = application ? application.mainAuthStrategies.map((s) => s.strategy) : [...LOCAL];
  const applicationPasskeys = application ? passkeysOn(application) : true;
  const shown = draft ?? draftOf(saved);
  const noLocal = shown.on.includes(NO_LOCAL);
  const localOn = LOCAL.filter((m) => shown.on.includes(m));
  const change = (next: Draft) => {
    setDraft(next);
    setStatus(null);
    setProblem(null);
  };
  const toggle = (method: MainMethod) => {
    const on = shown.on.includes(method) ? shown.on.filter((m) => m !== method) : [...shown.on, method];
    change({ ...shown, on, first: on.includes(shown.first) ? shown.first : (on[0] ?? shown.first) });
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    if (shown.on.length === 0) {
      setProblem(t.keepOne);
      return;
    }
    await submit.run(async () => {
      const answer = await saveMethods(strategiesBody(shown.on, shown.first, !noLocal && shown.passkeys));
      setDraft(draftOf(answer));
      setStatus(texts.saved);
      onSaved?.();
    });
  }

  async function reset() {
    if (!resetMethods) return;
    await submit.run(async () => {
      setDraft(draftOf(await resetMethods()));
      setStatus(t.resetDone);
    });
  }

  return (
    <section css={[sectionStyle, readableWidthStyle]} aria-labelledby={titleId}>
      <h3 css={sectionTitleStyle} id={titleId}>
        {texts.title}
      </h3>
      <p css={mutedStyle}>{texts.description}</p>
      <form css={formStyle} noValidate onSubmit={(event) => void save(event)} aria-labelledby={titleId}>
        <fieldset css={groupStyle}>
          <legend css={legendStyle}>{t.methodsLegend}</legend>
          {LOCAL.map((method) => {
            const offForAll = !allowed.includes(method);
            return (
              <Switch
                key={method}
                checked={!noLocal && shown.on.includes(method)}
                disabled={!writable || offForAll || noLocal}
                partName={`sign-in-method-${method}`}
                stateText={offForAll ? t.offForApplication : undefined}
                onClick={() => toggle(method)}
              >
                {t.methods[method] ?? method}
              </Switch>
            );
          })}
          <Switch
            checked={!noLocal && applicationPasskeys && shown.passkeys}
            disabled={!writable || !applicationPasskeys || noLocal}
            partName="sign-in-method-Passkeys"
            stateText={applicationPasskeys ? undefined : t.offForApplication}
            onClick={() => change({ ...shown, passkeys: !shown.passkeys })}
          >
            {t.passkeys}
          </Switch>
          <Switch
            checked={noLocal}
            disabled={!writable}
            partName="sign-in-method-NoLocalAuthentication"
            onClick={() =>
              change(
                noLocal
                  ? {
                      ...shown,
                      on: allowed.filter((m) => m !== NO_LOCAL),
                      first: allowed.find((m) => m !== NO_LOCAL) ?? 'EmailAndPassword',
                    }
                  : { ...shown, on: [NO_LOCAL], first: NO_LOCAL },
              )
            }
          >
            {t.noLocal}
          </Switch>
        </fieldset>
        {!noLocal && localOn.length > 1 && (
          <SelectField
            label={t.first}
            hint={t.firstHint}
            value={localOn.includes(shown.first) ? shown.first : localOn[0]}
            disabled={!writable}
            partName="sign-in-method-first"
            options={localOn.map((value) => ({ value, label: t.methods[value] ?? value }))}
            onChange={(event) => change({ ...shown, first: event.target.value as MainMethod })}
          />
        )}
        {(problem || submit.error) && <Alert>{problem ?? submit.error}</Alert>}
        {writable && (
          <div css={actionsStyle}>
            <SaveButton partName={`save-sign-in-methods-${scope}`} saving={submit.busy} saved={status}>
              {texts.save}
            </SaveButton>
            {resetMethods && (
              <Button variant="secondary" disabled={submit.busy} onClick={() => void reset()}>
                {t.reset}
              </Button>
            )}
          </div>
        )}
      </form>
    </section>
  );
}
