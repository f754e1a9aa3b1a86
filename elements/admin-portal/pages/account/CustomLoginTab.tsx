import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../../core/api/errors';
import { createSubAccountsApi, type CustomLogin } from '../../../../core/tenants/api';
import { LOGIN_ALIAS_PATTERN } from '../../../../core/tenants/rules';
import { en } from '../../../i18n/en';
import { enPortal } from '../../../i18n/en-portal';
import { useAuthApp } from '../../../shared/AppContext';
import { Alert } from '../../../ui/Alert';
import { SaveButton } from '../../../ui/InlineStatus';
import { Spinner } from '../../../ui/Spinner';
import { TextField } from '../../../ui/TextField';
import { formStyle, mutedStyle } from '../../../ui/styles';

const t = enPortal.portal.customLogin;

/**
 * The account page's custom-login tab (spec 001 §2; flag admin_portal_login_per_tenant, §6): the
 * account's own login alias, and whether its custom login is on. The alias is checked here
 * before anything is sent, and again by the server.
 */
export default function CustomLoginTab() {
  const app = useAuthApp();
  const api = useMemo(
    () => createSubAccountsApi(app.services.http!.withRequestSource('admin-portal')),
    [app],
  );
  const [saved, setSaved] = useState<CustomLogin | null>(null);
  const [alias, setAlias] = useState('');
  const [enabled, setEnabled] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [status, setStatus] = useState<{ saving: boolean; error: string | null; note: string | null }>({
    saving: false,
    error: null,
    note: null,
  });
  const aliasRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    api
      .getCustomLogin()
      .then((current) => {
        setSaved(current);
        setAlias(current.loginAlias ?? '');
        setEnabled(current.enabled);
      })
      .catch((error: unknown) => setLoadError(errorMessage(error)));
  }, [api]);

  if (loadError) return <Alert>{`${t.loadFailed} ${loadError}`}</Alert>;
  if (!saved) return <Spinner label={en.common.loading} />;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (status.saving) return;
    const loginAlias = alias.trim();
    const problem =
      loginAlias && !LOGIN_ALIAS_PATTERN.test(loginAlias)
        ? t.aliasInvalid
        : enabled && !loginAlias
          ? t.aliasRequired
          : null;
    setFieldError(problem);
    if (problem) return aliasRef.current?.focus();
    if (saved && loginAlias === (saved.loginAlias ?? '') && enabled === saved.enabled) {
      return setStatus({ saving: false, error: null, note: enPortal.portal.accountSettings.noChanges });
    }
    setStatus({ saving: true, error: null, note: null });
    try {
      const next = await api.saveCustomLogin({ enabled, loginAlias: loginAlias || null });
      setSaved(next);
      setStatus({ saving: false, error: null, note: t.saved });
    } catch (error) {
      setStatus({ saving: false, error: errorMessage(error), note: null });
    }
  }

  const address =
    saved.enabled && saved.loginAlias
      ? `${globalThis.location?.origin ?? ''}${app.options.routes.loginUrl}?loginAlias=${encodeURIComponent(saved.loginAlias)}`
      : null;
  return (
    <form noValidate onSubmit={onSubmit} css={formStyle} part="form custom-login">
      <p css={mutedStyle}>{t.intro}</p>
      {status.error && <Alert>{status.error}</Alert>}
      <label style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <input
          type="checkbox"
          part="custom-login-enabled"
          checked={enabled}
          onChange={(event) => {
            setEnabled(event.target.checked);
            setStatus((s) => ({ ...s, note: null }));
          }}
        />
        {t.enabled}
      </label>
      <TextField
        ref={aliasRef}
        label={t.alias}
        value={alias}
        maxLength={40}
        hint={t.aliasHint}
        error={fieldError}
        partName="login-alias"
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => {
          setAlias(event.target.value);
          setStatus((s) => ({ ...s, note: null }));
        }}
      />
      {address && (
        <p css={mutedStyle} part="custom-login-address">
          {t.address(address)}
        </p>
      )}
      <SaveButton partName="save-custom-login" saving={status.saving} saved={status.note}>
        {t.save}
      </SaveButton>
    </form>
  );
}
