import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { en } from './en';
import { applyLocalizations, resetLocalizations } from './localize';

afterEach(resetLocalizations);

test('a host overrides single keys; every other key stays English', () => {
  applyLocalizations({ login: { title: 'Connexion', signIn: 'Se connecter' } });
  assert.equal(en.login.title, 'Connexion');
  assert.equal(en.login.signIn, 'Se connecter');
  assert.equal(en.login.emailLabel, 'Email');
  assert.equal(en.signUp.title, 'Create your account');
});

test('a parametrised text takes a function or a {0} template', () => {
  applyLocalizations({ signedIn: { as: (who: string) => `Connecté : ${who}` }, validation: { passwordTooShort: 'Au moins {0} caractères.' } });
  assert.equal(en.signedIn.as('Ada'), 'Connecté : Ada');
  assert.equal(en.validation.passwordTooShort(8), 'Au moins 8 caractères.');
});

test('applying again starts from English: keys of the previous overrides fall back', () => {
  applyLocalizations({ login: { title: 'Connexion' } });
  applyLocalizations({ login: { signIn: 'Anmelden' } });
  assert.equal(en.login.title, 'Sign in');
  assert.equal(en.login.signIn, 'Anmelden');
  resetLocalizations();
  assert.equal(en.login.signIn, 'Sign in');
});

test('unknown keys and wrong kinds are ignored with a warning', () => {
  const warnings: string[] = [];
  applyLocalizations({ login: { nope: 'x', title: 42 }, nowhere: { a: 'b' } } as Record<string, unknown>, (m) => warnings.push(m));
  assert.equal(en.login.title, 'Sign in');
  assert.deepEqual(warnings, ['unknown localization key "login.nope"', 'localization "login.title" must be a string', 'unknown localization section "nowhere"']);
});
