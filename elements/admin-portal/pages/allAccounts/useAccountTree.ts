import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../../core/api/errors';
import type { SubAccount, SubAccountSort } from '../../../../core/tenants/api';
import { appendPage } from '../../../../core/tenants/rules';
import { type Api, type Branch, ROOT } from './accountsParts';

/**
 * The accounts tree's state: the loaded branches (the root or a search under ROOT, a sub-account's
 * children under its tenantId) and which are open. Every new search starts over; answers of an
 * older search are dropped. Every branch is sorted alike (`sort`, the hierarchy search's
 * `_sortBy` / `_order`); a new sort starts over too.
 */
export function useAccountTree(api: Api, filter: string, allowed: boolean, sort: SubAccountSort) {
  const [branches, setBranches] = useState<Record<string, Branch>>({});
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const generation = useRef(0);

  /** Loads the first page of a branch, or its next page from `link`; later answers of an older search are dropped. */
  const load = useCallback(
    async (key: string, link?: string) => {
      const mine = generation.current;
      setBranches((b) => ({
        ...b,
        [key]: { items: b[key]?.items ?? [], next: b[key]?.next ?? '', status: 'loading' },
      }));
      try {
        const page = link
          ? await api.next(link)
          : await api.search(key === ROOT ? { filter, sort } : { subTenantId: key, sort });
        if (mine !== generation.current) return;
        setBranches((b) => ({
          ...b,
          [key]: {
            items: appendPage(link ? (b[key]?.items ?? []) : [], page.items),
            next: page._links.next,
            status: 'ready',
          },
        }));
      } catch (error) {
        if (mine !== generation.current) return;
        setBranches((b) => ({
          ...b,
          [key]: {
            items: b[key]?.items ?? [],
            next: b[key]?.next ?? '',
            status: 'error',
            error: errorMessage(error),
          },
        }));
      }
    },
    [api, filter, sort],
  );

  useEffect(() => {
    if (!allowed) return;
    generation.current += 1;
    setBranches({});
    setExpanded(new Set());
    void load(ROOT);
  }, [allowed, load]);

  const toggle = (account: SubAccount) => {
    const open = !expanded.has(account.tenantId);
    setExpanded((current) => {
      const next = new Set(current);
      if (open) next.add(account.tenantId);
      else next.delete(account.tenantId);
      return next;
    });
    if (open && !branches[account.tenantId]) void load(account.tenantId);
  };

  /** Loads a branch again from its first page (after an account was added to it) and opens it. */
  const reload = (key: string) => {
    generation.current += 1;
    void load(key);
    if (key !== ROOT) setExpanded((current) => new Set(current).add(key));
  };

  return { branches, expanded, load, toggle, reload };
}

export type AccountTree = ReturnType<typeof useAccountTree>;
