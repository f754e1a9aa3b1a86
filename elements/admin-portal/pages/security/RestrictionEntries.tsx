/**
 * The two halves of a restriction tab (IP addresses, email domains). RestrictionConfig: whether the
 * restriction is on and which list applies, with what else the tab adds, saved as one. RestrictionEntries:
 * the entries in a table, each removable after a confirmation, and the form that adds one under
 * it. The tabs own their texts, their entries' columns, their add form and what a change reloads.
 */
import type { ReactNode } from 'react';
import type { IpStrategy } from '../../../../core/api/securityPolicies';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { DataTable, type Column } from '../../../ui/DataTable';
import { InlineStatus } from '../../../ui/InlineStatus';
import { readableWidthStyle, sectionStyle, sectionTitleStyle, toolbarStyle } from '../../../ui/Page';
import { SelectField } from '../../../ui/SelectField';
import { Switch } from '../../../ui/Switch';
import { useConfirmAction } from '../../../ui/useConfirmAction';
import type { ListLoad } from '../../../ui/useListPage';
import { formStyle, mutedStyle } from '../../../ui/styles';

/**
 * The config form: `active` and `list` are the draft's, `change` edits the draft, `save` sends it.
 * `before` shows under the description (the IP tab's own address); `extra` among the fields; `more`
 * beside the save button.
 */
export function RestrictionConfig({
  texts,
  part,
  active,
  list,
  change,
  save,
  writable,
  busy,
  error,
  status,
  onDismissStatus,
  before,
  extra,
  more,
}: {
  texts: {
    title: string;
    description: string;
    toggle: string;
    listLabel: string;
    lists: Record<IpStrategy, string>;
    save: string;
  };
  part: string;
  active: boolean;
  list: IpStrategy;
  change: (next: { active?: boolean; list?: IpStrategy }) => void;
  save: () => void;
  writable: boolean;
  busy: boolean;
  error: string | null;
  status: string | null;
  onDismissStatus: () => void;
  before?: ReactNode;
  extra?: ReactNode;
  more?: ReactNode;
}) {
  return (
    <section css={[sectionStyle, readableWidthStyle]} aria-label={texts.title}>
      <h3 css={sectionTitleStyle}>{texts.title}</h3>
      <p css={mutedStyle}>{texts.description}</p>
      {before}
      <form
        css={formStyle}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Switch
          checked={active}
          disabled={!writable}
          partName={`${part}-active`}
          onClick={() => change({ active: !active })}
        >
          {texts.toggle}
        </Switch>
        <SelectField
          label={texts.listLabel}
          value={list}
          disabled={!writable}
          partName={`${part}-list-type`}
          options={[
            { value: 'ALLOW', label: texts.lists.ALLOW },
            { value: 'BLOCK', label: texts.lists.BLOCK },
          ]}
          onChange={(event) => change({ list: event.target.value as IpStrategy })}
        />
        {extra}
        {error && <Alert>{error}</Alert>}
        {status && <InlineStatus onDismiss={onDismissStatus}>{status}</InlineStatus>}
        {writable && (
          <div css={toolbarStyle}>
            <Button type="submit" disabled={busy}>
              {texts.save}
            </Button>
            {more}
          </div>
        )}
      </form>
    </section>
  );
}

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
  const remove = useConfirmAction<T>({
    run: onRemove,
    title: texts.removeTitle,
    titleId: `ae-${part}-remove-title`,
    body: (row) => texts.removeBody(nameOf(row)),
    menu: { label: texts.remove, ariaLabel: (row) => texts.removeOf(nameOf(row)), part: `remove-${part}` },
  });
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
        rowActions={writable ? (row) => [remove.rowAction(row)] : undefined}
        pagination={pagination}
      />
      {writable && addForm}
      {remove.dialog}
    </section>
  );
}
