/// <reference types="mocha" />
// autoFocus on the kit's fields and buttons: taken at mount unless the user's focus is elsewhere on
// the page (a second login box mounting late must not take the caret from the first one's field).
import { expect } from 'chai';
import { act, useState } from 'react';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
import { createRoot, type Root } from 'react-dom/client';
import { Button } from './Button';
import { TextField } from './TextField';

const cleanups: (() => void)[] = [];
afterEach(async () => {
  await act(async () => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });
});

/** Renders into a fresh shadow root, as our elements do. */
async function renderInShadow(node: React.ReactNode): Promise<{ shadow: ShadowRoot; root: Root }> {
  const host = document.createElement('div');
  document.body.append(host);
  const shadow = host.attachShadow({ mode: 'open' });
  const mount = document.createElement('div');
  shadow.append(mount);
  const root = createRoot(mount);
  await act(async () => root.render(node));
  cleanups.push(() => {
    root.unmount();
    host.remove();
  });
  return { shadow, root };
}

function pageInput(): HTMLInputElement {
  const input = document.createElement('input');
  input.setAttribute('aria-label', 'host field');
  document.body.append(input);
  cleanups.push(() => input.remove());
  return input;
}

function Form() {
  const [a, setA] = useState('');
  const [b, setB] = useState('');
  return (
    <>
      <TextField label="First" autoFocus value={a} onChange={(e) => setA(e.target.value)} />
      <TextField label="Second" value={b} onChange={(e) => setB(e.target.value)} />
    </>
  );
}

describe('autoFocus (kit fields and buttons)', () => {
  it('focuses the field at mount when nothing else holds the focus', async () => {
    (document.activeElement as HTMLElement | null)?.blur();
    const { shadow } = await renderInShadow(<TextField label="Email" autoFocus />);
    expect(shadow.activeElement).to.equal(shadow.querySelector('input'));
  });

  it('leaves the focus on a host page field the user is typing in', async () => {
    const typing = pageInput();
    typing.focus();
    const { shadow } = await renderInShadow(<TextField label="Email" autoFocus />);
    expect(document.activeElement).to.equal(typing);
    expect(shadow.activeElement).to.equal(null);
  });

  it('leaves the focus in another element’s shadow root (two login boxes on one page)', async () => {
    (document.activeElement as HTMLElement | null)?.blur();
    const first = await renderInShadow(<TextField label="Email" autoFocus />);
    const firstInput = first.shadow.querySelector('input')!;
    expect(first.shadow.activeElement).to.equal(firstInput);
    const second = await renderInShadow(<Button autoFocus>Continue</Button>);
    expect(first.shadow.activeElement).to.equal(firstInput);
    expect(second.shadow.activeElement).to.equal(null);
  });

  it('moves the focus within its own root, once: a re-render does not pull it back', async () => {
    (document.activeElement as HTMLElement | null)?.blur();
    const { shadow } = await renderInShadow(<Form />);
    const [first, second] = shadow.querySelectorAll('input');
    expect(shadow.activeElement).to.equal(first);
    second!.focus();
    // Typing in the second field re-renders the form; the first field keeps its autoFocus prop.
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    await act(async () => {
      setter.call(second, 'x');
      second!.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(second!.value).to.equal('x');
    expect(shadow.activeElement).to.equal(second);
  });

  it('a focused button in the same root hands the focus to the next step’s field', async () => {
    (document.activeElement as HTMLElement | null)?.blur();
    function Steps() {
      const [step, setStep] = useState(1);
      return step === 1 ? (
        <Button onClick={() => setStep(2)}>Next</Button>
      ) : (
        <>
          <Button>Back</Button>
          <TextField label="Code" autoFocus />
        </>
      );
    }
    const { shadow } = await renderInShadow(<Steps />);
    const next = shadow.querySelector('button')!;
    next.focus();
    await act(async () => next.click());
    expect(shadow.activeElement).to.equal(shadow.querySelector('input'));
  });
});
