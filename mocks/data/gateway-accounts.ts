import type { GatewayAccount } from '@contract/gateway-account';
import type { PaymentMethod } from '@contract/payment-method';
import { mockId } from './merchants';

/**
 * One gateway account per payment method but the last, numbered to the method's
 * account_number_length (wallet numbers are phone numbers starting 09). The balances are what the
 * ledger would have posted; staff never type them.
 */
export function buildGatewayAccounts(methods: readonly PaymentMethod[]): GatewayAccount[] {
  return methods.slice(0, Math.max(0, methods.length - 1)).map((method, i) => {
    const digits =
      method.type === 'WALLET'
        ? `09${String(11_000_000 + i * 4_241)}`
        : `10${String(i).padStart(3, '0')}7731204419982`;
    return {
      id: mockId(0x22, i + 1),
      code: `GW-${method.code}`,
      payment_method: { id: method.id, name: method.name, logo: method.logo, type: method.type },
      account_number: digits.padEnd(method.account_number_length, '0').slice(0, method.account_number_length),
      routing_code: `${method.code}ETAA`,
      total_balance: i % 4 === 3 ? '0' : `${(i + 1) * 125_430}.${String(i * 7).padStart(2, '0')}`,
      status: i === 2 ? 'INACTIVE' : 'ACTIVE',
      created_at: new Date(Date.UTC(2026, 9, 15, 9, 0, 0) - i * 3_600_000).toISOString(),
    };
  });
}
