import type { Currency } from '@contract/currency';
import { demoAccountNumber } from '@contract/demo/gateway-accounts';
import type { GatewayAccount } from '@contract/gateway-account';
import type { PaymentMethod } from '@contract/payment-method';
import { CATALOGUE, createdAtOf } from './catalogue';
import { mockId } from './merchants';

/**
 * `balance_decimal_places` as the server computes it: the most decimal places among the currencies
 * the method supports; null when none of them is a currency.
 */
export function balancePlaces(
  method: Pick<PaymentMethod, 'supported_currencies'>,
  currencies: readonly Pick<Currency, 'name_code' | 'decimal_places'>[],
): number | null {
  const places = currencies
    .filter((c) => method.supported_currencies.includes(c.name_code))
    .map((c) => c.decimal_places);
  return places.length === 0 ? null : Math.max(...places);
}

/** Deterministic digits for the account at `index` (the seed draws them from its PRNG). */
function digitsFor(index: number) {
  return (count: number) => Array.from({ length: count }, (_, k) => (index * 7 + k * 3 + 1) % 10).join('');
}

/**
 * The demo gateway accounts (contract/demo/gateway-accounts.ts) of the given methods: one per
 * method, two for CBE and telebirr, numbered by the demo's rule. The seed opens every balance at
 * zero and its postings move them; the mocks post nothing, so each account carries a balance as
 * if its history had been posted (every fourth on the list is empty). Staff never type them.
 */
export function buildGatewayAccounts(methods: readonly PaymentMethod[]): GatewayAccount[] {
  const count = CATALOGUE.gatewayAccounts.length;
  return CATALOGUE.gatewayAccounts.flatMap((account, i) => {
    const method = methods.find((m) => m.code === account.payment_method);
    if (!method) return [];
    // The balance goes by the account's place on the newest-first list.
    const j = count - 1 - i;
    return [
      {
        id: mockId(0x22, i + 1),
        code: account.code,
        payment_method: { id: method.id, name: method.name, logo: method.logo, type: method.type },
        account_number: demoAccountNumber(method, digitsFor(i)),
        routing_code: account.routing_code,
        // Every fourth is empty, and some end in a zero ("…0.70"), which the API sends as "…0.7".
        total_balance:
          j % 4 === 3 ? '0' : `${(j + 1) * 125_430}.${String(j * 7).padStart(2, '0')}`.replace(/\.?0+$/, ''),
        balance_decimal_places: balancePlaces(method, CATALOGUE.currencies),
        status: account.status,
        created_at: createdAtOf(account),
      },
    ];
  });
}
