/**
 * SMS through an HTTP webhook: the provider-neutral way to plug in Twilio, Vonage, an internal
 * gateway or a serverless function. Configured by SMS_WEBHOOK_URL (and SMS_WEBHOOK_TOKEN).
 *
 * The request: `POST <SMS_WEBHOOK_URL>` with `content-type: application/json`, the body
 * `{ "to": "+4915112345678", "text": "Your sign-in code is 123456" }` and, when a token is set,
 * `authorization: Bearer <SMS_WEBHOOK_TOKEN>`. Any 2xx answer means accepted; anything else (or no
 * answer within the timeout) is a failed delivery, reported to the caller as an error.
 */
import type { SmsMessage, SmsSender } from './types';

interface SmsWebhookOptions {
  url: string;
  token?: string | undefined;
  timeoutMs?: number;
  /** Replaces fetch (tests). */
  fetch?: typeof fetch;
}

export class SmsDeliveryError extends Error {}

export function createSmsWebhookSender(options: SmsWebhookOptions): SmsSender {
  const url = new URL(options.url);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error('SMS_WEBHOOK_URL must be an http(s) URL');
  const send = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    async sendSms(message: SmsMessage) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let response: Response;
      try {
        response = await send(url, {
          method: 'POST',
          headers,
          body: JSON.stringify({ to: message.to, text: message.text }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (cause) {
        // The message text holds a code: never put it into the error.
        throw new SmsDeliveryError(`SMS webhook unreachable: ${(cause as Error).name}`);
      }
      await response.body?.cancel().catch(() => {});
      if (!response.ok) throw new SmsDeliveryError(`SMS webhook answered ${response.status}`);
    },
  };
}
