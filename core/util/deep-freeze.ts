/**
 * Freezes `value` and every object reachable through its own enumerable properties, so a shared
 * table or an emitted record cannot be changed by whoever receives it. Functions are left as they
 * are; an object already frozen is taken as frozen throughout, which also ends a cycle.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}
