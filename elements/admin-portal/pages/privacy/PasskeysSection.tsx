import { useState } from 'react';
import { createMfaApi, type DeviceType } from '../../../../core/api/mfa';
import { selectPublicPolicy } from '../../../../core/store/auth/authSlice';
import { ceremonyMessage, registerPasskey } from '../../../../core/store/auth/passkeyThunks';
import { en as base } from '../../../i18n/en';
import { enMfa } from '../../../i18n/en-mfa';
import { useAppDispatch, useAppSelector } from '../../../shared/AppContext';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { formatDate } from '../../../ui/formatDate';
import { InlineStatus } from '../../../ui/InlineStatus';
import { Item, ItemList } from '../../../ui/ItemList';
import { LoadStatus, Section } from '../../../ui/Page';
import { useConfirmAction } from '../../../ui/useConfirmAction';
import { useLoad } from '../../../ui/useListPage';
import { mutedStyle } from '../../../ui/styles';
import { usePageApi } from '../common/adminParts';
import { actionsStyle } from './mfaSectionParts';

const en = { ...base, ...enMfa };
const t = en.portalPasskeys;

type Passkey = Awaited<ReturnType<ReturnType<typeof createMfaApi>['getPasskeys']>>['devices'][number];

const KINDS: Array<[DeviceType, string]> = [
  ['platform', t.addPlatform],
  ['cross-platform', t.addCrossPlatform],
];

/**
 * The passkeys list (spec 001 §2 "passkeys list"): the passkeys the user signs in with
 * (`GET /identity/resources/users/webauthn/v1/devices`), each with its dates and a Remove behind a
 * confirmation (`DELETE …/devices/{id}`); new ones through the browser's ceremony. Adding is offered
 * only when the vendor's policy has Passkeys on; the list shows whenever the user has any, so an
 * old passkey can always be removed.
 */
export function PasskeysSection() {
  const api = usePageApi(createMfaApi);
  const dispatch = useAppDispatch();
  const policy = useAppSelector(selectPublicPolicy);
  const offered = !!policy?.secondaryStrategies?.some((s) => s.strategy === 'Passkeys' && s.isActive);
  const { load, reload } = useLoad(() => api.getPasskeys().then((answer) => answer.devices), [api]);
  const [busy, setBusy] = useState<DeviceType | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState(false);
  const remove = useConfirmAction<Passkey>({
    run: (passkey) => api.deletePasskey(passkey.id),
    done: reload,
    title: t.removeTitle,
    titleId: 'ae-passkey-remove-title',
    body: () => t.removeBody,
    confirmLabel: t.remove,
    busyLabel: t.removing,
  });

  const passkeys = load.status === 'ready' ? load.data : [];
  if (!offered && passkeys.length === 0) return null;

  async function add(deviceType: DeviceType) {
    setBusy(deviceType);
    setError(null);
    setAdded(false);
    try {
      await dispatch(registerPasskey(deviceType));
      setAdded(true);
      reload();
    } catch (e) {
      setError(
        ceremonyMessage(e, {
          cancelled: en.mfa.webauthnCancelled,
          unsupported: en.mfa.webauthnUnsupported,
          wrongAddress: en.mfa.webauthnWrongAddress,
        }),
      );
    } finally {
      setBusy(null);
    }
  }

  const nameOf = (passkey: Passkey) =>
    passkey.name || (passkey.deviceType === 'Platform' ? t.platform : t.crossPlatform);
  const dateOf = (value: string | null | undefined) => (value ? formatDate(value, value) : null);

  return (
    <Section titleId="ae-passkeys-title" partName="passkeys" title={t.title} intro={t.intro}>
      <LoadStatus load={load} failedText={t.loadFailed} onRetry={reload} />
      {error && <Alert>{error}</Alert>}
      {load.status === 'ready' &&
        (passkeys.length === 0 ? (
          <p css={mutedStyle}>{t.none}</p>
        ) : (
          <ItemList partName="passkey-list">
            {passkeys.map((passkey) => {
              const addedOn = dateOf(passkey.createdAt) ?? '';
              return (
                <Item
                  key={passkey.id}
                  partName="passkey"
                  title={nameOf(passkey)}
                  detail={t.details(addedOn, dateOf(passkey.lastUsedAt))}
                  action={
                    <Button
                      variant="secondary"
                      partName="remove-passkey"
                      aria-label={t.removeLabel(nameOf(passkey), addedOn)}
                      disabled={busy !== null}
                      onClick={() => remove.ask(passkey)}
                    >
                      {t.remove}
                    </Button>
                  }
                />
              );
            })}
          </ItemList>
        ))}
      {offered && (
        <div css={actionsStyle}>
          {KINDS.map(([deviceType, label]) => (
            <Button
              key={deviceType}
              variant="secondary"
              partName={`add-passkey-${deviceType}`}
              loading={busy === deviceType}
              loadingLabel={t.creating}
              disabled={busy !== null}
              onClick={() => void add(deviceType)}
            >
              {label}
            </Button>
          ))}
        </div>
      )}
      {added && (
        <InlineStatus partName="passkey-added" onDismiss={() => setAdded(false)}>
          {t.added}
        </InlineStatus>
      )}
      {remove.dialog}
    </Section>
  );
}
