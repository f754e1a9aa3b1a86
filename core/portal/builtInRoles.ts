/**
 * The built-in roles every account has (spec 001 §3 "Demo roles: ReadOnly (two permissions), Admin
 * (default), Editor, Viewer"), each for a different person: one list for the reference server's
 * migration 27 and the demo backend. Admin holds everything; Editor runs the team (members and
 * groups, not roles, security or billing); Read only sees the members and the roles and changes
 * nothing; Viewer uses the product with no access to the account's administration.
 */
export const BUILT_IN_ROLES: ReadonlyArray<{
  key: string;
  name: string;
  description: string;
  permissions: readonly string[];
}> = [
  { key: 'Admin', name: 'Admin', description: 'Full access to the account', permissions: ['fe.*'] },
  {
    key: 'Editor',
    name: 'Editor',
    description: 'Runs the team: invites and edits members and manages groups; no security or billing',
    permissions: [
      'fe.secure.read.users',
      'fe.secure.write.users',
      'fe.secure.read.roles',
      'fe.secure.read.groups',
      'fe.secure.write.groups',
    ],
  },
  {
    key: 'ReadOnly',
    name: 'Read only',
    description: 'Sees the members and the roles of the account; changes nothing',
    permissions: ['fe.secure.read.users', 'fe.secure.read.roles'],
  },
  {
    key: 'Viewer',
    name: 'Viewer',
    description: 'Uses the product: their own profile and security only, no administration pages',
    permissions: [],
  },
];
