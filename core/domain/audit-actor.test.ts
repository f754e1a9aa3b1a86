// Who acted in an audited call (core/domain/audit.ts auditActor, auditFiling): the one order both
// backends read, each over its own readers (server/http/audit-hook.ts, core/demo/dispatch.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { audit, signIn } from '../contract/routes/descriptor';
import { auditActor, auditFiling, type AuditActor } from './audit';

const ann: AuditActor = { userId: 'ann', email: 'ann@example.com', tenantId: 'acme' };
const bob = { id: 'bob', email: 'bob@example.com', tenantId: 'acme' };
/** Readers that say who they were asked for, and what each read found. */
const readers = (found: Partial<Record<'caller' | 'signedOut' | 'signedIn', AuditActor>> = {}) => ({
  caller: found.caller ?? null,
  signedOut: async () => found.signedOut ?? null,
  signedIn: async () => found.signedIn ?? null,
  userByEmail: async (email: string) => (email === bob.email ? bob : undefined),
  userById: async (id: string) => (id === bob.id ? bob : undefined),
});
const SIGN_IN = signIn('password');
const CHANGE = audit('users', 'User changed', 'Info');
const SIGN_OUT = audit('auth', 'User signed out', 'Info', { signOut: true });

test('auditActor: the verified caller first, whatever the call', async () => {
  assert.deepEqual(await auditActor(SIGN_IN, 'success', { email: bob.email }, readers({ caller: ann })), ann);
});

test('auditActor: a sign-out is the session it ends; another call without a caller is nobody', async () => {
  assert.deepEqual(await auditActor(SIGN_OUT, 'success', {}, readers({ signedOut: ann })), ann);
  assert.equal(await auditActor(CHANGE, 'success', { email: bob.email }, readers()), null);
});

test('auditActor: a sign-in is whom it signed in, else the email tried (known or not), else the id named', async () => {
  const named = { userId: 'bob', email: bob.email, tenantId: 'acme' };
  assert.deepEqual(await auditActor(SIGN_IN, 'success', {}, readers({ signedIn: ann })), ann);
  assert.deepEqual(
    await auditActor(SIGN_IN, 'failure', { email: bob.email }, readers({ signedIn: ann })),
    named,
  );
  assert.deepEqual(await auditActor(SIGN_IN, 'failure', { email: 'nobody@example.com' }, readers()), {
    userId: null,
    email: 'nobody@example.com',
    tenantId: null,
  });
  assert.deepEqual(await auditActor(SIGN_IN, 'success', { userId: 'bob' }, readers()), named);
  assert.equal(await auditActor(SIGN_IN, 'failure', { email: 'not an address' }, readers()), null);
});

test('auditFiling: a success of nobody, in no account, is not kept; a refusal or a caller is', () => {
  const nobody = { userId: null, email: 'x@example.com', tenantId: null };
  assert.equal(auditFiling(CHANGE, 'success', nobody, false), null);
  assert.deepEqual(auditFiling(CHANGE, 'failure', null, false), {
    tenantId: null,
    actorUserId: null,
    actorEmail: null,
  });
  assert.deepEqual(auditFiling(SIGN_IN, 'success', ann, false), {
    tenantId: 'acme',
    actorUserId: 'ann',
    actorEmail: 'ann@example.com',
  });
  assert.ok(auditFiling(CHANGE, 'success', nobody, true), "a verified caller's call is kept");
});
