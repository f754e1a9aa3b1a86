import { useMemo, useState } from 'react';
import { type createRolesApi, type Role } from '../../../../core/portal/rolesApi';
import { useListPage, type ListData } from '../../../ui/useListPage';
import { useLoad } from '../../../ui/useListPage';
import { catalogueRows, type Catalogue, type CatalogueRow } from './permissionRows';

const PERMISSION_PAGE_SIZE = 10;

/**
 * The permission catalogue with every role (for "attach a permission to several roles"), and its
 * list: searched, filtered by category and paged in the browser, 10 a page.
 */
export function usePermissionCatalogue(api: ReturnType<typeof createRolesApi>, allowed: boolean) {
  const [category, setCategory] = useState('');
  // The whole catalogue and every role (for "attach a permission to several roles").
  const catalogue = useLoad(
    async (): Promise<Catalogue & { roles: Role[] }> => {
      const [permissions, categories, all] = await Promise.all([
        api.permissions(),
        api.categories(),
        api.list({ pageSize: 200 }),
      ]);
      return { permissions, categories, roles: all.items };
    },
    [api],
    allowed,
  );
  const ready = catalogue.load.status === 'ready' ? catalogue.load.data : null;
  const rows = useMemo(() => (ready ? catalogueRows(ready) : null), [ready]);
  const permissions = useListPage<CatalogueRow>({
    fetch: async (q): Promise<ListData<CatalogueRow>> => {
      if (catalogue.load.status === 'error') throw new Error(catalogue.load.message);
      const needle = q.filter.trim().toLowerCase();
      const found = (rows ?? []).filter(
        (p) =>
          (!category || p.category === category) &&
          (!needle || p.name.toLowerCase().includes(needle) || p.key.toLowerCase().includes(needle)),
      );
      return {
        items: found.slice(q.page * q.pageSize, (q.page + 1) * q.pageSize),
        totalItems: found.length,
        totalPages: Math.ceil(found.length / q.pageSize),
      };
    },
    deps: [rows, category, catalogue.load.status],
    pageSize: PERMISSION_PAGE_SIZE,
    enabled: allowed && catalogue.load.status !== 'loading',
  });
  const categories = ready ? [...new Set((rows ?? []).map((p) => p.category))] : [];
  return { catalogue, ready, permissions, categories, category, setCategory };
}
