import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { en } from './en';
import { enPortal } from './en-portal';
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
  applyLocalizations({
    signedIn: { as: (who: string) => `Connecté : ${who}` },
    validation: { passwordTooShort: 'Au moins {0} caractères.' },
  });
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
  applyLocalizations(
    { login: { nope: 'x', title: 42 }, nowhere: { a: 'b' } } as Record<string, unknown>,
    (m) => warnings.push(m),
  );
  assert.equal(en.login.title, 'Sign in');
  assert.deepEqual(warnings, [
    'unknown localization key "login.nope"',
    'localization "login.title" must be a string',
    'unknown localization section "nowhere"',
  ]);
});

test("nested sections are overridden key by key (the admin portal's texts)", () => {
  applyLocalizations({
    portal: {
      users: { next: 'Page suivante', page: 'Page {0} sur {1}' },
      pageTitles: { users: 'Utilisateurs' },
    },
  });
  assert.equal(enPortal.portal.users.next, 'Page suivante');
  assert.equal(enPortal.portal.users.page(2, 5), 'Page 2 sur 5');
  assert.equal(enPortal.portal.users.previous, 'Previous page');
  assert.equal(enPortal.portal.pageTitles.users, 'Utilisateurs');
  assert.equal(enPortal.portal.pageTitles.profile, 'Profile');
  resetLocalizations();
  assert.equal(enPortal.portal.users.next, 'Next page');
});

test('the errors section overrides the error catalogue shown when a call fails, and falls back to English', async () => {
  const { MESSAGES } = await import('../../core/api/messages');
  const { errorMessage } = await import('../../core/api/errors');
  applyLocalizations({ errors: { generic: 'Un problème est survenu, réessayez' } });
  assert.equal(errorMessage(new TypeError('Failed to fetch')), 'Un problème est survenu, réessayez');
  assert.equal(MESSAGES.requestTooLarge, 'Error request is too large');
  resetLocalizations();
  assert.equal(
    errorMessage(new TypeError('Failed to fetch')),
    "We're facing some difficulties, Please try again",
  );
});

test('a section where a text is expected, and a text where a section is expected, are refused', () => {
  const warnings: string[] = [];
  applyLocalizations({ portal: { users: 'x', title: { a: 'b' } } } as Record<string, unknown>, (m) =>
    warnings.push(m),
  );
  assert.equal(enPortal.portal.title, 'Account settings');
  assert.deepEqual(warnings, [
    'localization "portal.users" must be a section of texts',
    'localization "portal.title" must be a string',
  ]);
});

test('a lazily loaded section (portalAdmin) takes overrides given before and after it loads', async () => {
  const warnings: string[] = [];
  applyLocalizations({ portalAdmin: { roles: { add: 'Ajouter un rôle' } } } as never, (m) =>
    warnings.push(m),
  );
  const { portalAdmin } = await import('./portalAdmin.en');
  assert.equal(portalAdmin.roles.add, 'Ajouter un rôle');
  assert.deepEqual(warnings, []);
  applyLocalizations({ portalAdmin: { groups: { add: 'Créer un groupe', total: '{0} groupes' } } });
  assert.equal(portalAdmin.roles.add, 'Add role', 'a later call starts again from English');
  assert.equal(portalAdmin.groups.add, 'Créer un groupe');
  assert.equal(portalAdmin.groups.total(3), '3 groupes');
  resetLocalizations();
  assert.equal(portalAdmin.groups.add, 'Create group');
});

test('serverErrors: texts by server error code, any code, strings or functions; reset clears them', async () => {
  const { SERVER_ERROR_TEXTS } = await import('../../core/api/errors');
  const warnings: string[] = [];
  applyLocalizations(
    {
      serverErrors: {
        USER_EXISTS: 'Ce compte existe déjà',
        TOO_MANY_CODES: (m: string) => `FR ${m}`,
        BAD: 3,
      },
    } as Record<string, unknown>,
    (m) => warnings.push(m),
  );
  assert.equal(SERVER_ERROR_TEXTS.USER_EXISTS, 'Ce compte existe déjà');
  assert.equal(typeof SERVER_ERROR_TEXTS.TOO_MANY_CODES, 'function');
  assert.deepEqual(warnings, ['localization "serverErrors.BAD" must be a string or a function']);
  resetLocalizations();
  assert.deepEqual(SERVER_ERROR_TEXTS, {});
});
