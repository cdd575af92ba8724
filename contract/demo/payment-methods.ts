/**
 * The demo payment methods: banks, wallets and cards for Ethiopian birr and dollars, what the
 * reference server seeds and the MSW mocks start from, written once.
 */
import type { ActiveStatus } from '../fields';
import type { PaymentMethodType } from '../payment-method';

export interface DemoPaymentMethod {
  readonly code: string;
  readonly name: string;
  readonly type: PaymentMethodType;
  readonly url: string;
  readonly account_number_length: number;
  /** Currency name codes (DEMO_CURRENCIES). */
  readonly supported_currencies: readonly string[];
  readonly status: ActiveStatus;
  /** The logo's colour: the seed draws an SVG badge of the code's first two letters in it. */
  readonly color: string;
  /** The routing code of the method's gateway accounts. */
  readonly routing_code: string;
}

export const DEMO_PAYMENT_METHODS: readonly DemoPaymentMethod[] = [
  {
    code: 'CBE',
    name: 'Commercial Bank of Ethiopia',
    type: 'BANK',
    url: 'https://www.combanketh.et',
    account_number_length: 13,
    supported_currencies: ['ETB', 'USD'],
    status: 'ACTIVE',
    color: '#6d1f7a',
    routing_code: 'CBETETAA',
  },
  {
    code: 'AWASH',
    name: 'Awash Bank',
    type: 'BANK',
    url: 'https://awashbank.com',
    account_number_length: 14,
    supported_currencies: ['ETB', 'USD'],
    status: 'ACTIVE',
    color: '#f58220',
    routing_code: 'AWINETAA',
  },
  {
    code: 'DASHEN',
    name: 'Dashen Bank',
    type: 'BANK',
    url: 'https://dashenbanksc.com',
    account_number_length: 13,
    supported_currencies: ['ETB', 'USD'],
    status: 'ACTIVE',
    color: '#00529b',
    routing_code: 'DASHETAA',
  },
  {
    code: 'BOA',
    name: 'Bank of Abyssinia',
    type: 'BANK',
    url: 'https://www.bankofabyssinia.com',
    account_number_length: 10,
    supported_currencies: ['ETB', 'USD'],
    status: 'ACTIVE',
    color: '#d4a017',
    routing_code: 'ABYSETAA',
  },
  {
    code: 'TELEBIRR',
    name: 'telebirr',
    type: 'WALLET',
    url: 'https://www.ethiotelecom.et/telebirr',
    account_number_length: 12,
    supported_currencies: ['ETB'],
    status: 'ACTIVE',
    color: '#0a8fd8',
    routing_code: 'ETHIO-TELEBIRR',
  },
  {
    code: 'CBEBIRR',
    name: 'CBE Birr',
    type: 'WALLET',
    url: 'https://cbebirr.combanketh.et',
    account_number_length: 12,
    supported_currencies: ['ETB'],
    status: 'ACTIVE',
    color: '#8e3a9d',
    routing_code: 'CBE-BIRR',
  },
  {
    code: 'MPESA',
    name: 'M-Pesa',
    type: 'WALLET',
    url: 'https://www.safaricom.et/m-pesa',
    account_number_length: 12,
    supported_currencies: ['ETB'],
    status: 'ACTIVE',
    color: '#43b02a',
    routing_code: 'SAFARICOM-MPESA',
  },
  {
    code: 'VISA',
    name: 'Visa',
    type: 'CARD',
    url: 'https://www.visa.com',
    account_number_length: 16,
    supported_currencies: ['USD', 'ETB'],
    status: 'ACTIVE',
    color: '#1a1f71',
    routing_code: 'VISA-NET',
  },
  {
    code: 'MASTERCARD',
    name: 'Mastercard',
    type: 'CARD',
    url: 'https://www.mastercard.com',
    account_number_length: 16,
    supported_currencies: ['USD', 'ETB'],
    // One inactive method, so the console's Activate action has something to act on.
    status: 'INACTIVE',
    color: '#eb001b',
    routing_code: 'MC-BANKNET',
  },
];

/** Where a demo method's logo is stored, under the API's files (`/api/v1/files/<path>`). */
export function demoLogoPath(code: string): string {
  return `logos/payment-methods/${code}.svg`;
}

/** The demo method with this code; throws for a code the demo does not have. */
export function demoPaymentMethod(code: string): DemoPaymentMethod {
  const method = DEMO_PAYMENT_METHODS.find((m) => m.code === code);
  if (!method) throw new Error(`no demo payment method ${code}`);
  return method;
}
