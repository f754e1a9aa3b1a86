import { type EmailSmsConfig } from '../../../../core/api/connectivity';
import { planEmailSms } from '../../../../core/portal/connectivityRules';
import { portalConnectivity as t } from '../../../i18n/portalConnectivity.en';
import { Skeleton } from '../../../ui/Skeleton';
import { mutedStyle } from '../../../ui/styles';
import { useLoad } from '../../../ui/useListPage';
import { EmailSmsRow } from './EmailSmsRow';
import { type TabProps } from './connectivityParts';

export function EmailSmsTab({ api, channel, categories, canWrite }: TabProps & { channel: 'email' | 'sms' }) {
  const calls = channel === 'email' ? api.emails : api.sms;
  const saved = useLoad(() => calls.list().catch(() => [] as EmailSmsConfig[]), [api, channel]);
  if (saved.load.status !== 'ready') return <Skeleton label={t.loading} lines={4} />;
  const configs = saved.load.data;
  return (
    <div css={{ paddingTop: '12px' }}>
      <p css={mutedStyle}>{channel === 'email' ? t.emailIntro : t.smsIntro}</p>
      {categories
        .flatMap((c) => c.events ?? [])
        .map((event) => (
          <EmailSmsRow
            key={event.key}
            channel={channel}
            eventKey={event.key}
            label={event.displayName}
            saved={configs.find((c) => c.eventKey === event.key)}
            canWrite={canWrite}
            onSave={async (text, enabled, config) => {
              for (const step of planEmailSms(config, text, enabled)) {
                if (step.op === 'create')
                  await calls.create({
                    eventKey: event.key,
                    enabled: step.enabled,
                    subscriptions: [{ name: event.displayName, enabled: true, recipients: step.recipients }],
                  });
                else if (step.op === 'update')
                  await calls.putSubscription(event.key, step.id, {
                    name: event.displayName,
                    enabled: true,
                    recipients: step.recipients,
                  });
                else if (step.op === 'delete') await calls.remove(event.key);
                else await calls.setEnabled(event.key, step.enabled);
              }
              saved.reload();
            }}
          />
        ))}
    </div>
  );
}
