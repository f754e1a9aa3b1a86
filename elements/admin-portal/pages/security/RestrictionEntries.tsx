/**
 * The list half of a restriction tab (IP addresses, email domains): the entries in a table, each
 * removable after a confirmation, and the form that adds one under it. The tabs own their entries'
 * columns, their add form and what a change reloads.
 */
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { DataTable, type Column } from '../../../ui/DataTable';
import { sectionStyle, sectionTitleStyle } from '../../../ui/Page';
import type { ListLoad } from '../../../ui/useListPage';
import { mutedStyle } from '../../../ui/styles';

interface RestrictionTexts {
  title: string;
  empty: string;
  loadFailed: string;
  remove: string;
  removeOf: (name: string) => string;
  removeTitle: string;
  removeBody: (name: string) => string;
}

export function RestrictionEntries<T extends { id: string }>({
  texts,
  caption,
  columns,
  load,
  nameOf,
  part,
  writable,
  onRetry,
  onRemove,
  pagination,
  picker,
  addForm,
}: {
  texts: RestrictionTexts;
  caption: string;
  columns: Array<Column<T>>;
  load: ListLoad<T>;
  nameOf: (row: T) => string;
  /** The table's part is `{part}-table`, a row's `{part}-row`, the menu item's `remove-{part}`. */
  part: string;
  writable: boolean;
  onRetry: () => void;
  onRemove: (row: T) => Promise<void>;
  pagination?: { label: string; page: number; pageSize: number; onPage: (page: number) => void };
  /** What chooses the list shown (above the table). */
  picker?: ReactNode;
  addForm?: ReactNode;
}) {
  const [removing, setRemoving] = useState<T | null>(null);
  return (
    <section css={sectionStyle} aria-label={texts.title}>
      <h3 css={sectionTitleStyle}>{texts.title}</h3>
      {picker}
      <DataTable
        caption={caption}
        columns={columns}
        load={load}
        rowKey={(row) => row.id}
        rowLabel={nameOf}
        rowPart={`${part}-row`}
        tablePart={`${part}-table`}
        empty={<p css={mutedStyle}>{texts.empty}</p>}
        failedText={texts.loadFailed}
        onRetry={onRetry}
        rowActions={
          writable
            ? (row) => [
                {
                  label: texts.remove,
                  ariaLabel: texts.removeOf(nameOf(row)),
                  part: `remove-${part}`,
                  danger: true,
                  onSelect: () => setRemoving(row),
                },
              ]
            : undefined
        }
        pagination={pagination}
      />
      {writable && addForm}
      {removing && (
        <ConfirmDialog
          title={texts.removeTitle}
          titleId={`ae-${part}-remove-title`}
          body={texts.removeBody(nameOf(removing))}
          onClose={() => setRemoving(null)}
          onConfirm={async () => {
            await onRemove(removing);
            setRemoving(null);
          }}
        />
      )}
    </section>
  );
}
