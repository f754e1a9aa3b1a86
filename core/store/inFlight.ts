/**
 * One request in flight per app and purpose: elements that mount together and each ask for the
 * same thing (public policy, vendor info) share one call instead of making one each.
 */
const pending = new WeakMap<object, Map<string, Promise<unknown>>>();

export function sharedInFlight<T>(owner: object, key: string, load: () => Promise<T>): Promise<T> {
  let calls = pending.get(owner);
  if (!calls) pending.set(owner, (calls = new Map()));
  const running = calls.get(key) as Promise<T> | undefined;
  if (running) return running;
  const started = load().finally(() => calls.delete(key));
  calls.set(key, started);
  return started;
}
