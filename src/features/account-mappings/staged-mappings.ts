import type { AccountMappingItemPayload } from '@contract/account-mapping';
import { EMPTY } from '@/lib/copy';

/** One row of the add modal's staging list: what is sent, and what the row shows. */
export interface StagedMapping {
  /** Stable across removals, for React keys. */
  key: number;
  item: AccountMappingItemPayload;
  labels: {
    glAccount: string;
    paymentMethod: string;
    charge: string;
  };
}

export interface MappingLookups {
  glAccountName: (id: string) => string | undefined;
  paymentMethodName: (id: string) => string | undefined;
  chargeLabel: (id: string) => string | undefined;
}

/**
 * Spec §2: "If charge or payment method is empty, the staged row carries only the financial
 * account type and the GL account": with either one missing, both are dropped.
 */
export function stageRow(
  key: number,
  item: AccountMappingItemPayload,
  lookups: MappingLookups,
): StagedMapping {
  const paired = item.payment_method_id !== null && item.charge_id !== null;
  const staged: AccountMappingItemPayload = paired
    ? item
    : {
        financial_account_type: item.financial_account_type,
        gl_account_id: item.gl_account_id,
        payment_method_id: null,
        charge_id: null,
      };
  return {
    key,
    item: staged,
    labels: {
      glAccount: lookups.glAccountName(staged.gl_account_id) ?? EMPTY,
      paymentMethod: staged.payment_method_id
        ? (lookups.paymentMethodName(staged.payment_method_id) ?? EMPTY)
        : EMPTY,
      charge: staged.charge_id ? (lookups.chargeLabel(staged.charge_id) ?? EMPTY) : EMPTY,
    },
  };
}

/**
 * What `POST account-mappings` receives: each row's type and GL account, and the payment method and
 * charge only when the row carries them (spec §7 "optionally payment_method_id and charge_id").
 */
export function payloadOf(rows: readonly StagedMapping[]) {
  return rows.map(({ item }) => ({
    financial_account_type: item.financial_account_type,
    gl_account_id: item.gl_account_id,
    ...(item.payment_method_id !== null && item.charge_id !== null
      ? { payment_method_id: item.payment_method_id, charge_id: item.charge_id }
      : {}),
  }));
}
