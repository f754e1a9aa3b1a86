import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isContractError } from '../contract/errors';
import { assertMayActOnMember, type MemberAction } from './team-members';

const actor = { userId: 'me', activeTenantId: 'acme', held: ['fe.secure.*'] };

/** The code a check refuses with, or 'ok'. */
async function outcome(tenantId: string, userId: string, action: MemberAction, memberKeys: string[] = []) {
  try {
    await assertMayActOnMember(actor, tenantId, userId, action, async () => memberKeys);
    return 'ok';
  } catch (error) {
    assert.ok(isContractError(error));
    return error.codes[0];
  }
}

describe('the rule for acting on a member', () => {
  it("refuses one's own roles anywhere, removing or denying oneself in the account signed in to", async () => {
    assert.deepEqual(
      [
        await outcome('acme', 'me', 'roles'),
        await outcome('sub', 'me', 'roles'),
        await outcome('acme', 'me', 'remove'),
        await outcome('sub', 'me', 'remove'),
        await outcome('acme', 'me', 'access'),
        await outcome('sub', 'me', 'access'),
        await outcome('acme', 'me', 'sessions'),
      ],
      ['OWN_ROLES', 'OWN_ROLES', 'REMOVE_SELF', 'ok', 'DENY_SELF', 'ok', 'ok'],
    );
  });

  it('refuses a member holding a permission the caller lacks; a wildcard held covers its keys', async () => {
    assert.equal(await outcome('acme', 'them', 'remove', ['fe.secure.read.users']), 'ok');
    assert.equal(await outcome('acme', 'them', 'roles', ['fe.*']), 'MEMBER_ABOVE');
    assert.equal(await outcome('acme', 'them', 'groups', ['fe.account-settings.write']), 'MEMBER_ABOVE');
  });
});
