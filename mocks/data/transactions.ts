import type { Merchant } from '@contract/merchant';
import {
  type PayoutDecision,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type Transaction,
  type TransactionDetail,
} from '@contract/transaction';
import { mockId } from './merchants';

/**
 * Deterministic transactions of a merchant for the MSW backend: built from the merchant's position
 * in the seed, so tests can name them. Every sixth merchant (index 5, 11, …) has none, for the
 * Transactions tab's empty state; the others have 4 to 26, cycling every status and type.
 */

const CUSTOMERS = [
  ['Abebe', 'Kebede', '+251911223344'],
  ['Tigist', 'Haile', '+251922334455'],
  [null, null, '+251933445566'],
  ['Yonas', 'Tadesse', null],
  ['Marta', 'Gebre', '+251944556677'],
] as const;

const METHODS = [
  { name: 'telebirr', code: 'TELEBIRR' },
  { name: 'Commercial Bank of Ethiopia', code: 'CBE' },
  null,
  { name: 'Visa', code: 'VISA' },
] as const;

const BASE_TIME = Date.UTC(2026, 10, 20, 15, 30, 0);

export function merchantTransactionCount(index: number): number {
  return index % 6 === 5 ? 0 : 4 + ((index * 11) % 23);
}

export function buildMerchantTransactions(merchant: Merchant, index: number): Transaction[] {
  return Array.from({ length: merchantTransactionCount(index) }, (_, k) => {
    const [first_name, last_name, phone_number] = CUSTOMERS[(index + k) % CUSTOMERS.length] ?? CUSTOMERS[0];
    const method = METHODS[k % METHODS.length] ?? null;
    return {
      id: mockId(3, index * 100 + k + 1),
      // Newest first is k order: one every 5 hours back from the base time.
      transaction_date: new Date(BASE_TIME - k * 5 * 3_600_000).toISOString(),
      reference: { txn_ref: `TXN-${String(1001 + index)}-${String(k + 1).padStart(4, '0')}` },
      against: { customer: { first_name, last_name, phone_number } },
      // Exact decimals with cents, some large enough that a float would show noise.
      amount: `${(k + 1) * 1250 + index}.${String((k * 7) % 100).padStart(2, '0')}`,
      fee: '0',
      type: TRANSACTION_TYPES[k % TRANSACTION_TYPES.length] ?? 'PAYMENT',
      status: TRANSACTION_STATUSES[k % TRANSACTION_STATUSES.length] ?? 'PENDING',
      transaction_method: {
        currency: { name_code: 'ETB', name: 'Ethiopian Birr', decimal_places: 2 },
        payment_method: method ? { ...method } : null,
      },
      merchant: { id: merchant.id, name: merchant.business_detail?.name ?? merchant.merchant_code },
    };
  });
}

/**
 * Status changes made through `POST payout/transactions/{id}`, per seed: keyed by the merchants
 * array of the store, so `resetDb()` (a fresh array) forgets them.
 */
const statusChanges = new WeakMap<readonly Merchant[], Map<string, Transaction['status']>>();

/** Every merchant's transactions with the payout decisions applied, newest first (then id descending). */
export function allTransactions(merchants: readonly Merchant[]): Transaction[] {
  const changes = statusChanges.get(merchants);
  return merchants
    .flatMap((merchant, index) => buildMerchantTransactions(merchant, index))
    .map((t) => {
      const status = changes?.get(t.id);
      return status ? { ...t, status } : t;
    })
    .sort((a, b) =>
      a.transaction_date === b.transaction_date
        ? b.id.localeCompare(a.id)
        : b.transaction_date.localeCompare(a.transaction_date),
    );
}

/** Who decided each payout through the mock API, per seed like the status changes. */
const decisions = new WeakMap<readonly Merchant[], Map<string, PayoutDecision>>();

/** Records a payout decision for the store's current seed, and who made it when known. */
export function setTransactionStatus(
  merchants: readonly Merchant[],
  id: string,
  status: Transaction['status'],
  decision?: PayoutDecision,
): void {
  const changes = statusChanges.get(merchants) ?? new Map<string, Transaction['status']>();
  changes.set(id, status);
  statusChanges.set(merchants, changes);
  if (decision) {
    const made = decisions.get(merchants) ?? new Map<string, PayoutDecision>();
    made.set(id, decision);
    decisions.set(merchants, made);
  }
}

/**
 * A transaction as `GET transactions/{id}` answers it: with its payout decision. A payout decided
 * without a person (the seed's, or one a test set) was decided by nobody recorded, as the server's
 * seeded history is.
 */
export function transactionDetail(merchants: readonly Merchant[], t: Transaction): TransactionDetail {
  const recorded = decisions.get(merchants)?.get(t.id);
  if (recorded) return { ...t, decision: recorded };
  const decided =
    statusChanges.get(merchants)?.has(t.id) === true ||
    (t.type === 'PAYOUT' && (t.status === 'SUCCESS' || t.status === 'CANCELED'));
  return { ...t, decision: decided ? { at: t.transaction_date, by: null } : null };
}
