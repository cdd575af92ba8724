import { useEffect, useRef, useState } from 'react';

/**
 * The term the palette searches for, as the person types (decision 049). A change after a pause
 * of `waitMs` is searched at once (a pasted code, the last key of a code typed slowly); a change
 * that follows another within `waitMs` waits until the typing pauses for `waitMs`, so a burst of
 * keys sends one search, not one per key. A search the next term supersedes is aborted by React
 * Query (palette-search.ts), so a slow typist costs at most one request in flight per kind.
 */
export function usePaletteTerm(value: string, waitMs: number): string {
  const [term, setTerm] = useState(value);
  const lastChange = useRef(Number.NEGATIVE_INFINITY);
  useEffect(() => {
    const now = performance.now();
    const afterPause = now - lastChange.current >= waitMs;
    lastChange.current = now;
    if (afterPause) {
      setTerm(value);
      return;
    }
    const timer = setTimeout(() => setTerm(value), waitMs);
    return () => clearTimeout(timer);
  }, [value, waitMs]);
  return term;
}
