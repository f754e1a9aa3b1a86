/**
 * Whether a held permission key grants a wanted one. A held key ending in `.*` is a wildcard for
 * every key under it: the demo admin's `fe.*` (spec 000 §6) grants `fe.secure.read.users`.
 */
export function grantsPermission(heldKey: string, wantedKey: string): boolean {
  if (heldKey === wantedKey) return true;
  if (heldKey === '*') return true;
  if (!heldKey.endsWith('.*')) return false;
  return wantedKey.startsWith(heldKey.slice(0, -1));
}

/** True when any held key grants `wantedKey`. */
export function holdsPermission(heldKeys: readonly string[], wantedKey: string): boolean {
  return heldKeys.some((held) => grantsPermission(held, wantedKey));
}
