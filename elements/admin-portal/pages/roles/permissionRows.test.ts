import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Permission, Role } from '../../../../core/portal/rolesApi';
import { catalogueRows } from './permissionRows';

const permission = (id: string, key: string, categoryId: string | null = 'team'): Permission => ({
  id,
  key,
  name: key,
  description: null,
  categoryId,
  // What the server says about direct holders; the rows work it out from the roles instead.
  roleIds: [],
});
const role = (id: string, name: string, permissions: string[]): Role => ({
  id,
  key: name,
  name,
  description: null,
  isDefault: false,
  permissions,
  tenantId: null,
  createdAt: '',
  updatedAt: '',
  editable: false,
  usersCount: 0,
});

const catalogue = {
  permissions: [
    permission('p1', 'fe.secure.read.users'),
    permission('p2', 'fe.secure.write.users'),
    permission('p3', 'fe.*', 'all'),
    permission('p4', 'fe.connectivity.read.webhooks', null),
  ],
  categories: [
    { id: 'team', key: 'team', name: 'Users and roles', description: null, permissionIds: ['p1', 'p2'] },
    { id: 'all', key: 'all', name: 'All permissions', description: null, permissionIds: ['p3'] },
  ],
  roles: [role('admin', 'Admin', ['p3']), role('ro', 'Read only', ['p1']), role('none', 'Viewer', [])],
};

test('the Admin role holds every permission through fe.*; direct holders are listed as such', () => {
  const rows = catalogueRows(catalogue);
  const holders = Object.fromEntries(
    rows.map((r) => [r.key, r.holders.map((h) => `${h.role.name}${h.through ? ` via ${h.through}` : ''}`)]),
  );
  assert.deepEqual(holders, {
    'fe.secure.read.users': ['Admin via fe.*', 'Read only'],
    'fe.secure.write.users': ['Admin via fe.*'],
    'fe.*': ['Admin'],
    'fe.connectivity.read.webhooks': ['Admin via fe.*'],
  });
});

test('rows come by category in the categories order, uncategorised last', () => {
  assert.deepEqual(
    catalogueRows(catalogue).map((r) => r.category),
    ['Users and roles', 'Users and roles', 'All permissions', 'Other'],
  );
});

test('a narrower wildcard holds only what it covers', () => {
  const rows = catalogueRows({ ...catalogue, roles: [role('w', 'Connectivity', ['fe.connectivity.*'])] });
  assert.deepEqual(
    rows.filter((r) => r.holders.length).map((r) => r.key),
    ['fe.connectivity.read.webhooks'],
  );
});
