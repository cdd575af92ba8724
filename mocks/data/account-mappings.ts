import type { AccountMapping, FinancialAccountType } from '@contract/account-mapping';
import type { Charge } from '@contract/charge';
import { toFixed } from '@contract/decimal';
import type { GlAccount } from '@contract/gl-account';
import { CATALOGUE, createdAtOf } from './catalogue';
import { mockId } from './merchants';

/** What a mapping shows of the records it points at (the server joins them the same way). */
export interface MappingReferences {
  glAccounts: readonly Pick<GlAccount, 'id' | 'name'>[];
  paymentMethods: readonly { id: string; name: string; code: string }[];
  charges: readonly (MappedCharge & { id: string })[];
}

/** What a mapping shows of its charge. */
type MappedCharge = Pick<Charge, 'name' | 'amount' | 'is_range' | 'charge_calculation_method'> & {
  currency: { name: string; name_code: string };
};

/**
 * A mapping's charge as the server's join shows it: the amount as the database's numeric(24,6)
 * writes it ('2.500000'), the name, ranged or not, the calculation and the currency.
 */
export function mappingCharge(charge: MappedCharge): NonNullable<AccountMapping['charge']> {
  return {
    name: charge.name,
    amount: toFixed(charge.amount, 6),
    is_range: charge.is_range,
    charge_calculation_method: charge.charge_calculation_method,
    currency: { name: charge.currency.name, name_code: charge.currency.name_code },
  };
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
    charge: charge ? mappingCharge(charge) : null,
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

/**
 * The demo mappings (contract/demo/account-mappings.ts): a default per financial account type
 * (no payment method, no charge: the list shows dashes), each payment method's receivables and
 * each transaction-fee charge's income. A mapping whose records the store lacks is left out.
 */
export function buildAccountMappings(refs: MappingReferences): AccountMapping[] {
  const mappings = CATALOGUE.accountMappings.flatMap((mapping, index) => {
    const gl = refs.glAccounts.find((a) => a.name === mapping.gl_account);
    const method =
      mapping.payment_method === null
        ? null
        : refs.paymentMethods.find((m) => m.code === mapping.payment_method);
    const charge = mapping.charge === null ? null : refs.charges.find((c) => c.name === mapping.charge);
    if (!gl || method === undefined || charge === undefined) return [];
    return [
      toAccountMapping(refs, {
        id: accountMappingId(index + 1),
        financial_account_type: mapping.financial_account_type,
        gl_account_id: gl.id,
        payment_method_id: method?.id ?? null,
        charge_id: charge?.id ?? null,
        created_at: createdAtOf(mapping),
      }),
    ];
  });
  return markInForce(mappings);
}
