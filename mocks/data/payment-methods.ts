import { demoLogoPath } from '@contract/demo/payment-methods';
import type { PaymentMethod } from '@contract/payment-method';
import { CATALOGUE, createdAtOf } from './catalogue';
import { mockId } from './merchants';

/**
 * The demo payment methods (contract/demo/payment-methods.ts) as the MSW backend stores them:
 * banks, wallets and cards supporting ETB and USD; Mastercard is INACTIVE so Activate has
 * something to act on.
 */
/** Id of the method at `index` of the demo list (0 = CBE). */
export function paymentMethodId(index: number): string {
  return mockId(0x20, index + 1);
}

/** The method at `index` of the demo list. */
export function buildPaymentMethod(index: number): PaymentMethod {
  const method = CATALOGUE.paymentMethods[index];
  if (!method) throw new Error(`no demo payment method at ${index}`);
  return {
    id: paymentMethodId(index),
    name: method.name,
    type: method.type,
    code: method.code,
    url: method.url,
    // Where the server serves the seeded logo; in the mocks a missing image shows initials.
    logo: `/api/v1/files/${demoLogoPath(method.code)}`,
    account_number_length: method.account_number_length,
    supported_currencies: [...method.supported_currencies],
    status: method.status,
    created_at: createdAtOf(method),
  };
}

export function buildPaymentMethods(): PaymentMethod[] {
  return CATALOGUE.paymentMethods.map((_, i) => buildPaymentMethod(i));
}

/**
 * Payment methods beyond the demo's, for a test that needs a longer list (a second page): banks
 * 'Test bank N' (code TESTN), each older than every demo method, so they list after them.
 */
export function morePaymentMethods(count: number): PaymentMethod[] {
  const oldest = Date.parse(createdAtOf({ tick: 0 }));
  return Array.from({ length: count }, (_, i) => ({
    id: mockId(0x20, 0x100 + i),
    name: `Test bank ${i + 1}`,
    type: 'BANK' as const,
    code: `TEST${i + 1}`,
    url: `https://test-bank-${i + 1}.example`,
    logo: `/api/v1/files/logos/payment-methods/TEST${i + 1}.svg`,
    account_number_length: 13,
    supported_currencies: ['ETB'],
    status: 'ACTIVE' as const,
    created_at: new Date(oldest - (i + 1) * 60_000).toISOString(),
  }));
}
