import { describe, expect, it } from 'vitest';
import { type ChangeSnapshot, changeSnapshot, diffSnapshots } from './change-history';
import type { PaymentMethod } from './payment-method';

describe('diffSnapshots', () => {
  const record: ChangeSnapshot = {
    name: 'Awash Bank',
    code: 'AWASH',
    url: null,
    supported_currencies: ['ETB', 'USD'],
    is_range: false,
    decimal_places: 0,
    description: '',
  };

  it('lists every field with a value on a create, from null, in the snapshot’s order', () => {
    // false, 0 and '' are values; only null is left out.
    expect(diffSnapshots(null, record)).toEqual([
      { field: 'name', from: null, to: 'Awash Bank' },
      { field: 'code', from: null, to: 'AWASH' },
      { field: 'supported_currencies', from: null, to: ['ETB', 'USD'] },
      { field: 'is_range', from: null, to: false },
      { field: 'decimal_places', from: null, to: 0 },
      { field: 'description', from: null, to: '' },
    ]);
  });

  it('lists every field that had a value on a delete, to null', () => {
    expect(diffSnapshots(record, null)).toEqual([
      { field: 'name', from: 'Awash Bank', to: null },
      { field: 'code', from: 'AWASH', to: null },
      { field: 'supported_currencies', from: ['ETB', 'USD'], to: null },
      { field: 'is_range', from: false, to: null },
      { field: 'decimal_places', from: 0, to: null },
      { field: 'description', from: '', to: null },
    ]);
  });

  it('lists only the changed fields of an update, in the order they have in after', () => {
    const before: ChangeSnapshot = { a: 1, b: 'x', c: ['p', 'q'], d: true, e: null, gone: 'old' };
    const after: ChangeSnapshot = { e: 'set', d: false, c: ['p', 'q'], b: 'y', a: 1, added: null };
    expect(diffSnapshots(before, after)).toEqual([
      { field: 'e', from: null, to: 'set' },
      { field: 'd', from: true, to: false },
      { field: 'b', from: 'x', to: 'y' },
      // A field only `before` has comes last.
      { field: 'gone', from: 'old', to: null },
    ]);
  });

  it('tells values of different types apart', () => {
    expect(diffSnapshots({ n: 1, s: '1', b: false, z: 0 }, { n: '1', s: 1, b: 0, z: false })).toEqual([
      { field: 'n', from: 1, to: '1' },
      { field: 's', from: '1', to: 1 },
      { field: 'b', from: false, to: 0 },
      { field: 'z', from: 0, to: false },
    ]);
  });

  it('compares arrays element by element, not by identity', () => {
    const diff = (from: ChangeSnapshot['x'], to: ChangeSnapshot['x']) =>
      diffSnapshots({ x: from }, { x: to });
    expect(diff(['ETB', 'USD'], ['ETB', 'USD'])).toEqual([]);
    expect(diff([], [])).toEqual([]);
    expect(diff(['ETB', 'USD'], ['USD', 'ETB'])).toEqual([
      { field: 'x', from: ['ETB', 'USD'], to: ['USD', 'ETB'] },
    ]);
    expect(diff(['ETB'], ['ETB', 'USD'])).toEqual([{ field: 'x', from: ['ETB'], to: ['ETB', 'USD'] }]);
    expect(diff(['ETB', 'USD'], ['ETB'])).toEqual([{ field: 'x', from: ['ETB', 'USD'], to: ['ETB'] }]);
    expect(diff(['ETB'], ['ETC'])).toEqual([{ field: 'x', from: ['ETB'], to: ['ETC'] }]);
    expect(diff(['ETB'], 'ETB')).toEqual([{ field: 'x', from: ['ETB'], to: 'ETB' }]);
    expect(diff('ETB', ['ETB'])).toEqual([{ field: 'x', from: 'ETB', to: ['ETB'] }]);
    // An empty list is a value, unlike null.
    expect(diff(null, [])).toEqual([{ field: 'x', from: null, to: [] }]);
    expect(diff([], null)).toEqual([{ field: 'x', from: [], to: null }]);
  });

  it('answers [] for equal snapshots and for two missing ones', () => {
    expect(diffSnapshots(record, { ...record, supported_currencies: ['ETB', 'USD'] })).toEqual([]);
    expect(diffSnapshots(record, record)).toEqual([]);
    expect(diffSnapshots({ a: null }, {})).toEqual([]);
    expect(diffSnapshots(null, null)).toEqual([]);
    expect(diffSnapshots(null, { a: null })).toEqual([]);
  });
});

describe('changeSnapshot.paymentMethod', () => {
  const method = (logo: string): PaymentMethod => ({
    id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    name: 'Awash Bank',
    type: 'BANK',
    code: 'AWASH',
    url: 'https://awash.example',
    logo,
    account_number_length: 14,
    supported_currencies: ['ETB', 'USD'],
    status: 'ACTIVE',
    created_at: '2026-11-21T12:00:00.000Z',
  });
  const PNG = 'data:image/png;base64,iVBORw0KGgo=';

  it('records the fields in display order, without id and timestamps', () => {
    const source = method('/api/v1/files/logos/payment-methods/AWASH.svg');
    const snapshot = changeSnapshot.paymentMethod(source);
    expect(Object.keys(snapshot)).toEqual([
      'name',
      'code',
      'type',
      'url',
      'logo',
      'account_number_length',
      'supported_currencies',
      'status',
    ]);
    expect(snapshot).toEqual({
      name: 'Awash Bank',
      code: 'AWASH',
      type: 'BANK',
      url: 'https://awash.example',
      // A plain URL is kept as it is.
      logo: '/api/v1/files/logos/payment-methods/AWASH.svg',
      account_number_length: 14,
      supported_currencies: ['ETB', 'USD'],
      status: 'ACTIVE',
    });
    // A copy: a later change to the method does not rewrite the snapshot.
    expect(snapshot.supported_currencies).not.toBe(source.supported_currencies);
    expect(changeSnapshot.paymentMethod(method('https://cdn.example/logo.png?data:x')).logo).toBe(
      'https://cdn.example/logo.png?data:x',
    );
  });

  it('records a data: URL as a short fingerprint (FNV-1a, 8 hex digits)', () => {
    expect(changeSnapshot.paymentMethod(method(PNG)).logo).toBe('uploaded image (b9764a8c)');
    // The same image, the same fingerprint; leading zeros are kept.
    expect(changeSnapshot.paymentMethod(method(PNG)).logo).toBe('uploaded image (b9764a8c)');
    expect(changeSnapshot.paymentMethod(method('data:image/png;base64,48')).logo).toBe(
      'uploaded image (00d96b5c)',
    );
    const huge = `data:image/png;base64,${'A'.repeat(2_000_000)}`;
    expect(changeSnapshot.paymentMethod(method(huge)).logo).toMatch(/^uploaded image \([0-9a-f]{8}\)$/);
  });

  it('tells two different images apart, so a new upload is a change of logo', () => {
    const other = 'data:image/png;base64,iVBORw0KGgp=';
    const first = changeSnapshot.paymentMethod(method(PNG));
    const second = changeSnapshot.paymentMethod(method(other));
    expect(second.logo).toBe('uploaded image (b9b4b34b)');
    expect(diffSnapshots(first, second)).toEqual([
      { field: 'logo', from: 'uploaded image (b9764a8c)', to: 'uploaded image (b9b4b34b)' },
    ]);
    expect(diffSnapshots(first, changeSnapshot.paymentMethod(method(PNG)))).toEqual([]);
    expect(
      diffSnapshots(changeSnapshot.paymentMethod(method('/logo.svg')), second).map((c) => c.field),
    ).toEqual(['logo']);
  });
});
