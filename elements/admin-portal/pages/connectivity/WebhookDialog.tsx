import { useState } from 'react';
import {
  WEBHOOK_TEST_SUCCESS,
  type ConnectivityApi,
  type EventCategory,
  type Webhook,
  type WebhookSave,
} from '../../../../core/api/connectivity';
import { portalConnectivity as t } from '../../../i18n/portalConnectivity.en';
import { Button } from '../../../ui/Button';
import { FormDialog } from '../../../ui/ConfirmDialog';
import { InlineStatus } from '../../../ui/InlineStatus';
import { TextField } from '../../../ui/TextField';
import { useFormFields } from '../../../ui/useFormFields';
import { useSubmit } from '../../../ui/useSubmit';
import { fieldsetStyle, useChoice } from '../../../ui/CheckList';
import { scrollAreaStyle } from '../common/adminParts';
import { rowStyle } from './connectivityParts';

export function WebhookDialog({
  api,
  categories,
  webhook,
  onClose,
  onSaved,
}: {
  api: ConnectivityApi;
  categories: EventCategory[];
  webhook: Webhook | null;
  onClose: () => void;
  onSaved: (saved: Webhook) => void;
}) {
  const form = useFormFields({
    displayName: webhook?.displayName ?? '',
    description: webhook?.description ?? '',
    url: webhook?.url ?? '',
    secret: '',
  });
  const values = form.values;
  const [isActive, setActive] = useState(webhook?.isActive ?? true);
  const events = useChoice(webhook?.eventKeys ?? []);
  const [eventsError, setEventsError] = useState<string | null>(null);
  const [testResult, setTestResult] = useState<{ ok: boolean; message: string } | null>(null);
  const submit = useSubmit();
  const testing = useSubmit();
  const urlError = () => (/^https?:\/\/\S+$/i.test(values.url.trim()) ? null : t.urlInvalid);

  function onSubmit() {
    const eventsMissing = events.chosen.size ? null : t.eventsRequired;
    setEventsError(eventsMissing);
    const valid = form.check({
      displayName: values.displayName.trim() ? null : t.nameRequired,
      url: urlError(),
    });
    if (!valid || eventsMissing) return;
    const data: WebhookSave = {
      ...(webhook ? { _id: webhook._id } : {}),
      displayName: values.displayName.trim(),
      description: values.description,
      url: values.url.trim(),
      secret: values.secret.trim() || null,
      eventKeys: [...events.chosen],
      isActive,
    };
    void submit.run(async () => onSaved(await api.saveWebhook(data)));
  }

  function onTest() {
    const problem = urlError();
    if (problem) return void form.check({ ...form.errors, url: problem });
    setTestResult(null);
    void testing.run(async () => {
      try {
        const result = await api.test({ url: values.url.trim(), secret: values.secret.trim() || null });
        // Spec 001 §4 "Webhook test succeeds on 200 or 201."
        const ok = (WEBHOOK_TEST_SUCCESS as readonly number[]).includes(result.statusCode);
        setTestResult({
          ok,
          message: ok ? t.testOk(result.statusCode) : t.testFailed(result.statusCode, result.body),
        });
      } catch (error) {
        // Spec 001 §8 "Webhook test failure yields a failed status with the message."
        setTestResult({ ok: false, message: error instanceof Error ? error.message : String(error) });
      }
    });
  }

  return (
    <FormDialog
      title={webhook ? t.editTitle : t.addTitle}
      titleId="ae-webhook-dialog-title"
      size="medium"
      busy={submit.busy}
      error={form.banner(submit.error)}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={t.save}
      busyLabel={t.saving}
    >
      <TextField label={t.name} maxLength={200} partName="webhook-name" {...form.field('displayName')} />
      <TextField label={t.url} type="url" maxLength={2000} partName="webhook-url" {...form.field('url')} />
      <TextField
        label={t.description}
        maxLength={1000}
        partName="webhook-description"
        {...form.field('description')}
      />
      <TextField
        label={webhook ? t.newSecret : t.secretOptional}
        maxLength={200}
        partName="webhook-secret-input"
        hint={webhook ? t.newSecretHint : t.secretHint}
        autoComplete="off"
        {...form.field('secret')}
      />
      <label>
        <input type="checkbox" checked={isActive} onChange={(e) => setActive(e.target.checked)} />{' '}
        {t.activeLabel}
      </label>
      <fieldset
        css={fieldsetStyle}
        part="webhook-events"
        aria-describedby={eventsError ? 'ae-webhook-events-error' : undefined}
      >
        <legend>{t.eventsLegend}</legend>
        <div css={scrollAreaStyle}>
          {categories.map((category) => (
            <div key={category.id} role="group" aria-label={category.name}>
              <strong>{category.name}</strong>
              {(category.events ?? []).map((e) => (
                <label key={e.key} css={{ display: 'block' }}>
                  <input
                    type="checkbox"
                    checked={events.chosen.has(e.key)}
                    onChange={() => events.toggle(e.key)}
                  />{' '}
                  {e.displayName}
                </label>
              ))}
            </div>
          ))}
        </div>
        {eventsError && (
          <p id="ae-webhook-events-error" css={{ color: 'var(--ae-color-danger)', margin: 0 }}>
            {eventsError}
          </p>
        )}
      </fieldset>
      <div css={rowStyle}>
        <Button variant="secondary" partName="test-webhook" disabled={testing.busy} onClick={onTest}>
          {testing.busy ? t.testing : t.test}
        </Button>
        {testResult && (
          <InlineStatus
            partName={testResult.ok ? 'test-success' : 'test-failed'}
            onDismiss={() => setTestResult(null)}
            timeoutMs={15000}
          >
            {testResult.message}
          </InlineStatus>
        )}
      </div>
    </FormDialog>
  );
}
