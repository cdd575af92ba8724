import type { PaymentMethod } from '@contract/payment-method';
import type { TransactionLimit } from '@contract/transaction-limit';
import { CATALOGUE, createdAtOf } from './catalogue';
import { mockId } from './merchants';

/** The demo limits (contract/demo/transaction-limits.ts) of the given methods: banks two, wallets three, cards one. */
export function buildTransactionLimits(methods: readonly PaymentMethod[]): TransactionLimit[] {
  return CATALOGUE.transactionLimits.flatMap((limit, i) => {
    const method = methods.find((m) => m.code === limit.payment_method);
    if (!method) return [];
    return [
      {
        id: mockId(0x21, i + 1),
        payment_method_id: method.id,
        min_amount: limit.min_amount,
        max_amount: limit.max_amount,
        interval: limit.interval,
        status: 'ACTIVE' as const,
        created_at: createdAtOf(limit),
      },
    ];
  });
}
