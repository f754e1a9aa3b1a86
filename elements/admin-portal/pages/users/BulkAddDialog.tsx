import { css } from '@emotion/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Dialog, DialogFooter } from '../../../ui/Dialog';
import {
  fieldErrorStyle,
  fieldStyle,
  formStyle,
  inputStyle,
  labelStyle,
  mutedStyle,
} from '../../../ui/styles';
import { addOneByOne, BULK_MAX, parseBulkEmails, type BulkResult } from './inviteForm';
import { tInvite as t } from './invitationTexts';
import { InviteRoles } from './InviteRoles';
import { useInvitationsApi, useRolesChoice } from './invitationHooks';
import { useUniqueId } from '../../../ui/useUniqueId';

const listStyle = css({ margin: 0, paddingInlineStart: '20px', maxHeight: '160px', overflowY: 'auto' });

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
  const id = useUniqueId();
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
      ? t.bulkInvalid(parsed.invalid.join(', '))
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
