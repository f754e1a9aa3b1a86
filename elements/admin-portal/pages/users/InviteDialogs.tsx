import { css } from '@emotion/react';
import { useEffect, useId, useMemo, useRef, useState, type ComponentProps, type FormEvent } from 'react';
import { errorMessage } from '../../../../core/api/errors';
import {
  createInvitationsApi,
  INVITE_LINK_DEFAULT_MINUTES,
  type CreatedInviteLink,
  type InviteLink,
  type InviteLinkConfig,
} from '../../../../core/api/invitations';
import { en } from '../../../i18n/en';
import { useAuthApp } from '../../../shared/AppContext';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Dialog, DialogFooter } from '../../../ui/Dialog';
import { FormDialog } from '../../../ui/ConfirmDialog';
import { useChoice } from '../../../ui/CheckList';
import { useFormFields } from '../../../ui/useFormFields';
import { useSubmit } from '../../../ui/useSubmit';
import { formatDateTime } from '../../../ui/formatDate';
import { SelectField } from '../../../ui/SelectField';
import { LoadFailed } from '../../../ui/Page';
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
} from './inviteForm';
import { tInvite as t } from './invitationTexts';
import { RolesChoice, useAssignableRoles } from '../common/adminParts';

const listStyle = css({ margin: 0, paddingLeft: '20px', maxHeight: '160px', overflowY: 'auto' });

/** The invitation calls, on the portal's client (request source admin-portal). */
export function useInvitationsApi() {
  const app = useAuthApp();
  return useMemo(() => createInvitationsApi(app.services.api.http.withRequestSource('admin-portal')), [app]);
}

/** The roles an admin can give (a failure says so above the form), and the choice among them. */
function useRolesChoice() {
  const { roles, error } = useAssignableRoles();
  const choice = useChoice([]);
  return { roles, choice, rolesError: error && `${t.rolesFailed} ${error}` };
}

/** The roles of an invitation: the account's roles as a checklist. */
function InviteRoles({
  roles,
  choice,
  disabled,
}: Omit<ComponentProps<typeof RolesChoice>, 'legend' | 'empty'>) {
  return (
    <RolesChoice roles={roles} choice={choice} disabled={disabled} legend={t.rolesLegend} empty={t.noRoles} />
  );
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
  const { roles, choice, rolesError } = useRolesChoice();
  const form = useFormFields({ name: '', email: '', phoneNumber: '' });
  const submit = useSubmit();

  function onSubmit() {
    if (submit.busy || !form.check(validateInvite(form.values))) return;
    void submit.run(async () => {
      await api.invite(inviteRequestOf({ ...form.values, roleIds: [...choice.chosen] }));
      onInvited(form.values.email.trim());
    });
  }

  return (
    <FormDialog
      title={t.title}
      titleId="ae-invite-user-title"
      busy={submit.busy}
      error={form.banner(submit.error) ?? rolesError}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={t.send}
      busyLabel={t.sending}
      partName="invite-form"
    >
      <p css={mutedStyle}>{t.intro}</p>
      <TextField
        label={t.nameLabel}
        autoComplete="off"
        required
        maxLength={INVITE_LIMITS.name + 20}
        partName="invite-name"
        {...form.field('name')}
      />
      <TextField
        label={t.emailLabel}
        type="email"
        autoComplete="off"
        required
        maxLength={254}
        partName="invite-email"
        {...form.field('email')}
      />
      <TextField
        label={t.phoneLabel}
        type="tel"
        autoComplete="off"
        maxLength={INVITE_LIMITS.phoneNumber + 10}
        partName="invite-phone"
        {...form.field('phoneNumber')}
      />
      <InviteRoles roles={roles} choice={choice} disabled={submit.busy} />
    </FormDialog>
  );
}

/**
 * Spec 001 §4 "Bulk add users: each email added one by one; result lists allowed and unallowed
 * emails; then users reload at offset 0, page size 10" (`onFinished` does the reload).
 */
export function BulkAddDialog({ onClose, onFinished }: { onClose: () => void; onFinished: () => void }) {
  const api = useInvitationsApi();
  const { roles, choice, rolesError } = useRolesChoice();
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
    const roleIds = [...choice.chosen];
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
          <InviteRoles roles={roles} choice={choice} disabled={busy} />
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

  // The address to share: the one just created, else the saved link's (shown to those who may invite).
  const shared = created?.link ?? (load.status === 'ready' ? load.link?.link : undefined);

  async function copy() {
    if (!shared) return;
    try {
      await navigator.clipboard.writeText(shared);
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
      {load.status === 'error' && <LoadFailed text={load.message} onRetry={() => setAttempt((n) => n + 1)} />}
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
          {shared && load.link && (
            <div>
              <TextField
                label={t.linkCopyLabel}
                value={shared}
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
