/**
 * The demo transaction limits: each payment method gets its type's limits, in ETB-sized amounts
 * (banks two, wallets three, cards one). What the seed and the mocks both start from.
 */
import type { PaymentMethodType } from '../payment-method';
import type { LimitInterval } from '../transaction-limit';

export interface DemoTransactionLimit {
  readonly interval: LimitInterval;
  readonly min_amount: string;
  readonly max_amount: string;
}

export const DEMO_LIMITS_BY_TYPE: Readonly<Record<PaymentMethodType, readonly DemoTransactionLimit[]>> = {
  BANK: [
    { interval: 'DAILY', min_amount: '1', max_amount: '1000000' },
    { interval: 'MONTHLY', min_amount: '1', max_amount: '20000000' },
  ],
  WALLET: [
    { interval: 'DAILY', min_amount: '1', max_amount: '75000' },
    { interval: 'WEEKLY', min_amount: '1', max_amount: '300000' },
    { interval: 'MONTHLY', min_amount: '1', max_amount: '1000000' },
  ],
  CARD: [{ interval: 'DAILY', min_amount: '10', max_amount: '250000' }],
};
