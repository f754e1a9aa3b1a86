import { useState } from 'react';
import { type SlackChannel, type SlackConfiguration } from '../../../../core/api/connectivity';
import { planSlack } from '../../../../core/portal/connectivityRules';
import { portalConnectivity as t } from '../../../i18n/portalConnectivity.en';
import { Button } from '../../../ui/Button';
import { Skeleton } from '../../../ui/Skeleton';
import { mutedStyle } from '../../../ui/styles';
import { useLoad } from '../../../ui/useListPage';
import { AddChannelDialog } from './AddChannelDialog';
import { SlackEventsForm } from './SlackEventsForm';
import { type TabProps, rowStyle } from './connectivityParts';

export function SlackTab({ api, categories, canWrite }: TabProps) {
  const data = useLoad(
    () =>
      Promise.all([
        api.slackChannels().catch(() => [] as SlackChannel[]),
        api.slack().catch(() => ({ id: '', slackSubscriptions: [] }) as SlackConfiguration),
      ]),
    [api],
  );
  const [adding, setAdding] = useState(false);
  if (data.load.status !== 'ready') return <Skeleton label={t.loading} lines={4} />;
  const [channels, config] = data.load.data;
  const subscription = config.slackSubscriptions[0];
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: '12px', paddingTop: '12px' }}>
      <p css={mutedStyle}>{t.slackIntro}</p>
      <ul part="slack-channels" aria-label={t.channelsLabel} css={{ margin: 0, paddingInlineStart: '20px' }}>
        {channels.map((channel) => (
          <li key={channel.id}>
            <span css={rowStyle}>
              {channel.name}
              {canWrite && (
                <Button
                  variant="link"
                  partName="delete-channel"
                  aria-label={t.deleteChannelOf(channel.name)}
                  onClick={() => void api.deleteSlackChannel(channel.id).then(data.reload)}
                >
                  {t.delete}
                </Button>
              )}
            </span>
          </li>
        ))}
        {!channels.length && <li>{t.noChannels}</li>}
      </ul>
      {canWrite && (
        <div>
          <Button variant="secondary" partName="add-channel" onClick={() => setAdding(true)}>
            {t.addChannel}
          </Button>
        </div>
      )}
      {channels.length > 0 && (
        <SlackEventsForm
          key={subscription?.id ?? 'new'}
          categories={categories}
          channels={channels}
          saved={subscription}
          canWrite={canWrite}
          onSave={async (chosen) => {
            const step = planSlack(subscription, chosen);
            if (step.op === 'save') await api.saveSlackSubscription(step.subscription);
            if (step.op === 'delete') await api.deleteSlackSubscription(step.id);
            data.reload();
          }}
        />
      )}
      {adding && (
        <AddChannelDialog
          api={api}
          onClose={() => setAdding(false)}
          onAdded={() => {
            setAdding(false);
            data.reload();
          }}
        />
      )}
    </div>
  );
}
