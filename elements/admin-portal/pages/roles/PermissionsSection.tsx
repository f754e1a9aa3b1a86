import { type Role } from '../../../../core/portal/rolesApi';
import { portalAdmin } from '../../../i18n/portalAdmin.en';
import { ListTable, type Column } from '../../../ui/DataTable';
import { sectionStyle, sectionTitleStyle } from '../../../ui/Page';
import { SelectField } from '../../../ui/SelectField';
import { mutedStyle } from '../../../ui/styles';
import type { useListPage, useLoad } from '../../../ui/useListPage';
import { type Catalogue, type CatalogueRow } from './permissionRows';

const t = portalAdmin.roles;

/**
 * The permission catalogue: searched, filtered by category and paged in the browser; loading while
 * the catalogue loads, its failure retried by loading it again.
 */
export function PermissionsSection({
  permissions,
  catalogue,
  columns,
  categories,
  category,
  onCategory,
}: {
  permissions: ReturnType<typeof useListPage<CatalogueRow>>;
  catalogue: ReturnType<typeof useLoad<Catalogue & { roles: Role[] }>>;
  columns: Array<Column<CatalogueRow>>;
  categories: string[];
  category: string;
  onCategory: (category: string) => void;
}) {
  return (
    <section css={sectionStyle} aria-labelledby="ae-roles-permissions-title" part="permissions-list">
      <h3 id="ae-roles-permissions-title" css={sectionTitleStyle}>
        {t.permissionsTitleSection}
      </h3>
      <p css={mutedStyle}>{t.permissionsIntro}</p>
      <ListTable
        list={permissions}
        search={{ label: t.permissionSearchLabel, part: 'permissions-search' }}
        filters={
          <SelectField
            label={t.categoryLabel}
            partName="permissions-category"
            value={category}
            options={[
              { value: '', label: t.allCategories },
              ...categories.map((c) => ({ value: c, label: c })),
            ]}
            onChange={(e) => {
              onCategory(e.target.value);
              permissions.restart();
            }}
          />
        }
        texts={{
          empty: t.permissionsEmpty,
          loadFailed: t.loadFailed,
          total: t.permissionTotal,
          pagination: t.permissionsPagination,
        }}
        pageSizes={[10, 25, 50]}
        load={catalogue.load.status === 'loading' ? { status: 'loading' } : permissions.load}
        onRetry={catalogue.reload}
        caption={t.permissionsTitleSection}
        columns={columns}
        rowKey={(p) => p.id}
        rowLabel={(p) => p.key}
        rowPart="permission-row"
      />
    </section>
  );
}
