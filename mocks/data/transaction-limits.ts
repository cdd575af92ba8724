import type { PaymentMethod } from '@contract/payment-method';
import type { LimitInterval, TransactionLimit } from '@contract/transaction-limit';
import { mockId } from './merchants';

/** Per-type limits like the server's seed: banks two, wallets three, cards one. */
const LIMITS: Record<
  PaymentMethod['type'],
  readonly { interval: LimitInterval; min: string; max: string }[]
> = {
  BANK: [
    { interval: 'DAILY', min: '1', max: '1000000' },
    { interval: 'MONTHLY', min: '1', max: '20000000' },
  ],
  WALLET: [
    { interval: 'DAILY', min: '1', max: '75000' },
    { interval: 'WEEKLY', min: '1', max: '300000' },
    { interval: 'MONTHLY', min: '1', max: '1000000' },
  ],
  CARD: [{ interval: 'DAILY', min: '10', max: '250000' }],
};

/** The limits of every method except the last two, which have none (the tab's empty state). */
export function buildTransactionLimits(methods: readonly PaymentMethod[]): TransactionLimit[] {
  return methods.slice(0, Math.max(0, methods.length - 2)).flatMap((method, m) =>
    LIMITS[method.type].map((limit, k) => ({
      id: mockId(0x21, m * 10 + k + 1),
      payment_method_id: method.id,
      min_amount: limit.min,
      max_amount: limit.max,
      interval: limit.interval,
      status: 'ACTIVE' as const,
      created_at: new Date(Date.parse(method.created_at) + (k + 1) * 60_000).toISOString(),
    })),
  );
}
