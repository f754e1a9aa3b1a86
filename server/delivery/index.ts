/**
 * Chooses the delivery of this server: SMTP for email when SMTP_URL is set, the SMS webhook when
 * SMS_WEBHOOK_URL is set, and the database outbox for whatever is not configured (development).
 */
import type { Database } from '../storage/database';
import { createOutboxDelivery } from './outbox';
import { createSmsWebhookSender } from './sms-webhook';
import { createSmtpSender } from './smtp';
import type { Delivery, DeliveryConfig } from './types';

export function createDelivery(
  db: Database,
  config: DeliveryConfig = {},
): Delivery & { describe(): string; close(): void } {
  const outbox = createOutboxDelivery(db);
  const smtp = config.smtpUrl ? createSmtpSender(config.smtpUrl, config.mailFrom) : null;
  const sms = config.smsWebhookUrl
    ? createSmsWebhookSender({ url: config.smsWebhookUrl, token: config.smsWebhookToken })
    : null;
  return {
    sendEmail: (message) => (smtp ?? outbox).sendEmail(message),
    sendSms: (message) => (sms ?? outbox).sendSms(message),
    describe: () => `email: ${smtp ? 'SMTP' : 'outbox'}, SMS: ${sms ? 'webhook' : 'outbox'}`,
    close: () => smtp?.close(),
  };
}
