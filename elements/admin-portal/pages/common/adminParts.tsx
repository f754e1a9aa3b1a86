/**
 * Pieces the portal's pages share beyond the page kit (elements/ui): the page's API module over the
 * portal's client, the signed-in user's permissions, a one-off load with retry, the no-permission
 * page, the account's roles as a checklist, and the scroll area of the dialogs' checklists. Everything here is in those
 * pages' chunks, never in the sign-in page.
 */
import { css } from '@emotion/react';
import { useMemo } from 'react';
import { createAccountSettingsApi } from '../../../../core/api/accountSettings';
import type { HttpClient } from '../../../../core/api/http';
import { createSessionsApi } from '../../../../core/api/sessions';
import { createTeamApi } from '../../../../core/api/team';
import type { AuthApp } from '../../../../core/app';
import { canReadPage, hasPermission, type PortalPageId } from '../../../../core/portal/pages';
import { selectUser } from '../../../../core/store/auth/authSlice';
import { enPortal } from '../../../i18n/en-portal';
import { useAppSelector, useAuthApp } from '../../../shared/AppContext';
import type { AssignableRole } from '../../../../core/api/team';
import { en } from '../../../i18n/en';
import { CheckList, type useChoice } from '../../../ui/CheckList';
import { Page } from '../../../ui/Page';
import { Spinner } from '../../../ui/Spinner';
import { useLoad } from '../../../ui/useListPage';
import { mutedStyle } from '../../../ui/styles';

export const scrollAreaStyle = css({
  maxHeight: '45vh',
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: '12px',
});

/** The signed-in user's permission keys and helpers over them. */
export function usePermissions() {
  const me = useAppSelector(selectUser);
  const held = useMemo(() => me?.permissions.map((p) => p.key) ?? [], [me]);
  return {
    me,
    held,
    can: (permission: string) => hasPermission(held, permission),
    canRead: (page: PortalPageId) => canReadPage(page, held),
  };
}

const portalApiCache = new WeakMap<AuthApp, ReturnType<typeof createPortalApis>>();
const createPortalApis = (http: HttpClient) => ({
  team: createTeamApi(http),
  accountSettings: createAccountSettingsApi(http),
  sessions: createSessionsApi(http),
});
/**
 * The API modules only portal pages use (members and roles, account settings, login sessions),
 * built once per app over the portal's client: they load with the pages, not with the sign-in page.
 */
export function portalApis(app: AuthApp) {
  let apis = portalApiCache.get(app);
  if (!apis) portalApiCache.set(app, (apis = createPortalApis(app.services.api.portalHttp)));
  return apis;
}

/** An API module of a page, over the portal's client (request source admin-portal). */
export function usePageApi<T>(factory: (http: HttpClient) => T): T {
  const app = useAuthApp();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the factory is a module-level function of the page; a new client only with a new app
  return useMemo(() => factory(app.services.api.portalHttp), [app]);
}

/** A page the signed-in user may not read: its title and why. */
export function NoPermission({ title, titleId }: { title: string; titleId: string }) {
  return (
    <Page title={title} titleId={titleId}>
      <p css={mutedStyle} role="status">
        {enPortal.portal.noPermission}
      </p>
    </Page>
  );
}

/** The roles an admin can give, loaded once per dialog; a failure leaves an empty list and says why. */
export function useAssignableRoles(enabled = true) {
  const app = useAuthApp();
  const { load } = useLoad(() => portalApis(app).team.listRoles(), [app], enabled);
  return {
    roles: load.status === 'ready' ? load.data : load.status === 'error' ? [] : null,
    error: load.status === 'error' ? load.message : null,
  };
}

/** The account's roles as checkboxes, with their descriptions; a spinner while they load. */
export function RolesChoice({
  roles,
  choice,
  disabled,
  legend,
  empty,
  describe = true,
}: {
  roles: readonly AssignableRole[] | null;
  choice: ReturnType<typeof useChoice>;
  disabled: boolean;
  legend: string;
  empty?: string;
  describe?: boolean;
}) {
  if (roles === null) return <Spinner label={en.common.loading} />;
  return (
    <CheckList
      legend={legend}
      items={roles}
      choice={choice}
      disabled={disabled}
      empty={empty}
      note={describe ? (role) => role.description && `— ${role.description}` : undefined}
      part="roles-choice"
    />
  );
}
