/**
 * The demo catalogue in the order its records are made, each with its `tick`: records are created
 * a second apart, the oldest DEMO_CATALOGUE_AGE_DAYS before the seed's date, so "newest first"
 * lists have a stable order. The seed (server/db/seed/reference-data.ts) and the mocks
 * (mocks/data/*.ts) both lay their records out from this; each gives its own ids.
 */
import { DEMO_ACCOUNT_MAPPINGS, type DemoAccountMapping } from './account-mappings';
import { DEMO_CHARGES, type DemoCharge } from './charges';
import { DEMO_CURRENCIES, type DemoCurrency } from './currencies';
import { DEMO_GATEWAY_ACCOUNTS, type DemoGatewayAccount } from './gateway-accounts';
import { DEMO_GL_ACCOUNTS, type DemoGlAccount } from './gl-accounts';
import { DEMO_PAYMENT_METHODS, type DemoPaymentMethod } from './payment-methods';
import { DEMO_LIMITS_BY_TYPE, type DemoTransactionLimit } from './transaction-limits';

export const DEMO_CATALOGUE_AGE_DAYS = 90;

export type Ticked<T> = T & { readonly tick: number };

export interface DemoLimitOf extends DemoTransactionLimit {
  /** The payment method's code. */
  readonly payment_method: string;
}

export interface DemoCatalogue {
  readonly currencies: readonly Ticked<DemoCurrency>[];
  readonly paymentMethods: readonly Ticked<DemoPaymentMethod>[];
  readonly transactionLimits: readonly Ticked<DemoLimitOf>[];
  readonly charges: readonly Ticked<DemoCharge>[];
  readonly gatewayAccounts: readonly Ticked<DemoGatewayAccount>[];
  readonly glAccounts: readonly Ticked<DemoGlAccount>[];
  readonly accountMappings: readonly Ticked<DemoAccountMapping>[];
}

/** The catalogue with every record's tick: currencies, methods, their limits, charges, gateway accounts, GL accounts, mappings. */
export function demoCatalogue(): DemoCatalogue {
  let tick = 0;
  const ticked = <T>(records: readonly T[]): Ticked<T>[] => records.map((r) => ({ ...r, tick: tick++ }));
  return {
    currencies: ticked(DEMO_CURRENCIES),
    paymentMethods: ticked(DEMO_PAYMENT_METHODS),
    transactionLimits: ticked(
      DEMO_PAYMENT_METHODS.flatMap((m) =>
        DEMO_LIMITS_BY_TYPE[m.type].map((l) => ({ ...l, payment_method: m.code })),
      ),
    ),
    charges: ticked(DEMO_CHARGES),
    gatewayAccounts: ticked(DEMO_GATEWAY_ACCOUNTS),
    glAccounts: ticked(DEMO_GL_ACCOUNTS),
    accountMappings: ticked(DEMO_ACCOUNT_MAPPINGS),
  };
}

/** When the record with `tick` was created, for a seed dated `now`. */
export function demoCreatedAt(now: Date, tick: number): Date {
  return new Date(now.getTime() - DEMO_CATALOGUE_AGE_DAYS * 86_400_000 + tick * 1000);
}
