import { LISTS } from '@contract/list-view';
import { describe, expect, it } from 'vitest';
import { transactionColumns } from '@/entities/transaction/columns';
import { currencyColumns } from '@/features/currencies/currency-columns';
import { columnIdOf } from '@/features/lists/column-picker';
import { merchantColumns } from '@/features/merchants/merchant-columns';
import { paymentMethodColumns } from '@/features/payment-methods/payment-method-columns';
import { payoutColumns } from '@/features/payouts/payout-columns';

/**
 * The server's allow-lists of columns (contract/list-view.ts) name the screens' column ids, in the
 * screens' order: a renamed column id would otherwise drop out of every stored choice.
 */
describe('list column allow-lists', () => {
  const owned = (list: keyof typeof LISTS, shown: readonly (string | undefined)[]) =>
    shown.filter(
      (id): id is string => id !== undefined && (LISTS[list].columns as readonly string[]).includes(id),
    );

  it.each([
    ['transactions', transactionColumns.map(columnIdOf)],
    ['payouts', payoutColumns({ offset: 0, onCopy: () => {}, onDecide: () => {} }).map(columnIdOf)],
    ['merchants', merchantColumns(0).map(columnIdOf)],
    ['currencies', currencyColumns({ offset: 0, canOpenDetail: true }).map(columnIdOf)],
    ['payment-methods', paymentMethodColumns({ offset: 0, onDetail: () => {} }).map(columnIdOf)],
  ] as const)('%s', (list, shown) => {
    expect(owned(list, shown)).toEqual([...LISTS[list].columns]);
    for (const id of LISTS[list].required) expect(shown).toContain(id);
  });
});
