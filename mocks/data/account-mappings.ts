import type { AccountMapping, FinancialAccountType } from '@contract/account-mapping';
import type { GlAccount } from '@contract/gl-account';
import { mockId } from './merchants';

/** What a mapping shows of the records it points at (the server joins them the same way). */
export interface MappingReferences {
  glAccounts: readonly Pick<GlAccount, 'id' | 'name'>[];
  paymentMethods: readonly { id: string; name: string }[];
  charges: readonly { id: string; amount: string; currency: { name: string } }[];
}

export function accountMappingId(n: number): string {
  return mockId(0x31, n);
}

/** One stored mapping, joined with its references as `GET account-mappings` answers it. */
export function toAccountMapping(
  refs: MappingReferences,
  item: {
    id: string;
    financial_account_type: FinancialAccountType;
    gl_account_id: string;
    payment_method_id: string | null;
    charge_id: string | null;
    created_at: string;
  },
): AccountMapping {
  const gl = refs.glAccounts.find((a) => a.id === item.gl_account_id);
  const method = refs.paymentMethods.find((m) => m.id === item.payment_method_id);
  const charge = refs.charges.find((c) => c.id === item.charge_id);
  return {
    ...item,
    gl_account: { name: gl?.name ?? '' },
    payment_method: method ? { name: method.name } : null,
    charge: charge ? { amount: charge.amount, currency: { name: charge.currency.name } } : null,
    // Newly stored: in force until a newer one with its key arrives (markInForce).
    in_force: true,
  };
}

/**
 * `in_force` as the server computes it: a mapping is superseded by a newer one (created_at, then
 * id) with the same financial account type, payment method and charge.
 */
export function markInForce(mappings: readonly AccountMapping[]): AccountMapping[] {
  const key = (m: AccountMapping) => `${m.financial_account_type}|${m.payment_method_id}|${m.charge_id}`;
  const newer = (a: AccountMapping, b: AccountMapping) =>
    a.created_at > b.created_at || (a.created_at === b.created_at && a.id > b.id);
  return mappings.map((m) => ({
    ...m,
    in_force: !mappings.some((other) => key(other) === key(m) && newer(other, m)),
  }));
}

const BASE_TIME = Date.UTC(2026, 9, 2, 8, 0, 0);

/**
 * The seed's mappings: one per ledger role without payment method or charge (the list shows dashes),
 * and, when the store has them, one narrowed to the first payment method and one to the first charge.
 */
export function buildAccountMappings(refs: MappingReferences): AccountMapping[] {
  const gl = (index: number) => refs.glAccounts[index]?.id ?? '';
  const rows: Array<[FinancialAccountType, string, string | null, string | null]> = [
    ['RECEIVE_CONTROL', gl(0), null, null],
    ['LIABILITY_TRANSFER', gl(1), null, null],
    ['TRANSFER_SUSPENSE', gl(2), null, null],
    ['INCOME_FROM_CHARGE', gl(3), null, null],
  ];
  const method = refs.paymentMethods[0];
  if (method) rows.push(['RECEIVE_CONTROL', gl(0), method.id, null]);
  const charge = refs.charges[0];
  if (charge) rows.push(['INCOME_FROM_CHARGE', gl(3), null, charge.id]);
  const mappings = rows.map(([financial_account_type, gl_account_id, payment_method_id, charge_id], index) =>
    toAccountMapping(refs, {
      id: accountMappingId(index + 1),
      financial_account_type,
      gl_account_id,
      payment_method_id,
      charge_id,
      created_at: new Date(BASE_TIME + index * 3_600_000).toISOString(),
    }),
  );
  return markInForce(mappings);
}
