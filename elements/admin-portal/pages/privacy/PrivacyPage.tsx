import { useState } from 'react';
import { enPortal } from '../../../i18n/en-portal';
import { useAuthApp } from '../../../shared/AppContext';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Badge } from '../../../ui/Badge';
import { Dialog, DialogFooter } from '../../../ui/Dialog';
import { formatDateTime } from '../../../ui/formatDate';
import { Item, ItemList } from '../../../ui/ItemList';
import { LoadStatus, Page, Section } from '../../../ui/Page';
import { mutedStyle } from '../../../ui/styles';
import { useLoad } from '../../../ui/useListPage';
import { useActions } from '../../../ui/useSubmit';
import type { PortalPageProps } from '../../shell/PortalShell';
import { describeDevice } from './describeDevice';
import { MfaSection } from './MfaSection';
import { PasskeysSection } from './PasskeysSection';
import { PasswordSection } from './PasswordSection';
import { portalApis } from '../common/adminParts';
import { tabAppearance } from '../../../../core/portal/appearance';
import { usePreviewFlags } from '../common/usePreviewFlags';
import { PREVIEW_DEFAULT_FLAGS } from '../../../../core/featureFlags/previewFlags';

const t = enPortal.portal.sessions;

/**
 * Privacy (spec 001 §2: sections loginSessions and mfa, each hidden when the vendor's admin-box
 * metadata sets `privacy.tabs.<section>.appearance` to hidden, as the account and security pages
 * read theirs). Login sessions: list, revoke one, revoke all but this one; MFA in MfaSection.
 */
export default function PrivacyPage({ metadata }: PortalPageProps) {
  const app = useAuthApp();
  const shown = (section: 'loginSessions' | 'mfa') =>
    tabAppearance(metadata, 'privacy', section) !== 'hidden';
  const sessionsShown = shown('loginSessions');
  const { load, reload, refresh } = useLoad(() => portalApis(app).sessions.list(), [app], sessionsShown);
  const actions = useActions();
  const { busy } = actions;
  const [confirming, setConfirming] = useState(false);
  // The multi-factor section and passkeys are preview-default features: shown until the vendor turns
  // their flag off.
  const preview = usePreviewFlags([PREVIEW_DEFAULT_FLAGS.newMfaPages, PREVIEW_DEFAULT_FLAGS.passkeys]);
  const passkeys = preview[PREVIEW_DEFAULT_FLAGS.passkeys];

  const act = (key: string, action: () => Promise<unknown>) =>
    actions.run(key, async () => {
      await action();
      await refresh();
    });

  const others = load.status === 'ready' ? load.data.filter((s) => !s.current) : [];
  return (
    <Page title={enPortal.portal.pageTitles.privacy} titleId="ae-portal-privacy-title">
      {sessionsShown && (
        <Section titleId="ae-sessions-title" partName="sessions" title={t.title} intro={t.intro}>
          <LoadStatus load={load} failedText={t.loadFailed} onRetry={reload} />
          {actions.error && <Alert>{actions.error}</Alert>}
          {load.status === 'ready' && (
            <>
              <ItemList partName="session-list">
                {load.data.map((session) => {
                  const device = describeDevice(session.userAgent);
                  const signedIn = formatDateTime(session.createdAt, session.createdAt);
                  return (
                    <Item
                      key={session.id}
                      partName="session"
                      title={device}
                      detail={t.details(session.ipAddress, signedIn)}
                      action={
                        session.current ? (
                          <Badge tone="success">{t.thisDevice}</Badge>
                        ) : (
                          <Button
                            variant="secondary"
                            partName="revoke-session"
                            aria-label={t.signOutOf(device, signedIn)}
                            loading={busy === session.id}
                            loadingLabel={t.signingOut}
                            disabled={busy !== null}
                            onClick={() => act(session.id, () => portalApis(app).sessions.revoke(session.id))}
                          >
                            {t.signOut}
                          </Button>
                        )
                      }
                    />
                  );
                })}
              </ItemList>
              {others.length === 0 ? (
                <p css={mutedStyle}>{t.onlyThisOne}</p>
              ) : (
                <Button
                  variant="secondary"
                  partName="revoke-other-sessions"
                  disabled={busy !== null}
                  onClick={() => setConfirming(true)}
                >
                  {t.signOutOthers}
                </Button>
              )}
            </>
          )}
        </Section>
      )}
      {shown('mfa') && preview[PREVIEW_DEFAULT_FLAGS.newMfaPages] && <MfaSection />}
      {passkeys && <PasskeysSection />}
      <PasswordSection onChanged={() => void refresh()} />
      {confirming && (
        <Dialog
          title={t.confirmTitle}
          titleId="ae-sessions-confirm-title"
          busy={busy === 'all'}
          onClose={() => setConfirming(false)}
        >
          <p>{t.confirmBody(others.length)}</p>
          <DialogFooter>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t.cancel}
            </Button>
            <Button
              partName="confirm-button"
              loading={busy === 'all'}
              loadingLabel={t.signingOut}
              onClick={async () => {
                await act('all', () => portalApis(app).sessions.revokeAllOthers());
                setConfirming(false);
              }}
            >
              {t.confirm}
            </Button>
          </DialogFooter>
        </Dialog>
      )}
    </Page>
  );
}
