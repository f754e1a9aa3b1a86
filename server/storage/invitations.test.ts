// The invitations' store (core/domain/invitation-store.ts), one suite for both stores: over PGlite
// and over demo mode's stored tables (test/support/sub-account-stores.ts). The rules in
// core/domain/invitations.ts rely on what each case states.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { invitationStore } from '../../core/domain/invitation-store';
import { MEMBERSHIPS } from '../../core/domain/membership-tables';
import { stamp } from '../../core/domain/tables';
import { TENANTS } from '../../core/domain/tenant-tables';
import { USERS } from '../../core/domain/user-tables';
import { repositorySuite } from '../../test/support/repository-suite';
import { subAccountStores, type SubAccountFixture } from '../../test/support/sub-account-stores';

repositorySuite<SubAccountFixture>('invitations store', subAccountStores, (context) => {
  const store = () => invitationStore(context.repos.tables, context.repos.clock);

  test('an invitee is a new user of the vendor with a pending membership and roles; an existing address keeps its user', async () => {
    const account = await context.repos.child(context.tenantId, 'Inviting');
    const viewer = await context.repos.role('Viewer');
    const email = `invitee-${randomUUID()}@example.com`;
    const invitee = { email, name: 'Invitee', phone: null, roleIds: [viewer] };
    const userId = (await store().addInvitee(account, invitee))!;
    const user = (await context.repos.tables.of(USERS).row({ id: userId }))!;
    assert.deepEqual(
      [user.email, user.name, user.verified, user.passwordHash],
      [email, 'Invitee', false, null],
    );
    assert.deepEqual(await store().memberByEmail(account, email), { userId, pending: true });
    assert.deepEqual(await store().membership(account, userId), { pending: true });
    assert.deepEqual(await context.repos.repo.roleIdsOf(account, userId), [viewer]);
    const other = await context.repos.child(context.tenantId, 'Other');
    assert.equal(await store().addInvitee(other, { ...invitee, roleIds: [] }), userId);
    assert.equal(await store().membership(randomUUID(), userId), null);
    assert.equal(await store().memberByEmail(account, 'nobody@example.com'), null);
  });

  test("pending invitations: by user or address, oldest first, in live accounts; the account's name while pending", async () => {
    const [first, second] = [
      await context.repos.child(context.tenantId, 'First'),
      await context.repos.child(context.tenantId, 'Second'),
    ];
    const email = `pending-${randomUUID()}@example.com`;
    const invitee = { email, name: 'Pending', phone: null, roleIds: [] };
    const userId = (await store().addInvitee(first, invitee))!;
    // A later moment (rows are stamped to the millisecond).
    await new Promise((resolve) => setTimeout(resolve, 5));
    await store().addInvitee(second, invitee);
    const both = [
      { tenantId: first, userId },
      { tenantId: second, userId },
    ];
    assert.deepEqual(await store().pendingOf({ userId }), both);
    assert.deepEqual(await store().pendingOf({ email }), both);
    assert.equal(await store().pendingTenantName(userId, second), 'Second');
    await context.repos.tables.of(TENANTS).update({ id: second }, { deletedAt: stamp(Date.now()) });
    assert.deepEqual(await store().pendingOf({ userId }), [both[0]]);
    assert.equal(await store().pendingTenantName(userId, second), null);
    assert.deepEqual(await store().liveTenant(first), {
      name: 'First',
      vendorId: (await context.repos.tables.of(TENANTS).row({ id: first }))!.vendorId,
    });
    assert.equal(await store().liveTenant(second), null);
  });

  test('accepting starts the membership once: the address proven, the account active, the password set when given', async () => {
    const account = await context.repos.child(context.tenantId, 'Accepting');
    const email = `accept-${randomUUID()}@example.com`;
    const userId = (await store().addInvitee(account, { email, name: 'A', phone: null, roleIds: [] }))!;
    const input = { userId, tenantId: account, passwordHash: 'hash' };
    assert.equal(await store().startMembership(input), true);
    assert.equal(await store().startMembership(input), false);
    const user = (await context.repos.tables.of(USERS).row({ id: userId }))!;
    assert.deepEqual([user.verified, user.activeTenantId, user.passwordHash], [true, account, 'hash']);
    assert.equal(await store().pendingTenantName(userId, account), null);
    assert.deepEqual(await store().pendingOf({ userId }), []);
  });

  test('joining by an invite link: a member with no role (a pending invitation accepted), the account active', async () => {
    const [linked, invited] = [
      await context.repos.child(context.tenantId, 'Linked'),
      await context.repos.child(context.tenantId, 'Invited'),
    ];
    const userId = await context.repos.user(context.tenantId);
    await store().joinByLink(userId, linked);
    assert.deepEqual(await store().membership(linked, userId), { pending: false });
    await store().addInvitee(invited, {
      email: (await context.repos.tables.of(USERS).row({ id: userId }))!.email,
      name: 'x',
      phone: null,
      roleIds: [],
    });
    await store().joinByLink(userId, invited);
    assert.deepEqual(await store().membership(invited, userId), { pending: false });
    assert.equal(
      await context.repos.tables.of(MEMBERSHIPS).count({ where: { userId, tenantId: invited } }),
      1,
    );
    assert.equal((await context.repos.tables.of(USERS).row({ id: userId }))!.activeTenantId, invited);
  });
});
