/// <reference types="mocha" />
// The kit's form pieces rendered on their own: Switch's name and text agree, FormDialog with
// useFormFields clears a field's error when the field changes, PasswordField's toggle.
import { expect } from 'chai';
import { act } from 'react';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
import { createRoot, type Root } from 'react-dom/client';
import { waitFor } from '../test-support/fixtures';
import { FormDialog } from './ConfirmDialog';
import { PasswordField } from './PasswordField';
import { Switch } from './Switch';
import { TextField } from './TextField';
import { useFormFields } from './useFormFields';

let root: Root | null = null;
let host: HTMLElement | null = null;

async function render(node: React.ReactNode): Promise<HTMLElement> {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root!.render(node));
  return host;
}

function typeInto(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  setter.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The text a sighted user reads on an element: its text without aria-hidden parts. */
function visibleLabel(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  copy.querySelectorAll('[aria-hidden="true"]').forEach((e) => e.remove());
  return copy.textContent!.trim();
}

function NameDialog({ onSubmitted }: { onSubmitted: (name: string) => void }) {
  const form = useFormFields({ name: '' });
  return (
    <FormDialog
      title="Add a thing"
      titleId="t"
      busy={false}
      error={form.banner('Server said no')}
      onClose={() => {}}
      onSubmit={() => {
        if (form.check({ name: form.values.name.trim() ? null : 'Enter a name.' }))
          onSubmitted(form.values.name);
      }}
      submitLabel="Create"
      busyLabel="Creating…"
    >
      <TextField label="Name" {...form.field('name')} />
    </FormDialog>
  );
}

describe('page kit: forms', () => {
  afterEach(() => {
    root?.unmount();
    host?.remove();
    root = null;
  });

  it('Switch: the visible label starts the accessible name, the state is aria-checked and shown as text', async () => {
    const el = await render(
      <Switch checked aria-label="Access for Ada" stateText="Allowed">
        Access
      </Switch>,
    );
    const button = el.querySelector('[role="switch"]')!;
    expect(button.textContent).to.equal('Access: Allowed');
    expect(button.getAttribute('aria-label')!.startsWith(visibleLabel(button))).to.equal(true);
    expect(button.getAttribute('aria-checked')).to.equal('true');
  });

  it('FormDialog + useFormFields: "Enter a name." goes as soon as the name is typed, and the banner with it', async () => {
    const sent: string[] = [];
    const el = await render(<NameDialog onSubmitted={(n) => sent.push(n)} />);
    const input = el.querySelector('input')!;
    expect(el.querySelector('[role="alert"]')!.textContent).to.equal('Server said no');
    await act(async () => (el.querySelector('[part~="confirm-button"]') as HTMLButtonElement).click());
    expect(el.querySelector('[part~="field-error"]')!.textContent).to.equal('Enter a name.');
    expect(document.activeElement).to.equal(input);
    // A submit stopped by the field: its own message, not the old banner beside it.
    expect(el.querySelector('[role="alert"]')).to.equal(null);
    await act(async () => typeInto(input, 'A'));
    await waitFor(() => !el.querySelector('[part~="field-error"]'));
    expect(input.getAttribute('aria-invalid')).to.equal(null);
    await act(async () => (el.querySelector('[part~="confirm-button"]') as HTMLButtonElement).click());
    expect(sent).to.deep.equal(['A']);
  });

  it('PasswordField: the toggle shows and hides the password and says so with aria-pressed', async () => {
    const el = await render(<PasswordField label="Password" defaultValue="s3cret" />);
    const input = el.querySelector('input')!;
    const toggle = el.querySelector<HTMLButtonElement>('[part="password-toggle"]')!;
    expect(toggle.getAttribute('aria-controls')).to.equal(input.id);
    expect(input.labels![0]!.textContent).to.equal('Password');
    await act(async () => toggle.click());
    expect([input.type, toggle.getAttribute('aria-pressed'), input.value]).to.deep.equal([
      'text',
      'true',
      's3cret',
    ]);
    await act(async () => toggle.click());
    expect([input.type, toggle.getAttribute('aria-pressed')]).to.deep.equal(['password', 'false']);
  });
});
