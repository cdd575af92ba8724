import { createColumnHelper } from '@tanstack/react-table';
import { describe, expect, it } from 'vitest';
import type { ListColumnDef, ListTableFeatures } from '@/components/data-table';
import { chooseColumns, columnIdOf } from './column-picker';

interface Row {
  reference: string;
  amount: string;
}

const helper = createColumnHelper<ListTableFeatures, Row>();
// A selection checkbox and a row number the picker does not own, around three of its columns.
const columns = helper.columns([
  helper.display({ id: 'select', header: '' }),
  helper.accessor('reference', { header: 'Reference' }),
  helper.display({ id: 'number', header: '#' }),
  helper.accessor('amount', { header: 'Amount' }),
  helper.display({ id: 'status', header: 'Status' }),
]);
const ids = (shown: ReadonlyArray<ListColumnDef<Row>>) => shown.map(columnIdOf);

describe('chooseColumns', () => {
  it('shows the list’s own columns without a choice', () => {
    expect(chooseColumns(columns, 'transactions', null)).toBe(columns);
  });

  it('orders and hides the list’s columns, leaving the ones it does not own in their places', () => {
    expect(ids(chooseColumns(columns, 'transactions', ['status', 'reference']))).toEqual([
      'select',
      'status',
      'number',
      'reference',
    ]);
  });

  it('shows a required column a stale choice left out, and skips ids the screen has not', () => {
    expect(ids(chooseColumns(columns, 'transactions', ['amount', 'paymentMethod']))).toEqual([
      'select',
      'amount',
      'number',
      'reference',
    ]);
  });
});
