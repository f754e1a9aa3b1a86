import { type ConnectivityApi } from '../../../../core/api/connectivity';
import { portalConnectivity as t } from '../../../i18n/portalConnectivity.en';
import { FormDialog } from '../../../ui/ConfirmDialog';
import { TextField } from '../../../ui/TextField';
import { useFormFields } from '../../../ui/useFormFields';
import { useSubmit } from '../../../ui/useSubmit';

export function AddChannelDialog({
  api,
  onClose,
  onAdded,
}: {
  api: ConnectivityApi;
  onClose: () => void;
  onAdded: () => void;
}) {
  const form = useFormFields({ name: '', url: '' });
  const name = form.values.name.trim();
  const url = form.values.url.trim();
  const submit = useSubmit();
  function onSubmit() {
    const valid = form.check({
      name: name ? null : t.nameRequired,
      url: /^https?:\/\/\S+$/i.test(url) ? null : t.urlInvalid,
    });
    if (!valid) return;
    void submit.run(async () => {
      await api.addSlackChannel({ name, url });
      onAdded();
    });
  }
  return (
    <FormDialog
      title={t.addChannelTitle}
      titleId="ae-add-channel-title"
      busy={submit.busy}
      error={form.banner(submit.error)}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={t.addChannel}
      busyLabel={t.saving}
    >
      <TextField label={t.channelName} maxLength={100} partName="channel-name" {...form.field('name')} />
      <TextField
        label={t.channelUrl}
        type="url"
        maxLength={2000}
        partName="channel-url"
        hint={t.channelUrlHint}
        {...form.field('url')}
      />
    </FormDialog>
  );
}
