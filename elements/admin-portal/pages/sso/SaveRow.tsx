import { portalSso as t } from '../../../i18n/portalSso.en';
import { Button } from '../../../ui/Button';
import { InlineStatus } from '../../../ui/InlineStatus';
import { rowStyle } from './ssoParts';

export function SaveRow({
  busy,
  status,
  onDismiss,
}: {
  busy: boolean;
  status: string | null;
  onDismiss: () => void;
}) {
  return (
    <div css={rowStyle}>
      <Button type="submit" loading={busy} loadingLabel={t.saving} partName="sso-save">
        {t.save}
      </Button>
      {status && (
        <InlineStatus partName="sso-saved" onDismiss={onDismiss}>
          {status}
        </InlineStatus>
      )}
    </div>
  );
}
