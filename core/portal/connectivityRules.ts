/**
 * The connectivity page's save rules (spec 001 §5), as plain functions the page and its tests share:
 * - "Email and sms subscriptions are created only with at least one non-empty recipient, updated
 *   when changed, deleted when recipients are emptied."
 * - "Slack subscription is saved only with channels, and deleted if an existing one has no
 *   channels." and "Slack subscription: PATCH if id exists, else POST."
 */
import type { EmailSmsConfig, SlackEvent, SlackSubscription } from '../api/connectivity';

/** Recipients typed as one text: split on commas, semicolons and white space; blanks dropped. */
export const parseRecipients = (text: string): string[] => [
  ...new Set(
    text
      .split(/[\s,;]+/)
      .map((r) => r.trim())
      .filter(Boolean),
  ),
];

type EmailSmsStep =
  | { op: 'create'; recipients: string[]; enabled: boolean }
  | { op: 'update'; id: string; recipients: string[]; enabled: boolean }
  | { op: 'delete' }
  | { op: 'enable'; enabled: boolean };

/** What to send for one event key, from what is saved and what the form holds. */
export function planEmailSms(
  saved: EmailSmsConfig | undefined,
  text: string,
  enabled: boolean,
): EmailSmsStep[] {
  const recipients = parseRecipients(text);
  if (!saved) return recipients.length ? [{ op: 'create', recipients, enabled }] : [];
  if (!recipients.length) return [{ op: 'delete' }];
  const steps: EmailSmsStep[] = [];
  const current = saved.subscriptions[0];
  const before = saved.subscriptions.flatMap((s) => s.recipients);
  if (!current?.id) steps.push({ op: 'create', recipients, enabled: true });
  else if (before.join('\n') !== recipients.join('\n'))
    steps.push({ op: 'update', id: current.id, recipients, enabled: true });
  if (saved.enabled !== enabled) steps.push({ op: 'enable', enabled });
  return steps;
}

type SlackStep =
  { op: 'save'; subscription: SlackSubscription } | { op: 'delete'; id: string } | { op: 'none' };

/** The subscription to save from the channels chosen per event, or its deletion. */
export function planSlack(saved: SlackSubscription | undefined, chosen: Record<string, string[]>): SlackStep {
  const slackEvents: SlackEvent[] = Object.entries(chosen)
    .filter(([, channelIds]) => channelIds.length > 0)
    .map(([eventKey, channelIds]) => ({ eventKey, channelIds }));
  if (!slackEvents.length) return saved?.id ? { op: 'delete', id: saved.id } : { op: 'none' };
  return {
    op: 'save',
    subscription: { ...(saved?.id ? { id: saved.id } : {}), isActive: saved?.isActive ?? true, slackEvents },
  };
}
