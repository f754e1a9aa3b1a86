// Impersonation's shared rules (core/domain/impersonation.ts), which both backends run, in their order.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isContractError } from '../contract/errors';
import {
  impersonationTarget,
  refusePhoneChangeWhileImpersonating,
  type ImpersonationCaller,
  type ImpersonationMember,
} from './impersonation';

const members: Record<string, ImpersonationMember & { permissions: string[] }> = {
  viewer: { id: 'viewer', verified: true, superUser: false, permissions: ['fe.secure.read.users'] },
  pending: { id: 'pending', verified: false, superUser: false, permissions: [] },
  root: { id: 'root', verified: true, superUser: true, permissions: [] },
  owner: { id: 'owner', verified: true, superUser: false, permissions: ['fe.*', 'vendor.secret'] },
};
const ports = {
  member: async (tenantId: string, userId: string) => (tenantId === 't1' ? (members[userId] ?? null) : null),
  permissionsOf: async (_tenantId: string, userId: string) => members[userId]?.permissions ?? [],
};
const admin: ImpersonationCaller = {
  userId: 'admin',
  tenantId: 't1',
  permissions: ['fe.*'],
  impersonating: false,
  apiToken: false,
};

async function codeOf(caller: Partial<ImpersonationCaller>, request: { userId: string; tenantId?: string }) {
  try {
    await impersonationTarget(ports, { ...admin, ...caller }, request);
    return 'allowed';
  } catch (error) {
    assert.ok(isContractError(error));
    return error.codes[0];
  }
}

test('who may impersonate whom: each refusal, in the order both backends check them', async () => {
  const rows: Array<[Partial<ImpersonationCaller>, { userId: string; tenantId?: string }, string]> = [
    [{}, { userId: 'viewer' }, 'allowed'],
    [{}, { userId: 'viewer', tenantId: 't1' }, 'allowed'],
    [{ impersonating: true, apiToken: true }, { userId: 'viewer' }, 'IMPERSONATION_CHAINED'],
    [{ apiToken: true, permissions: [] }, { userId: 'viewer' }, 'IMPERSONATION_API_TOKEN'],
    [{ permissions: ['fe.secure.read.users'] }, { userId: 'viewer' }, 'PERMISSION_REQUIRED'],
    [{ permissions: ['fe.secure.write.impersonate'] }, { userId: 'viewer' }, 'IMPERSONATION_ESCALATION'],
    [{ tenantId: null }, { userId: 'viewer' }, 'NO_ACCOUNT'],
    [{}, { userId: 'viewer', tenantId: 't2' }, 'IMPERSONATION_OTHER_ACCOUNT'],
    [{}, { userId: 'admin' }, 'IMPERSONATION_SELF'],
    [{}, { userId: 'nobody' }, 'MEMBER_NOT_FOUND'],
    [{}, { userId: 'pending' }, 'IMPERSONATION_NOT_ACTIVATED'],
    [{}, { userId: 'root' }, 'IMPERSONATION_SUPER_USER'],
    [{}, { userId: 'owner' }, 'IMPERSONATION_ESCALATION'],
  ];
  for (const [caller, request, expected] of rows)
    assert.equal(await codeOf(caller, request), expected, JSON.stringify([caller, request]));
});

test('an impersonated session may keep the phone number but not change it', () => {
  const codeOf = (run: () => void) => {
    try {
      run();
      return 'allowed';
    } catch (error) {
      return isContractError(error) ? error.codes[0] : 'thrown';
    }
  };
  assert.equal(
    codeOf(() => refusePhoneChangeWhileImpersonating(true, undefined, '+1 555')),
    'allowed',
  );
  assert.equal(
    codeOf(() => refusePhoneChangeWhileImpersonating(true, '+1 555', '+1 555')),
    'allowed',
  );
  assert.equal(
    codeOf(() => refusePhoneChangeWhileImpersonating(true, null, null)),
    'allowed',
  );
  assert.equal(
    codeOf(() => refusePhoneChangeWhileImpersonating(true, null, '+1 555')),
    'IMPERSONATING_NOT_AVAILABLE',
  );
  assert.equal(
    codeOf(() => refusePhoneChangeWhileImpersonating(false, null, '+1 555')),
    'allowed',
  );
});
