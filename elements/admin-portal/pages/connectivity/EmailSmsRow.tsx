import { useState } from 'react';
import { type EmailSmsConfig } from '../../../../core/api/connectivity';
import { portalConnectivity as t } from '../../../i18n/portalConnectivity.en';
import { Alert } from '../../../ui/Alert';
import { SaveButton } from '../../../ui/InlineStatus';
import { TextField } from '../../../ui/TextField';
import { useSubmit } from '../../../ui/useSubmit';
import { eventRowStyle, rowStyle } from './connectivityParts';

export function EmailSmsRow({
  channel,
  eventKey,
  label,
  saved,
  canWrite,
  onSave,
}: {
  channel: 'email' | 'sms';
  eventKey: string;
  label: string;
  saved: EmailSmsConfig | undefined;
  canWrite: boolean;
  onSave: (text: string, enabled: boolean, saved: EmailSmsConfig | undefined) => Promise<void>;
}) {
  const [text, setText] = useState(saved?.subscriptions.flatMap((s) => s.recipients).join(', ') ?? '');
  const [enabled, setEnabled] = useState(saved?.enabled ?? true);
  const [done, setDone] = useState(false);
  const submit = useSubmit();
  return (
    <form
      css={eventRowStyle}
      part={`${channel}-event`}
      data-event={eventKey}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit.run(async () => {
          await onSave(text, enabled, saved);
          setDone(true);
        });
      }}
    >
      {submit.error && <Alert>{submit.error}</Alert>}
      <TextField
        label={t.recipientsOf(label, channel)}
        value={text}
        maxLength={2000}
        partName={`${channel}-recipients`}
        hint={channel === 'email' ? t.emailHint : t.smsHint}
        disabled={!canWrite}
        onChange={(e) => setText(e.target.value)}
      />
      <div css={rowStyle}>
        <label>
          <input
            type="checkbox"
            checked={enabled}
            disabled={!canWrite}
            onChange={(e) => setEnabled(e.target.checked)}
          />{' '}
          {t.enabled}
        </label>
        {canWrite && (
          <SaveButton
            variant="secondary"
            partName={`save-${channel}`}
            saving={submit.busy}
            saved={done && t.saved}
            onDismiss={() => setDone(false)}
            label={t.saveOf(label)}
          >
            {t.save}
          </SaveButton>
        )}
      </div>
    </form>
  );
}
