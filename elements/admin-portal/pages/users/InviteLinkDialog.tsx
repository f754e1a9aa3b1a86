import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../../core/api/errors';
import {
  INVITE_LINK_DEFAULT_MINUTES,
  type CreatedInviteLink,
  type InviteLink,
  type InviteLinkConfig,
} from '../../../../core/api/invitations';
import { en } from '../../../i18n/en';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Dialog, DialogFooter } from '../../../ui/Dialog';
import { formatDateTime } from '../../../ui/formatDate';
import { SelectField } from '../../../ui/SelectField';
import { LoadFailed } from '../../../ui/Page';
import { Spinner } from '../../../ui/Spinner';
import { TextField } from '../../../ui/TextField';
import { formStyle, mutedStyle } from '../../../ui/styles';
import { INVITE_LINK_LIFETIMES } from './inviteForm';
import { tInvite as t } from './invitationTexts';
import { useInvitationsApi } from './invitationHooks';

type LinkLoad =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; config: InviteLinkConfig; link: InviteLink | null };

/**
 * The invite link's state: the config and the link (loaded together, again on retry), the lifetime
 * and e-mail choice, and the create, save and delete calls; `panel` keeps the focus in the dialog
 * when a delete takes the buttons away.
 */
function useInviteLink() {
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

  return {
    load,
    retry: () => setAttempt((n) => n + 1),
    minutes,
    setMinutes,
    sendEmail,
    setSendEmail,
    state,
    copied,
    panel,
    run,
    shared,
    copy,
  };
}

/** Spec 001 §4 "Invite link: create, update, delete, get (get also loads the config)"; 43200 minutes by default. */
export function InviteLinkDialog({ onClose }: { onClose: () => void }) {
  const invite = useInviteLink();
  const lifetimes = INVITE_LINK_LIFETIMES.filter(
    (m) => invite.load.status !== 'ready' || m <= invite.load.config.maxExpiresInMinutes,
  );
  const options = [...new Set([...lifetimes, invite.minutes])]
    .sort((a, b) => a - b)
    .map((m) => ({ value: String(m), label: t.lifetime(m) }));
  const busy = invite.state.busy !== null;

  return (
    <Dialog title={t.linkTitle} titleId="ae-invite-link-title" busy={busy} onClose={onClose}>
      {invite.load.status === 'loading' && <Spinner label={en.common.loading} />}
      {invite.load.status === 'error' && <LoadFailed text={invite.load.message} onRetry={invite.retry} />}
      {invite.load.status === 'ready' && (
        <div css={formStyle} part="invite-link" tabIndex={-1} ref={invite.panel} style={{ outline: 'none' }}>
          {invite.state.error && <Alert>{invite.state.error}</Alert>}
          {invite.state.notice && <p role="status">{invite.state.notice}</p>}
          <p css={mutedStyle}>{t.linkIntro}</p>
          <p part="invite-link-status">
            {invite.load.link
              ? invite.load.link.expired
                ? t.linkExpired(formatDateTime(invite.load.link.expiresAt, ''))
                : t.linkActive(formatDateTime(invite.load.link.expiresAt, ''))
              : t.linkNone}
          </p>
          {invite.shared && invite.load.link && (
            <div>
              <TextField
                label={t.linkCopyLabel}
                value={invite.shared}
                readOnly
                partName="invite-link-url"
                hint={t.linkCopyHint}
                onFocus={(event) => event.currentTarget.select()}
              />
              <Button variant="secondary" partName="copy-link" onClick={invite.copy}>
                {t.linkCopy}
              </Button>
              {invite.copied && <span role="status"> {t.linkCopied}</span>}
            </div>
          )}
          <SelectField
            label={t.linkLifetime}
            options={options}
            value={String(invite.minutes)}
            partName="invite-link-lifetime"
            disabled={busy}
            onChange={(event) => invite.setMinutes(Number(event.target.value))}
          />
          <label>
            <input
              type="checkbox"
              checked={invite.sendEmail}
              onChange={(event) => invite.setSendEmail(event.target.checked)}
              disabled={busy}
              part="invite-link-email"
            />{' '}
            {t.linkSendEmail}
          </label>
          <DialogFooter>
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              {t.close}
            </Button>
            {invite.load.link && (
              <>
                <Button
                  variant="secondary"
                  partName="delete-link"
                  loading={invite.state.busy === 'delete'}
                  loadingLabel={t.linkDeleting}
                  disabled={busy}
                  onClick={() => void invite.run('delete')}
                >
                  {t.linkDelete}
                </Button>
                <Button
                  variant="secondary"
                  partName="save-link"
                  loading={invite.state.busy === 'save'}
                  loadingLabel={t.linkSaving}
                  disabled={busy}
                  onClick={() => void invite.run('save')}
                >
                  {t.linkSave}
                </Button>
              </>
            )}
            <Button
              partName="create-link"
              loading={invite.state.busy === 'create'}
              loadingLabel={t.linkCreating}
              disabled={busy}
              onClick={() => void invite.run('create')}
            >
              {invite.load.link ? t.linkRegenerate : t.linkCreate}
            </Button>
          </DialogFooter>
        </div>
      )}
    </Dialog>
  );
}
