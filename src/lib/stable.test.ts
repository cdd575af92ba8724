import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shallowEqual, useLatestCallback, useShallowStable } from './stable';

describe('useLatestCallback', () => {
  it('keeps one function that calls the latest one given', () => {
    const { result, rerender } = renderHook(({ n }) => useLatestCallback((x: number) => x + n), {
      initialProps: { n: 1 },
    });
    const first = result.current;
    expect(first(1)).toBe(2);
    rerender({ n: 10 });
    expect(result.current).toBe(first);
    expect(first(1)).toBe(11);
  });
});

describe('useShallowStable', () => {
  it('keeps the last object while its properties are the same, and takes a changed one', () => {
    const a = { status: 'all', search: undefined as string | undefined };
    const { result, rerender } = renderHook(({ value }) => useShallowStable(value), {
      initialProps: { value: a },
    });
    expect(result.current).toBe(a);
    rerender({ value: { status: 'all', search: undefined } });
    expect(result.current).toBe(a);
    const b = { status: 'failed', search: undefined };
    rerender({ value: b });
    expect(result.current).toBe(b);
  });

  it('compares own keys: a missing key is not an undefined one', () => {
    expect(shallowEqual({ a: 1 }, { a: 1 })).toBe(true);
    expect(shallowEqual({ a: undefined }, { b: undefined })).toBe(false);
    expect(shallowEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(shallowEqual({ a: Number.NaN }, { a: Number.NaN })).toBe(true);
  });
});
