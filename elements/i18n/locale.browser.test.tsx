/// <reference types="mocha" />
// The elements' language: the `locale` attribute, the page's `lang`, a change at run time, the host's
// overrides over a translation, right to left (docs/i18n.md).
import { expect } from 'chai';
import '../login-box/login-box.define';
import { mount, part, typeInto, unmountAll, waitFor } from '../test-support/fixtures';
import { setLocale } from './locale';
import { applyLocalizations } from './localize';

const root = (element: HTMLElement) => element.shadowRoot!.querySelector<HTMLElement>('[lang]');
const heading = (element: HTMLElement) => element.shadowRoot!.querySelector('h1, h2')?.textContent ?? '';

describe('the elements in the page language', () => {
  afterEach(async () => {
    unmountAll();
    applyLocalizations(undefined);
    document.documentElement.lang = '';
    await setLocale(undefined, true);
  });

  it('shows the login box in the language of its locale attribute, and follows a change', async () => {
    const box = await mount('auth-login-box', { demo: '', locale: 'es' });
    await waitFor(() => heading(box) === 'Iniciar sesión');
    expect(root(box)?.lang).to.equal('es');
    expect(root(box)?.dir).to.equal('ltr');
    box.setAttribute('locale', 'en-GB');
    await waitFor(() => heading(box) === 'Sign in');
  });

  it('keeps what was typed when the language changes: only the texts change', async () => {
    const box = await mount('auth-login-box', { demo: '' });
    const input = await waitFor(() => part<HTMLInputElement>(box, 'email-input'));
    const label = () => box.shadowRoot!.querySelector(`label[for="${input.id}"]`)?.textContent ?? '';
    expect(label()).to.equal('Email');
    typeInto(input, 'ada@example.com');
    box.setAttribute('locale', 'es');
    await waitFor(() => heading(box) === 'Iniciar sesión');
    // The same field, still holding the typed address, under its Spanish label.
    expect(part(box, 'email-input') === input, 'the same input element').to.equal(true);
    expect(input.value).to.equal('ada@example.com');
    expect(label()).to.equal('Correo electrónico');
  });

  it("follows the page's lang without an attribute", async () => {
    document.documentElement.lang = 'es-MX';
    const box = await mount('auth-login-box', { demo: '' });
    await waitFor(() => heading(box) === 'Iniciar sesión');
  });

  it("applies the host's overrides over the translation", async () => {
    applyLocalizations({ login: { title: 'Entrar' } });
    const box = await mount('auth-login-box', { demo: '', locale: 'es' });
    await waitFor(() => root(box)?.lang === 'es');
    expect(heading(box)).to.equal('Entrar');
    expect(box.shadowRoot!.textContent).to.contain('Correo electrónico');
  });

  it('lays Arabic out right to left', async () => {
    const box = await mount('auth-login-box', { demo: '', locale: 'ar' });
    await waitFor(() => heading(box) === 'تسجيل الدخول');
    expect(root(box)?.dir).to.equal('rtl');
    expect(getComputedStyle(root(box)!).direction).to.equal('rtl');
  });

  it('shows the pseudo-locale: every text accented, longer and bracketed', async () => {
    const box = await mount('auth-login-box', { demo: '', locale: 'en-XA' });
    await waitFor(() => heading(box).startsWith('⟦'));
    expect(heading(box)).to.match(/^⟦Šíĝñ íñ ·+⟧$/);
  });
});
