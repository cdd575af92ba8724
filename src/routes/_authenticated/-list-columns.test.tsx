import { LISTS } from '@contract/list-view';
import { describe, expect, it } from 'vitest';
import { transactionColumns } from '@/entities/transaction/columns';
import { accountMappingColumns } from '@/features/account-mappings/account-mapping-columns';
import { apiClientColumns } from '@/features/api-clients/api-client-columns';
import { approvalColumns } from '@/features/approvals/approval-columns';
import { auditColumns } from '@/features/audit-log/audit-columns';
import { currencyColumns } from '@/features/currencies/currency-columns';
import { disputeColumns } from '@/features/disputes/dispute-columns';
import { gatewayAccountColumns } from '@/features/gateway-accounts/gateway-account-columns';
import { glAccountColumns } from '@/features/gl-accounts/gl-account-columns';
import { journalEntryColumns } from '@/features/journal-entries/journal-entry-columns';
import { columnIdOf } from '@/features/lists/column-picker';
import { merchantColumns } from '@/features/merchants/merchant-columns';
import { paymentMethodColumns } from '@/features/payment-methods/payment-method-columns';
import { payoutColumns } from '@/features/payouts/payout-columns';
import { roleColumns } from '@/features/roles/role-columns';
import { userColumns } from '@/features/users/user-columns';

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
    ['gl-accounts', glAccountColumns({ offset: 0, onEdit: () => {}, onHistory: () => {} }).map(columnIdOf)],
    ['account-mappings', accountMappingColumns(0).map(columnIdOf)],
    ['gateway-accounts', gatewayAccountColumns(() => {}).map(columnIdOf)],
    ['journal-entries', journalEntryColumns(0).map(columnIdOf)],
    ['users', userColumns(0).map(columnIdOf)],
    [
      'roles',
      roleColumns({ offset: 0, onEdit: () => {}, onDelete: () => {}, onRequireSecondFactor: () => {} }).map(
        columnIdOf,
      ),
    ],
    ['api-clients', apiClientColumns({ offset: 0, onRevoke: () => {} }).map(columnIdOf)],
    ['approvals', approvalColumns(0).map(columnIdOf)],
    ['disputes', disputeColumns(0).map(columnIdOf)],
    ['audit-log', auditColumns(0).map(columnIdOf)],
  ] as const)('%s', (list, shown) => {
    expect(owned(list, shown)).toEqual([...LISTS[list].columns]);
    for (const id of LISTS[list].required) expect(shown).toContain(id);
  });
});
