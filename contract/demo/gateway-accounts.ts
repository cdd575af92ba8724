/**
 * The demo gateway accounts: one settlement account per payment method, two for CBE and telebirr
 * (the busiest rails), each in its method's status. Balances open at zero: only ledger postings
 * move them (docs/ledger.md). What the seed and the mocks both start from; the account numbers are
 * generated (the seed from its PRNG), by one rule.
 */
import type { ActiveStatus } from '../fields';
import { DEMO_PAYMENT_METHODS, type DemoPaymentMethod } from './payment-methods';

export interface DemoGatewayAccount {
  readonly code: string;
  /** The payment method's code (DEMO_PAYMENT_METHODS). */
  readonly payment_method: string;
  readonly routing_code: string;
  readonly status: ActiveStatus;
}

/** How many settlement accounts a method has. */
function accountsOf(method: DemoPaymentMethod): number {
  return method.code === 'CBE' || method.code === 'TELEBIRR' ? 2 : 1;
}

export const DEMO_GATEWAY_ACCOUNTS: readonly DemoGatewayAccount[] = DEMO_PAYMENT_METHODS.flatMap((method) =>
  Array.from({ length: accountsOf(method) }, (_, i) => ({
    code: `GW-${method.code}-${String(i + 1).padStart(2, '0')}`,
    payment_method: method.code,
    routing_code: method.routing_code,
    status: method.status,
  })),
);

/**
 * An account number of the method's length: wallets are the holder's phone number (2519...), cards
 * start with their scheme's digit (5 for Mastercard, 4 otherwise), banks are plain digits after
 * 1000. `digits(n)` gives the n random digits (the seed's PRNG, a counter in the mocks).
 */
export function demoAccountNumber(
  method: Pick<DemoPaymentMethod, 'code' | 'type' | 'account_number_length'>,
  digits: (count: number) => string,
): string {
  const length = method.account_number_length;
  if (method.type === 'WALLET') return `2519${digits(length - 4)}`;
  if (method.type === 'CARD') return `${method.code === 'MASTERCARD' ? '5' : '4'}${digits(length - 1)}`;
  return `1000${digits(length - 4)}`;
}
