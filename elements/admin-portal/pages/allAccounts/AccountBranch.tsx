import type { SubAccount } from '../../../../core/tenants/api';
import { en } from '../../../i18n/en';
import { enPortal } from '../../../i18n/en-portal';
import { portalAdmin } from '../../../i18n/portalAdmin.en';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { LoadFailed } from '../../../ui/Page';
import { Spinner } from '../../../ui/Spinner';
import { mutedStyle } from '../../../ui/styles';
import { ROOT, listStyle, nestedStyle, rowStyle, t, toggleStyle } from './accountsParts';
import type { AccountTree } from './useAccountTree';

/**
 * One branch of the accounts tree: its accounts (each with its open/close toggle and its users
 * button), the open ones' branches below them, and its state (empty, loading, failed, more to load).
 * While a search is on, the root branch lists the matches flat.
 */
export function AccountBranch({
  tree,
  branchKey,
  depth,
  filter,
  onOpenUsers,
  onManage,
}: {
  tree: AccountTree;
  branchKey: string;
  depth: number;
  filter: string;
  onOpenUsers: (account: SubAccount) => void;
  /** A writer's Rename and Delete (absent: the caller may only read). */
  onManage?: ((kind: 'rename' | 'delete', account: SubAccount) => void) | undefined;
}) {
  const branch = tree.branches[branchKey];
  if (!branch) return null;
  const searching = branchKey === ROOT && filter !== '';
  return (
    <>
      {branch.items.length > 0 && (
        <ul css={depth === 0 ? listStyle : nestedStyle} part="accounts-list">
          {branch.items.map((account) => (
            <li key={account.tenantId} part="account-item">
              <div css={rowStyle}>
                {!searching && account.numberOfChildren > 0 ? (
                  <button
                    type="button"
                    css={toggleStyle}
                    part="account-toggle"
                    aria-expanded={tree.expanded.has(account.tenantId)}
                    aria-label={
                      tree.expanded.has(account.tenantId) ? t.collapse(account.name) : t.expand(account.name)
                    }
                    onClick={() => tree.toggle(account)}
                  >
                    {tree.expanded.has(account.tenantId) ? '−' : '+'}
                  </button>
                ) : (
                  <span style={{ width: '1.8em' }} aria-hidden="true" />
                )}
                <span part="account-name" style={{ fontWeight: 600 }}>
                  {account.name}
                </span>
                {account.tenantType && (
                  <Badge partName="account-type">
                    {portalAdmin.subAccounts.types[account.tenantType] ?? account.tenantType}
                  </Badge>
                )}
                <span css={mutedStyle}>{t.users(account.numberOfUsers)}</span>
                <Button
                  variant="link"
                  partName="account-users"
                  aria-label={t.open(account.name)}
                  onClick={() => onOpenUsers(account)}
                >
                  {enPortal.portal.pageTitles.users}
                </Button>
                {onManage && (
                  <>
                    <Button
                      variant="link"
                      partName="account-rename"
                      aria-label={portalAdmin.subAccounts.renameOf(account.name)}
                      onClick={() => onManage('rename', account)}
                    >
                      {portalAdmin.subAccounts.rename}
                    </Button>
                    <Button
                      variant="link"
                      partName="account-delete"
                      aria-label={portalAdmin.subAccounts.deleteOf(account.name)}
                      onClick={() => onManage('delete', account)}
                    >
                      {portalAdmin.common.delete}
                    </Button>
                  </>
                )}
              </div>
              {!searching && tree.expanded.has(account.tenantId) && (
                <AccountBranch
                  tree={tree}
                  branchKey={account.tenantId}
                  depth={depth + 1}
                  filter={filter}
                  onOpenUsers={onOpenUsers}
                  onManage={onManage}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {branch.status === 'ready' && branch.items.length === 0 && depth === 0 && (
        <p part="accounts-empty">{filter ? t.noMatch : t.empty}</p>
      )}
      {branch.status === 'loading' && <Spinner label={en.common.loading} />}
      {branch.status === 'error' && (
        <LoadFailed
          text={`${t.loadFailed} ${branch.error ?? ''}`}
          onRetry={() => void tree.load(branchKey)}
        />
      )}
      {branch.status === 'ready' && branch.next && (
        <Button
          variant="secondary"
          partName="load-more"
          style={{ alignSelf: 'flex-start' }}
          onClick={() => void tree.load(branchKey, branch.next)}
        >
          {t.loadMore}
        </Button>
      )}
    </>
  );
}
