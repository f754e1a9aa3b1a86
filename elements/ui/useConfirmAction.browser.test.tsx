/// <reference types="mocha" />
// The page kit's confirmed row action (elements/ui/useConfirmAction) in a ListTable without search,
// and the dialog that shows a secret once (SecretDialog in elements/ui/CopyField), rendered on their
// own: the menu item, the question, the call, the close and the reload; a failure kept in the
// dialog; focus back on Cancel.
import { expect } from 'chai';
import { createRoot, type Root } from 'react-dom/client';
import { waitFor } from '../test-support/fixtures';
import { SecretDialog } from './CopyField';
import { ListTable, type Column } from './DataTable';
import { useConfirmAction } from './useConfirmAction';
import { listData, useListPage } from './useListPage';

interface Thing {
  id: string;
  name: string;
}
const columns: Array<Column<Thing>> = [{ id: 'name', header: 'Name', cell: (x) => x.name }];

let root: Root | null = null;
let host: HTMLElement | null = null;
let things: Thing[] = [];
const calls: string[] = [];

function Harness({ fail = false }: { fail?: boolean }) {
  const list = useListPage<Thing>({ fetch: async () => listData([...things]) });
  const remove = useConfirmAction<Thing>({
    run: async (thing) => {
      calls.push(`remove ${thing.id}`);
      if (fail) throw new Error('The server said no.');
      things = things.filter((x) => x.id !== thing.id);
    },
    done: (thing) => {
      calls.push(`done ${thing.id}`);
      list.reload();
    },
    title: 'Delete this thing?',
    titleId: 'delete-thing-title',
    body: (thing) => `${thing.name} will be deleted.`,
    menu: { label: 'Delete', ariaLabel: (thing) => `Delete the thing ${thing.name}`, part: 'delete-thing' },
  });
  return (
    <>
      <ListTable
        list={list}
        texts={{
          empty: 'No things.',
          loadFailed: 'Things could not be loaded.',
          total: (n) => `${n} things`,
        }}
        caption="Things"
        columns={columns}
        rowKey={(x) => x.id}
        rowLabel={(x) => x.name}
        // An item that is false (not allowed here) is left out of the menu.
        rowActions={(x) => [false, remove.rowAction(x)]}
        rowPart="thing-row"
      />
      {remove.dialog}
    </>
  );
}

function render(node: JSX.Element) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  root.render(node);
  return host;
}
const rows = () =>
  [...host!.querySelectorAll('[part~="thing-row"]')].map((r) => r.textContent!.replace('⋯', ''));
const byName = (name: string) =>
  [...host!.querySelectorAll('button')].find(
    (b) => (b.getAttribute('aria-label') ?? b.textContent) === name,
  )!;

async function openDelete(name: string) {
  byName(`Actions for ${name}`).click();
  const item = await waitFor(() => host!.querySelector<HTMLButtonElement>('[part~="delete-thing"]'));
  expect(item.getAttribute('aria-label')).to.equal(`Delete the thing ${name}`);
  expect(item.textContent).to.equal('Delete');
  expect(host!.querySelectorAll('[role="menuitem"]').length, 'the false item left out').to.equal(1);
  expect(item.hasAttribute('data-danger'), 'shown as danger').to.equal(true);
  item.click();
  return waitFor(() => host!.querySelector<HTMLElement>('[role="dialog"]'));
}

describe('page kit: useConfirmAction and SecretDialog', () => {
  beforeEach(() => {
    things = [
      { id: 'a', name: 'Alpha' },
      { id: 'b', name: 'Beta' },
    ];
    calls.length = 0;
  });
  afterEach(() => {
    root?.unmount();
    host?.remove();
  });

  it('asks from the row menu, runs the call, closes, then reloads', async () => {
    render(<Harness />);
    await waitFor(() => rows().length === 2);
    // A ListTable without search or pagination: no toolbar, no pager, the total.
    expect(host!.querySelector('input[type="search"]')).to.equal(null);
    expect(host!.querySelector('nav')).to.equal(null);
    expect(host!.textContent).to.contain('2 things');
    const dialog = await openDelete('Beta');
    expect(dialog.getAttribute('aria-labelledby')).to.equal('delete-thing-title');
    expect(dialog.textContent).to.contain('Delete this thing?');
    expect(dialog.textContent).to.contain('Beta will be deleted.');
    (dialog.querySelector('[part~="confirm-button"]') as HTMLButtonElement).click();
    await waitFor(() => !host!.querySelector('[role="dialog"]'));
    await waitFor(() => rows().length === 1);
    expect(rows()).to.deep.equal(['Alpha']);
    expect(host!.textContent).to.contain('1 things');
    expect(calls).to.deep.equal(['remove b', 'done b']);
  });

  it('keeps a failure in the dialog, does not reload, and Cancel returns focus to the menu button', async () => {
    render(<Harness fail />);
    await waitFor(() => rows().length === 2);
    const trigger = byName('Actions for Alpha');
    const dialog = await openDelete('Alpha');
    (dialog.querySelector('[part~="confirm-button"]') as HTMLButtonElement).click();
    await waitFor(() => dialog.querySelector('[role="alert"]'));
    expect(host!.querySelector('[role="dialog"]'), 'the dialog stays open').to.equal(dialog);
    expect(calls).to.deep.equal(['remove a']);
    byName('Cancel').click();
    await waitFor(() => !host!.querySelector('[role="dialog"]'));
    await waitFor(() => document.activeElement === trigger);
    expect(rows()).to.deep.equal(['Alpha', 'Beta']);
  });

  it('SecretDialog shows each value once with its Copy button, skips the absent ones, and Done closes', async () => {
    let closed = 0;
    render(
      <SecretDialog
        title="Token created"
        titleId="token-created-title"
        body="Copy the secret now."
        fields={[
          false,
          { label: 'Secret', value: 's3cr3t', copyLabel: 'Copy the secret', partName: 'the-secret' },
        ]}
        doneLabel="Done"
        onClose={() => {
          closed += 1;
        }}
      />,
    );
    const dialog = await waitFor(() => host!.querySelector<HTMLElement>('[role="dialog"]'));
    expect(dialog.textContent).to.contain('Copy the secret now.');
    const inputs = dialog.querySelectorAll('input');
    expect(inputs.length).to.equal(1);
    expect(inputs[0]!.value).to.equal('s3cr3t');
    expect(inputs[0]!.readOnly).to.equal(true);
    expect(byName('Copy the secret')).to.not.equal(undefined);
    (dialog.querySelector('[part~="done-button"]') as HTMLButtonElement).click();
    expect(closed).to.equal(1);
  });
});
