import {
  AUDIT_STREAM_FORMATS,
  AUDIT_STREAM_LIMITS,
  type AuditStreamFormat,
  type CreatedAuditStream,
} from '../../../../core/contract/auditStreams';
import { auditStreams as t } from '../../../i18n/auditStreams.en';
import { FormDialog } from '../../../ui/ConfirmDialog';
import { PasswordField } from '../../../ui/PasswordField';
import { SelectField } from '../../../ui/SelectField';
import { TextField } from '../../../ui/TextField';
import { useFormFields } from '../../../ui/useFormFields';
import { useSubmit } from '../../../ui/useSubmit';
import type { AuditStreamsApi } from './auditStreamsApi';

/**
 * Adds an audit stream: its name, the receiver's address, the body format and the collector's
 * token (which the SIEM formats need). The server checks the address again (https, and no private
 * network: docs/contract.md "Audit streams") and answers the signing secret once.
 */
export function AddStreamDialog({
  api,
  onClose,
  onAdded,
}: {
  api: AuditStreamsApi;
  onClose: () => void;
  onAdded: (stream: CreatedAuditStream) => void;
}) {
  const form = useFormFields({ name: '', url: '', format: 'json', token: '' });
  const submit = useSubmit();
  const format = form.values.format as AuditStreamFormat;
  function onSubmit() {
    const name = form.values.name.trim();
    const url = form.values.url.trim();
    const token = form.values.token.trim();
    const valid = form.check({
      name: name ? null : t.nameRequired,
      url: /^https?:\/\/\S+$/i.test(url) ? null : t.urlInvalid,
      token: format !== 'json' && !token ? t.tokenRequired : null,
    });
    if (!valid) return;
    void submit.run(async () => {
      onAdded(await api.add({ name, url, format, ...(token ? { token } : {}) }));
    });
  }
  return (
    <FormDialog
      title={t.addTitle}
      titleId="ae-audit-stream-add-title"
      busy={submit.busy}
      error={form.banner(submit.error)}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={t.add}
      busyLabel={t.adding}
      size="medium"
      partName="audit-stream-dialog"
    >
      <TextField
        label={t.name}
        maxLength={AUDIT_STREAM_LIMITS.name}
        partName="audit-stream-name"
        {...form.field('name')}
      />
      <TextField
        label={t.url}
        type="url"
        maxLength={AUDIT_STREAM_LIMITS.url}
        partName="audit-stream-url"
        hint={t.urlHint}
        {...form.field('url')}
      />
      <SelectField
        label={t.format}
        partName="audit-stream-format"
        value={format}
        onChange={(event) => form.set('format', event.target.value)}
        options={AUDIT_STREAM_FORMATS.map((value) => ({ value, label: t.formats[value] ?? value }))}
      />
      <PasswordField
        label={t.token}
        optional={format === 'json'}
        autoComplete="off"
        maxLength={AUDIT_STREAM_LIMITS.token}
        partName="audit-stream-token"
        hint={t.tokenHint}
        {...form.field('token')}
      />
    </FormDialog>
  );
}
