/**
 * The permission rule of the contract, the one the server, the demo backend and the kit apply.
 * A held key grants a wanted key when it is the same key, or when it is a wildcard above it: `*`
 * (everything) or a key ending in `.*` (every key under that prefix; the demo admin's `fe.*`, spec
 * 000 §6, grants `fe.secure.read.users`). `fe*` is no wildcard: wildcards end at a dot.
 */
export function grantsPermission(heldKey: string, wantedKey: string): boolean {
  if (heldKey === wantedKey || heldKey === '*') return true;
  return heldKey.endsWith('.*') && wantedKey.startsWith(heldKey.slice(0, -1));
}

/**
 * True when a held key grants `wantedKey`. This is also the rule for granting: a caller hands out
 * (to a role, a group, a token...) only keys they hold this way, so holding `fe.secure.write.roles`
 * never lets anyone hand out `fe.*`.
 */
export function holdsPermission(heldKeys: readonly string[], wantedKey: string): boolean {
  return heldKeys.some((held) => grantsPermission(held, wantedKey));
}
