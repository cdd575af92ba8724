import type { PaymentMethod, PaymentMethodType } from '@contract/payment-method';
import { mockId } from './merchants';

/**
 * Deterministic payment methods for the MSW backend, modelled on the reference server's seed
 * (server/db/seed/reference-data.ts): banks, wallets and cards supporting ETB and USD. Twelve, so
 * the list has a second page; the last is INACTIVE so Activate has something to act on.
 */

interface MethodSeed {
  code: string;
  name: string;
  type: PaymentMethodType;
  url: string;
  accountNumberLength: number;
  currencies: string[];
}

const METHODS: readonly MethodSeed[] = [
  {
    code: 'CBE',
    name: 'Commercial Bank of Ethiopia',
    type: 'BANK',
    url: 'https://www.combanketh.et',
    accountNumberLength: 13,
    currencies: ['ETB', 'USD'],
  },
  {
    code: 'AWASH',
    name: 'Awash Bank',
    type: 'BANK',
    url: 'https://awashbank.com',
    accountNumberLength: 14,
    currencies: ['ETB', 'USD'],
  },
  {
    code: 'DASHEN',
    name: 'Dashen Bank',
    type: 'BANK',
    url: 'https://dashenbanksc.com',
    accountNumberLength: 13,
    currencies: ['ETB', 'USD'],
  },
  {
    code: 'BOA',
    name: 'Bank of Abyssinia',
    type: 'BANK',
    url: 'https://www.bankofabyssinia.com',
    accountNumberLength: 10,
    currencies: ['ETB', 'USD'],
  },
  {
    code: 'TELEBIRR',
    name: 'telebirr',
    type: 'WALLET',
    url: 'https://www.ethiotelecom.et/telebirr',
    accountNumberLength: 12,
    currencies: ['ETB'],
  },
  {
    code: 'CBEBIRR',
    name: 'CBE Birr',
    type: 'WALLET',
    url: 'https://cbebirr.combanketh.et',
    accountNumberLength: 12,
    currencies: ['ETB'],
  },
  {
    code: 'MPESA',
    name: 'M-Pesa',
    type: 'WALLET',
    url: 'https://www.safaricom.et/m-pesa',
    accountNumberLength: 12,
    currencies: ['ETB'],
  },
  {
    code: 'VISA',
    name: 'Visa',
    type: 'CARD',
    url: 'https://www.visa.com',
    accountNumberLength: 16,
    currencies: ['USD', 'ETB'],
  },
  {
    code: 'ABAY',
    name: 'Abay Bank',
    type: 'BANK',
    url: 'https://abaybank.com.et',
    accountNumberLength: 13,
    currencies: ['ETB'],
  },
  {
    code: 'WEGAGEN',
    name: 'Wegagen Bank',
    type: 'BANK',
    url: 'https://www.wegagen.com',
    accountNumberLength: 13,
    currencies: ['ETB'],
  },
  {
    code: 'AMOLE',
    name: 'Amole',
    type: 'WALLET',
    url: 'https://www.amole.et',
    accountNumberLength: 10,
    currencies: ['ETB'],
  },
  {
    code: 'MASTERCARD',
    name: 'Mastercard',
    type: 'CARD',
    url: 'https://www.mastercard.com',
    accountNumberLength: 16,
    currencies: ['USD', 'ETB'],
  },
];

export const PAYMENT_METHOD_COUNT = METHODS.length;

const BASE_TIME = Date.UTC(2026, 9, 1, 8, 0, 0);

export function paymentMethodId(index: number): string {
  return mockId(0x20, index + 1);
}

/** The method at `index`; index 0 is the newest (one a day going back), as the list orders them. */
export function buildPaymentMethod(index: number): PaymentMethod {
  const seed = METHODS[index % METHODS.length] ?? (METHODS[0] as MethodSeed);
  return {
    id: paymentMethodId(index),
    name: seed.name,
    type: seed.type,
    code: seed.code,
    url: seed.url,
    // The server serves seeded logos under /api/v1/files/logos; here a missing image shows initials.
    logo: `/api/v1/files/logos/${seed.code}.svg`,
    account_number_length: seed.accountNumberLength,
    supported_currencies: [...seed.currencies],
    status: index === METHODS.length - 1 ? 'INACTIVE' : 'ACTIVE',
    created_at: new Date(BASE_TIME - index * 86_400_000).toISOString(),
  };
}

export function buildPaymentMethods(): PaymentMethod[] {
  return METHODS.map((_, i) => buildPaymentMethod(i));
}
