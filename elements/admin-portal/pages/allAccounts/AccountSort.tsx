import type { SubAccountSort } from '../../../../core/tenants/api';
import { portalAdmin } from '../../../i18n/portalAdmin.en';
import { SelectField } from '../../../ui/SelectField';

const m = portalAdmin.subAccounts;
const FIELDS: Array<SubAccountSort['sortBy']> = ['name', 'createdAt', 'tenantId'];

/** The accounts' sort: a field of spec 001 §3 "Tenant sort fields" and an order. */
export function AccountSort({
  sortBy,
  order,
  onSortBy,
  onOrder,
}: SubAccountSort & {
  onSortBy: (field: SubAccountSort['sortBy']) => void;
  onOrder: (order: SubAccountSort['order']) => void;
}) {
  return (
    <>
      <SelectField
        label={m.sortBy}
        value={sortBy}
        partName="accounts-sort"
        options={FIELDS.map((field) => ({ value: field, label: m.sortFields[field] ?? field }))}
        onChange={(event) => onSortBy(event.target.value as SubAccountSort['sortBy'])}
      />
      <SelectField
        label={m.order}
        value={order}
        partName="accounts-order"
        options={[
          { value: 'ASC', label: m.ascending },
          { value: 'DESC', label: m.descending },
        ]}
        onChange={(event) => onOrder(event.target.value as SubAccountSort['order'])}
      />
    </>
  );
}
