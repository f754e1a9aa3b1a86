/**
 * Taking over the first frame a server put into the element as a declarative shadow root
 * (server/prerender.ts; docs/architecture.md "Server-rendered first frame"). The element's
 * attachShadow() empties that root and hands it back; what the visitor did in the frame moves into
 * the live form:
 * - the frame's nodes are taken out before the root is emptied and put back until the live form has
 *   drawn its email field (no blank frame, whether the first render is at once or later);
 * - typed values go into the live fields of the same part (as input events, so the form's state has
 *   them), focus and caret move with them (an email field has no selection API: its caret goes to the
 *   end of the text, where typing leaves it);
 * - a submit, or a click on another of the frame's buttons (the sign-up link), held before the bundle
 *   ran (the server's guard marks them) is done again.
 */
type Selection = [start: number, end: number, direction: 'forward' | 'backward' | 'none'];

interface Frame {
  nodes: ChildNode[];
  focused: string | null;
  selection: Selection | null;
}

const FIELD = 'input[part], textarea[part]';
const LIVE_FIELD = '[part~="email-input"]';
const SUBMITTED = 'data-ae-submitted';
const CLICKED = 'data-ae-clicked';

function selectionOf(field: Element | null): Selection | null {
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return null;
  try {
    if (field.selectionStart === null || field.selectionEnd === null) return null;
    return [field.selectionStart, field.selectionEnd, field.selectionDirection ?? 'none'];
  } catch {
    return null;
  }
}

/** Focuses `field` with the caret at `selection` (at the end when unknown). */
function focusWith(field: HTMLInputElement | HTMLTextAreaElement, selection: Selection | null): void {
  field.focus();
  const [start, end, direction] = selection ?? [field.value.length, field.value.length, 'none'];
  const email = field instanceof HTMLInputElement && field.type === 'email' ? field : null;
  try {
    // Fields without a selection API (email) take one as text fields for the moment of setting it.
    if (email) email.type = 'text';
    field.setSelectionRange(start, end, direction);
  } catch {
    /* a field type without a caret */
  } finally {
    if (email) email.type = 'email';
  }
}

function take(root: ShadowRoot): Frame {
  const active = root.activeElement;
  return {
    nodes: [...root.childNodes],
    focused: active?.getAttribute('part') ?? null,
    selection: selectionOf(active),
  };
}

const fieldsIn = (nodes: ChildNode[]) =>
  nodes.flatMap((node) =>
    node instanceof Element ? [...node.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(FIELD)] : [],
  );

/** Sets a value as typing would, so that the form's state (input events) has it. */
function type(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const proto =
    field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

function handOver(root: ShadowRoot, frame: Frame): void {
  const inFrame = (element: Element) => frame.nodes.some((node) => node.contains(element));
  const live = (selector: string) =>
    [...root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(selector)].find((f) => !inFrame(f));

  const finish = () => {
    // Read the frame now: it may have been typed into while it was kept.
    const active = root.activeElement;
    const focused = active && inFrame(active) ? active.getAttribute('part') : frame.focused;
    const selection = active && inFrame(active) ? selectionOf(active) : frame.selection;
    const values = fieldsIn(frame.nodes)
      .filter((field) => field.value !== '')
      .map((field) => [field.getAttribute('part') ?? '', field.value] as const);
    const marked = (attribute: string) =>
      frame.nodes.flatMap((node) =>
        node instanceof Element ? [...node.querySelectorAll(`[${attribute}]`)] : [],
      );
    const submitted = marked(SUBMITTED).length > 0;
    const clicked = marked(CLICKED).map((button) => button.getAttribute('part') ?? '');
    for (const node of frame.nodes) node.remove();
    const target = (part: string) => live(`[part="${CSS.escape(part)}"]`);
    for (const [part, value] of values) {
      const field = target(part);
      if (field && field.value === '') type(field, value);
    }
    const focus = focused ? target(focused) : undefined;
    if (focus) focusWith(focus, selection);
    const form = live(LIVE_FIELD)?.form;
    // After the form has re-rendered with the values.
    if (submitted && form) setTimeout(() => form.requestSubmit());
    for (const part of clicked) setTimeout(() => live(`[part="${CSS.escape(part)}"]`)?.click());
  };

  if (live(LIVE_FIELD)) return finish();
  // Not drawn yet: the frame stays (and keeps focus and caret) until it is.
  root.append(...frame.nodes);
  const field = frame.focused ? root.querySelector(`[part="${CSS.escape(frame.focused)}"]`) : null;
  if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)
    focusWith(field, frame.selection);
  const observer = new MutationObserver(() => {
    if (!live(LIVE_FIELD)) return;
    observer.disconnect();
    finish();
  });
  observer.observe(root, { childList: true, subtree: true });
}

type ElementClass = new () => HTMLElement & { connectedCallback?(): void };

/** The element class `Base` (r2wc's, which attaches its shadow root in its constructor), taking over a first frame. */
export function takingOverFirstFrame(Base: CustomElementConstructor): CustomElementConstructor {
  const frames = new WeakMap<Element, Frame>();
  const Live = Base as ElementClass;
  return class extends Live {
    override attachShadow(init: ShadowRootInit): ShadowRoot {
      const declared = this.shadowRoot;
      if (declared?.querySelector(LIVE_FIELD)) frames.set(this, take(declared));
      return super.attachShadow(init);
    }

    override connectedCallback(): void {
      super.connectedCallback?.();
      const frame = frames.get(this);
      if (!frame || !this.shadowRoot) return;
      frames.delete(this);
      handOver(this.shadowRoot, frame);
    }
  };
}
