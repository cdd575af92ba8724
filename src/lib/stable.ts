import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A function that never changes and calls the latest `fn` given (decision 056): a screen can pass
 * a new closure on every render while a memoised child keeps its props, and so skips the render.
 * Call it from event handlers, not during render.
 */
export function useLatestCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}

/**
 * `value` as long as its own properties are the same (`Object.is`) as the last one's, so a memo
 * keyed on it ignores a new object that says the same; a changed property gives the new object.
 */
export function useShallowStable<T extends Record<string, unknown>>(value: T): T {
  const kept = useRef(value);
  if (kept.current !== value && !shallowEqual(kept.current, value)) kept.current = value;
  return kept.current;
}

export function shallowEqual(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && Object.is(a[key], b[key]));
}
