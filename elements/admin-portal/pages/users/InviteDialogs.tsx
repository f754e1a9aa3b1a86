import { css } from '@emotion/react';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../../core/api/errors';
import {
  createInvitationsApi,
  INVITE_LINK_DEFAULT_MINUTES,
  type CreatedInviteLink,
  type InviteLink,
  type InviteLinkConfig,
} from '../../../../core/api/invitations';
import type { AssignableRole } from '../../../../core/api/team';
import { en } from '../../../i18n/en';
import { enPortal } from '../../../i18n/en-portal';
import { useAuthApp } from '../../../shared/AppContext';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Dialog, DialogFooter } from '../../../ui/Dialog';
import { DialogActions } from '../../../ui/ConfirmDialog';
import { formatDateTime } from '../../../ui/formatDate';
import { SelectField } from '../../../ui/SelectField';
import { Spinner } from '../../../ui/Spinner';
import { TextField } from '../../../ui/TextField';
import {
  fieldErrorStyle,
  fieldStyle,
  formStyle,
  inputStyle,
  labelStyle,
  mutedStyle,
} from '../../../ui/styles';
import {
  addOneByOne,
  BULK_MAX,
  INVITE_LIMITS,
  INVITE_LINK_LIFETIMES,
  inviteRequestOf,
  parseBulkEmails,
  validateInvite,
  type BulkResult,
  type InviteErrors,
} from './inviteForm';
import { tInvite as t } from './invitationTexts';
import { portalApis } from '../common/adminParts';

const fieldsetStyle = css({
  border: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: '6px',
  legend: { fontWeight: 600, marginBottom: '4px' },
});
const listStyle = css({ margin: 0, paddingLeft: '20px', maxHeight: '160px', overflowY: 'auto' });

/** The invitation calls, on the portal's client (request source admin-portal). */
export function useInvitationsApi() {
  const app = useAuthApp();
  return useMemo(() => createInvitationsApi(app.services.api.http.withRequestSource('admin-portal')), [app]);
}

/** The roles an admin can give, loaded once per dialog. */
function useAssignableRoles() {
  const app = useAuthApp();
  const [roles, setRoles] = useState<AssignableRole[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    portalApis(app)
      .team.listRoles()
      .then((list) => {
        if (live) setRoles(list);
      })
      .catch((e: unknown) => {
        if (live) {
          setRoles([]);
          setError(`${t.rolesFailed} ${errorMessage(e)}`);
        }
      });
    return () => {
      live = false;
    };
  }, [app]);
  return { roles, error };
}

function RolesChoice({
  roles,
  chosen,
  onToggle,
  disabled,
}: {
  roles: AssignableRole[] | null;
  chosen: Set<string>;
  onToggle: (id: string) => void;
  disabled: boolean;
}) {
  if (roles === null) return <Spinner label={en.common.loading} />;
  return (
    <fieldset css={fieldsetStyle} part="roles-choice">
      <legend>{t.rolesLegend}</legend>
      {roles.length === 0 && <p css={mutedStyle}>{t.noRoles}</p>}
      {roles.map((role) => (
        <label key={role.id}>
          <input
            type="checkbox"
            checked={chosen.has(role.id)}
            onChange={() => onToggle(role.id)}
            disabled={disabled}
          />{' '}
          {role.name}
          {role.description ? <span css={mutedStyle}> — {role.description}</span> : null}
        </label>
      ))}
    </fieldset>
  );
}

function useChosen() {
  const [chosen, setChosen] = useState<Set<string>>(() => new Set());
  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return { chosen, toggle };
}

/** Spec 001 §2 invite dialog: name, email, optional phone, roles; POST users v2 with provider local (§7). */
export function InviteUserDialog({
  onClose,
  onInvited,
}: {
  onClose: () => void;
  onInvited: (email: string) => void;
}) {
  const api = useInvitationsApi();
  const { roles, error: rolesError } = useAssignableRoles();
  const { chosen, toggle } = useChosen();
  const [fields, setFields] = useState({ name: '', email: '', phoneNumber: '' });
  const [errors, setErrors] = useState<InviteErrors>({});
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const refs = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    phoneNumber: useRef<HTMLInputElement>(null),
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (state.busy) return;
    const problems = validateInvite(fields);
    setErrors(problems);
    const first = (['name', 'email', 'phoneNumber'] as const).find((key) => problems[key]);
    if (first) return refs[first].current?.focus();
    setState({ busy: true, error: null });
    try {
      await api.invite(inviteRequestOf({ ...fields, roleIds: [...chosen] }));
      onInvited(fields.email.trim());
    } catch (error) {
      setState({ busy: false, error: errorMessage(error) });
    }
  }
  const set = (key: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [key]: event.target.value }));

  return (
    <Dialog title={t.title} titleId="ae-invite-user-title" busy={state.busy} onClose={onClose}>
      <form noValidate onSubmit={submit} css={formStyle} part="invite-form">
        {state.error && <Alert>{state.error}</Alert>}
        {rolesError && <Alert>{rolesError}</Alert>}
        <p css={mutedStyle}>{t.intro}</p>
        <TextField
          ref={refs.name}
          label={t.nameLabel}
          name="name"
          autoComplete="off"
          required
          maxLength={INVITE_LIMITS.name + 20}
          value={fields.name}
          error={errors.name}
          partName="invite-name"
          onChange={set('name')}
          disabled={state.busy}
        />
        <TextField
          ref={refs.email}
          label={t.emailLabel}
          type="email"
          name="email"
          autoComplete="off"
          required
          maxLength={254}
          value={fields.email}
          error={errors.email}
          partName="invite-email"
          onChange={set('email')}
          disabled={state.busy}
        />
        <TextField
          ref={refs.phoneNumber}
          label={t.phoneLabel}
          type="tel"
          name="phoneNumber"
          autoComplete="off"
          maxLength={INVITE_LIMITS.phoneNumber + 10}
          value={fields.phoneNumber}
          error={errors.phoneNumber}
          partName="invite-phone"
          onChange={set('phoneNumber')}
          disabled={state.busy}
        />
        <RolesChoice roles={roles} chosen={chosen} onToggle={toggle} disabled={state.busy} />
        <DialogActions onCancel={onClose} busy={state.busy} busyLabel={t.sending} disabled={roles === null}>
          {t.send}
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * Spec 001 §4 "Bulk add users: each email added one by one; result lists allowed and unallowed
 * emails; then users reload at offset 0, page size 10" (`onFinished` does the reload).
 */
export function BulkAddDialog({ onClose, onFinished }: { onClose: () => void; onFinished: () => void }) {
  const api = useInvitationsApi();
  const { roles, error: rolesError } = useAssignableRoles();
  const { chosen, toggle } = useChosen();
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [result, setResult] = useState<BulkResult | null>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const busy = progress !== null && result === null;
  // The form (and the focused control) gives way to the result: focus follows, so Tab and Escape keep working.
  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = parseBulkEmails(text);
    const problem = parsed.invalid.length
      ? t.bulkInvalid(parsed.invalid)
      : parsed.tooMany
        ? t.bulkTooMany(BULK_MAX)
        : parsed.emails.length === 0
          ? t.bulkEmpty
          : null;
    setFieldError(problem);
    if (problem) return area.current?.focus();
    setResult(null);
    setProgress({ done: 0, total: parsed.emails.length });
    const roleIds = [...chosen];
    const outcome = await addOneByOne(
      parsed.emails,
      (email) => api.invite({ email, roleIds, provider: 'local' }),
      (done) => setProgress({ done, total: parsed.emails.length }),
    );
    setResult(outcome);
    onFinished();
  }

  return (
    <Dialog title={t.bulkTitle} titleId="ae-bulk-add-title" busy={busy} onClose={onClose}>
      {result ? (
        <div part="bulk-result" role="status" tabIndex={-1} ref={resultRef}>
          <h3>{t.bulkAllowed(result.allowed.length)}</h3>
          <ul css={listStyle} part="bulk-allowed">
            {result.allowed.map((email) => (
              <li key={email}>{email}</li>
            ))}
          </ul>
          <h3>{t.bulkUnallowed(result.unallowed.length)}</h3>
          <ul css={listStyle} part="bulk-unallowed">
            {result.unallowed.map((u) => (
              <li key={u.email}>{t.bulkReason(u.email, u.reason)}</li>
            ))}
          </ul>
        </div>
      ) : (
        <form noValidate onSubmit={submit} css={formStyle} part="bulk-form" id={`${id}-form`}>
          {rolesError && <Alert>{rolesError}</Alert>}
          <div css={fieldStyle}>
            <label htmlFor={`${id}-emails`} css={labelStyle}>
              {t.bulkLabel}
            </label>
            <textarea
              ref={area}
              id={`${id}-emails`}
              css={inputStyle}
              rows={5}
              value={text}
              maxLength={20_000}
              part="input bulk-emails"
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={`${id}-hint`}
              disabled={busy}
              onChange={(event) => setText(event.target.value)}
            />
            <p
              id={`${id}-hint`}
              css={fieldError ? fieldErrorStyle : mutedStyle}
              part={fieldError ? 'field-error' : undefined}
            >
              {fieldError ?? t.bulkHint}
            </p>
          </div>
          <RolesChoice roles={roles} chosen={chosen} onToggle={toggle} disabled={busy} />
          {progress && <p role="status">{t.bulkProgress(progress.done, progress.total)}</p>}
        </form>
      )}
      <DialogFooter>
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          {result ? t.close : t.cancel}
        </Button>
        {!result && (
          <Button
            type="submit"
            form={`${id}-form`}
            partName="confirm-button"
            loading={busy}
            loadingLabel={t.sending}
            disabled={roles === null}
          >
            {t.bulkSubmit}
          </Button>
        )}
      </DialogFooter>
    </Dialog>
  );
}

type LinkLoad =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; config: InviteLinkConfig; link: InviteLink | null };

/** Spec 001 §4 "Invite link: create, update, delete, get (get also loads the config)"; 43200 minutes by default. */
export function InviteLinkDialog({ onClose }: { onClose: () => void }) {
  const api = useInvitationsApi();
  const [load, setLoad] = useState<LinkLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [minutes, setMinutes] = useState<number>(INVITE_LINK_DEFAULT_MINUTES);
  const [sendEmail, setSendEmail] = useState(false);
  const [created, setCreated] = useState<CreatedInviteLink | null>(null);
  const [state, setState] = useState<{
    busy: 'create' | 'save' | 'delete' | null;
    error: string | null;
    notice: string | null;
  }>({ busy: null, error: null, notice: null });
  const [copied, setCopied] = useState(false);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    setLoad({ status: 'loading' });
    Promise.all([api.getInviteLinkConfig(), api.getInviteLink()])
      .then(([config, link]) => {
        if (!live) return;
        setLoad({ status: 'ready', config, link });
        if (link) {
          setMinutes(link.expiresInMinutes);
          setSendEmail(link.shouldSendEmail);
        }
      })
      .catch((error: unknown) => {
        if (live) setLoad({ status: 'error', message: `${t.loadFailed} ${errorMessage(error)}` });
      });
    return () => {
      live = false;
    };
  }, [api, attempt]);

  async function run(kind: 'create' | 'save' | 'delete') {
    if (load.status !== 'ready') return;
    setState({ busy: kind, error: null, notice: null });
    setCopied(false);
    try {
      if (kind === 'create') {
        const link = await api.createInviteLink({ expiresInMinutes: minutes, shouldSendEmail: sendEmail });
        setCreated(link);
        setLoad({ ...load, link });
        setState({ busy: null, error: null, notice: null });
      } else if (kind === 'save') {
        const link = await api.updateInviteLink({ expiresInMinutes: minutes, shouldSendEmail: sendEmail });
        setLoad({ ...load, link });
        setState({ busy: null, error: null, notice: t.linkSaved });
      } else {
        await api.deleteInviteLink();
        setCreated(null);
        setLoad({ ...load, link: null });
        setState({ busy: null, error: null, notice: t.linkDeleted });
        // The delete and save buttons are gone with the link: keep focus inside the dialog.
        panel.current?.focus();
      }
    } catch (error) {
      setState({ busy: null, error: errorMessage(error), notice: null });
    }
  }

  async function copy() {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.link);
      setCopied(true);
    } catch {
      // No clipboard permission: the link stays selected in its field for a manual copy.
    }
  }

  const lifetimes = INVITE_LINK_LIFETIMES.filter(
    (m) => load.status !== 'ready' || m <= load.config.maxExpiresInMinutes,
  );
  const options = [...new Set([...lifetimes, minutes])]
    .sort((a, b) => a - b)
    .map((m) => ({ value: String(m), label: t.lifetime(m) }));
  const busy = state.busy !== null;

  return (
    <Dialog title={t.linkTitle} titleId="ae-invite-link-title" busy={busy} onClose={onClose}>
      {load.status === 'loading' && <Spinner label={en.common.loading} />}
      {load.status === 'error' && (
        <div>
          <Alert>{load.message}</Alert>
          <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
            {enPortal.portal.retry}
          </Button>
        </div>
      )}
      {load.status === 'ready' && (
        <div css={formStyle} part="invite-link" tabIndex={-1} ref={panel} style={{ outline: 'none' }}>
          {state.error && <Alert>{state.error}</Alert>}
          {state.notice && <p role="status">{state.notice}</p>}
          <p css={mutedStyle}>{t.linkIntro}</p>
          <p part="invite-link-status">
            {load.link
              ? load.link.expired
                ? t.linkExpired(formatDateTime(load.link.expiresAt, ''))
                : t.linkActive(formatDateTime(load.link.expiresAt, ''))
              : t.linkNone}
          </p>
          {created && load.link && (
            <div>
              <TextField
                label={t.linkCopyLabel}
                value={created.link}
                readOnly
                partName="invite-link-url"
                hint={t.linkCopyHint}
                onFocus={(event) => event.currentTarget.select()}
              />
              <Button variant="secondary" partName="copy-link" onClick={copy}>
                {t.linkCopy}
              </Button>
              {copied && <span role="status"> {t.linkCopied}</span>}
            </div>
          )}
          <SelectField
            label={t.linkLifetime}
            options={options}
            value={String(minutes)}
            partName="invite-link-lifetime"
            disabled={busy}
            onChange={(event) => setMinutes(Number(event.target.value))}
          />
          <label>
            <input
              type="checkbox"
              checked={sendEmail}
              onChange={(event) => setSendEmail(event.target.checked)}
              disabled={busy}
              part="invite-link-email"
            />{' '}
            {t.linkSendEmail}
          </label>
          <DialogFooter>
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              {t.close}
            </Button>
            {load.link && (
              <>
                <Button
                  variant="secondary"
                  partName="delete-link"
                  loading={state.busy === 'delete'}
                  loadingLabel={t.linkDeleting}
                  disabled={busy}
                  onClick={() => void run('delete')}
                >
                  {t.linkDelete}
                </Button>
                <Button
                  variant="secondary"
                  partName="save-link"
                  loading={state.busy === 'save'}
                  loadingLabel={t.linkSaving}
                  disabled={busy}
                  onClick={() => void run('save')}
                >
                  {t.linkSave}
                </Button>
              </>
            )}
            <Button
              partName="create-link"
              loading={state.busy === 'create'}
              loadingLabel={t.linkCreating}
              disabled={busy}
              onClick={() => void run('create')}
            >
              {load.link ? t.linkRegenerate : t.linkCreate}
            </Button>
          </DialogFooter>
        </div>
      )}
    </Dialog>
  );
}
