/// <reference types="mocha" />
// The page kit's table and list hook (elements/ui/DataTable, RowActions, useListPage), rendered
// on their own: sorting, the row menu by keyboard, selection, paging and the empty and error states.
import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { waitFor } from '../test-support/fixtures';
import { DataTable, type Column } from './DataTable';
import { useListPage, type ListQuery } from './useListPage';

interface Person {
  id: string;
  name: string;
}
const PEOPLE: Person[] = Array.from({ length: 25 }, (_, i) => ({
  id: `p${i}`,
  name: `Person ${String(i).padStart(2, '0')}`,
}));
const columns: Array<Column<Person, 'name'>> = [
  { id: 'name', header: 'Name', sortBy: 'name', cell: (p) => p.name },
];

let root: Root | null = null;
let host: HTMLElement | null = null;
const queries: Array<ListQuery<'name'>> = [];
const chosen: string[] = [];

function Harness({ fail = false, people = PEOPLE }: { fail?: boolean; people?: Person[] }) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const list = useListPage<Person, 'name'>({
    fetch: async (q) => {
      queries.push(q);
      if (fail) throw new Error('Network down.');
      const found = people
        .filter((p) => p.name.includes(q.filter))
        .sort((x, y) => (q.order === 'DESC' ? -1 : 1) * x.name.localeCompare(y.name));
      return {
        items: found.slice(q.page * q.pageSize, (q.page + 1) * q.pageSize),
        totalItems: found.length,
        totalPages: Math.ceil(found.length / q.pageSize),
      };
    },
    initialSort: { by: 'name', order: 'ASC' },
    pageSize: 10,
  });
  return (
    <>
      <input aria-label="search" value={list.search} onChange={(e) => list.setSearch(e.target.value)} />
      <DataTable
        caption="People"
        columns={columns}
        load={list.load}
        rowKey={(p) => p.id}
        rowLabel={(p) => p.name}
        rowActions={(p) => [
          {
            label: 'Edit',
            ariaLabel: `Edit ${p.name}`,
            part: 'edit',
            onSelect: () => chosen.push(`edit ${p.id}`),
          },
          { label: 'Delete', part: 'delete', danger: true, onSelect: () => chosen.push(`delete ${p.id}`) },
        ]}
        sort={list.sort}
        onSort={list.toggleSort}
        rowPart="person-row"
        empty={<p>Nobody here.</p>}
        failedText="People could not be loaded."
        onRetry={list.reload}
        selection={{ selected, onChange: setSelected, actions: <button type="button">Bulk</button> }}
        pagination={{
          label: 'People pages',
          page: list.page,
          pageSize: list.pageSize,
          pageSizes: [10, 20],
          onPage: list.setPage,
          onPageSize: list.setPageSize,
        }}
      />
    </>
  );
}

async function render(props: { fail?: boolean; people?: Person[] } = {}) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  root.render(<Harness {...props} />);
  return host;
}
const rows = () => [...host!.querySelectorAll('[part~="person-row"]')].map((r) => r.textContent);
const button = (name: string) =>
  [...host!.querySelectorAll('button')].find(
    (b) => (b.getAttribute('aria-label') ?? b.textContent) === name,
  )!;

describe('page kit: DataTable and useListPage', () => {
  afterEach(async () => {
    root?.unmount();
    host?.remove();
    queries.length = 0;
    chosen.length = 0;
  });

  it('sorts from the header (aria-sort follows), pages, and changes the page size', async () => {
    await render();
    await waitFor(() => rows().length === 10);
    const th = host!.querySelector('th[aria-sort]')!;
    expect(th.getAttribute('aria-sort')).to.equal('ascending');
    expect(
      host!.querySelector('[role="region"]')!.getAttribute('tabindex'),
      'the scroll region takes focus',
    ).to.equal('0');
    button('Sort by Name').click();
    await waitFor(() => rows()[0]?.includes('Person 24'));
    expect(th.getAttribute('aria-sort')).to.equal('descending');
    expect(host!.textContent).to.contain('1–10 of 25');
    button('Next page').click();
    await waitFor(() => host!.textContent!.includes('11–20 of 25'));
    expect(host!.textContent).to.contain('Page 2 of 3');
    const size = host!.querySelector<HTMLSelectElement>('[part~="page-size"]')!;
    size.value = '20';
    size.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => rows().length === 20);
    expect(queries.at(-1)).to.include({ page: 0, pageSize: 20 });
  });

  it('debounces the search, starts again at the first page, and hides paging when nothing matches', async () => {
    await render();
    await waitFor(() => rows().length === 10);
    const input = host!.querySelector('input[aria-label="search"]') as HTMLInputElement;
    input.focus();
    await sendKeys({ type: 'zzz' });
    const before = queries.length;
    await waitFor(() => host!.textContent!.includes('Nobody here.'), 2000);
    expect(queries.length - before, 'one request for the whole word').to.equal(1);
    expect(host!.querySelector('nav[aria-label="People pages"]'), 'no pager without results').to.equal(null);
  });

  it("opens a row's menu from the keyboard, moves with arrows, and returns focus on Escape", async () => {
    await render();
    await waitFor(() => rows().length === 10);
    const trigger = button('Actions for Person 00');
    expect(trigger.getAttribute('aria-haspopup')).to.equal('menu');
    trigger.focus();
    await sendKeys({ press: 'Enter' });
    const menu = await waitFor(() => host!.querySelector('[role="menu"]'));
    expect(menu.getAttribute('aria-label')).to.equal('Actions for Person 00');
    await waitFor(() => document.activeElement?.getAttribute('aria-label') === 'Edit Person 00');
    await sendKeys({ press: 'ArrowDown' });
    expect(document.activeElement?.textContent).to.equal('Delete');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !host!.querySelector('[role="menu"]'));
    expect(document.activeElement).to.equal(trigger);
    await sendKeys({ press: 'Enter' });
    await waitFor(() => host!.querySelector('[role="menu"]'));
    await sendKeys({ press: 'Enter' });
    await waitFor(() => chosen.length === 1);
    expect(chosen).to.deep.equal(['edit p0']);
  });

  it('selects rows, shows the bulk actions, and clears the selection', async () => {
    await render();
    await waitFor(() => rows().length === 10);
    (host!.querySelector('input[aria-label="Select Person 01"]') as HTMLInputElement).click();
    await waitFor(() => host!.textContent!.includes('1 selected'));
    (host!.querySelector('input[aria-label="Select all rows on this page"]') as HTMLInputElement).click();
    await waitFor(() => host!.textContent!.includes('10 selected'));
    button('Clear selection').click();
    await waitFor(() => !host!.querySelector('[part~="bulk-actions"]'));
  });

  it('shows the error with a retry that asks again', async () => {
    await render({ fail: true });
    await waitFor(() => host!.querySelector('[role="alert"]'));
    expect(host!.querySelector('[role="alert"]')!.textContent).to.match(/^People could not be loaded\. /);
    const before = queries.length;
    button('Try again').click();
    await waitFor(() => queries.length === before + 1);
  });
});
