import type { DemoStorage } from '../demo/backend';

/** A Map-backed stand-in for localStorage (Node tests, and pages where storage is blocked). */
export function createMemoryStorage(): DemoStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}
