import { useState } from 'react';
import {
  type EventCategory,
  type SlackChannel,
  type SlackConfiguration,
} from '../../../../core/api/connectivity';
import { portalConnectivity as t } from '../../../i18n/portalConnectivity.en';
import { Alert } from '../../../ui/Alert';
import { SaveButton } from '../../../ui/InlineStatus';
import { formStyle } from '../../../ui/styles';
import { useSubmit } from '../../../ui/useSubmit';
import { fieldsetStyle } from '../../../ui/CheckList';
import { rowStyle } from './connectivityParts';

export function SlackEventsForm({
  categories,
  channels,
  saved,
  canWrite,
  onSave,
}: {
  categories: EventCategory[];
  channels: SlackChannel[];
  saved: SlackConfiguration['slackSubscriptions'][number] | undefined;
  canWrite: boolean;
  onSave: (chosen: Record<string, string[]>) => Promise<void>;
}) {
  const [chosen, setChosen] = useState<Record<string, string[]>>(() =>
    Object.fromEntries((saved?.slackEvents ?? []).map((e) => [e.eventKey, e.channelIds])),
  );
  const [done, setDone] = useState(false);
  const submit = useSubmit();
  return (
    <form
      css={formStyle}
      part="slack-events"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit.run(async () => {
          await onSave(chosen);
          setDone(true);
        });
      }}
    >
      {submit.error && <Alert>{submit.error}</Alert>}
      {categories
        .flatMap((c) => c.events ?? [])
        .map((event) => (
          <fieldset key={event.key} css={fieldsetStyle} data-event={event.key}>
            <legend>{event.displayName}</legend>
            <div css={rowStyle}>
              {channels.map((channel) => (
                <label key={channel.id}>
                  <input
                    type="checkbox"
                    disabled={!canWrite}
                    checked={(chosen[event.key] ?? []).includes(channel.id)}
                    onChange={() =>
                      setChosen((current) => {
                        const list = current[event.key] ?? [];
                        return {
                          ...current,
                          [event.key]: list.includes(channel.id)
                            ? list.filter((id) => id !== channel.id)
                            : [...list, channel.id],
                        };
                      })
                    }
                  />{' '}
                  {channel.name}
                </label>
              ))}
            </div>
          </fieldset>
        ))}
      {canWrite && (
        <div css={rowStyle}>
          <SaveButton
            partName="save-slack"
            saving={submit.busy}
            saved={done && t.saved}
            onDismiss={() => setDone(false)}
          >
            {t.save}
          </SaveButton>
        </div>
      )}
    </form>
  );
}
