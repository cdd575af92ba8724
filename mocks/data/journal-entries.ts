import { DEMO_DEFAULT_MAPPINGS } from '@contract/demo/account-mappings';
import type { GlAccount } from '@contract/gl-account';
import type { EntryType, JournalEntry } from '@contract/journal-entry';
import { mockId } from './merchants';
import { DEMO_USERS, type DemoUserKey, MOCK_USER_IDS } from './users';

/**
 * Deterministic journals for the MSW backend, posted as docs/ledger.md "Postings" says (collections
 * with and without a fee, payout requests, an approval and a rejection): every journal balances, so
 * the debit and credit totals of each currency are equal. Amounts carry the database's 6 decimals.
 * The oldest journal is in dollars, so the totals have two currency lines.
 */

type Role = 'control' | 'payable' | 'suspense' | 'income';
/** Each role's GL account: the demo's default mapping of its financial account type. */
const ROLE_ACCOUNT: Readonly<Record<Role, string>> = {
  control: DEMO_DEFAULT_MAPPINGS.RECEIVE_CONTROL,
  payable: DEMO_DEFAULT_MAPPINGS.LIABILITY_TRANSFER,
  suspense: DEMO_DEFAULT_MAPPINGS.TRANSFER_SUSPENSE,
  income: DEMO_DEFAULT_MAPPINGS.INCOME_FROM_CHARGE,
};

interface JournalSeed {
  event: string;
  ref: string;
  amount: number;
  fee?: number;
  /** name_code of the transaction's currency; ETB when absent. */
  currency?: string;
  /** Who decided, for a payout's approval or rejection. */
  by?: DemoUserKey;
}

const JOURNALS: readonly JournalSeed[] = [
  { event: 'PAYMENT_RECEIVED', ref: 'TXN-2000-0001', amount: 120.5, fee: 3, currency: 'USD' },
  { event: 'PAYMENT_RECEIVED', ref: 'TXN-2001-0001', amount: 1000, fee: 25 },
  { event: 'PAYMENT_RECEIVED', ref: 'TXN-2001-0002', amount: 2500.5, fee: 62.5 },
  { event: 'PAYOUT_REQUESTED', ref: 'TXN-2001-0003', amount: 800 },
  { event: 'PAYOUT_APPROVED', ref: 'TXN-2001-0003', amount: 800, by: 'finance' },
  { event: 'PAYMENT_RECEIVED', ref: 'TXN-2002-0001', amount: 150.25 },
  { event: 'PAYOUT_REQUESTED', ref: 'TXN-2002-0002', amount: 120 },
  { event: 'PAYOUT_REJECTED', ref: 'TXN-2002-0002', amount: 120, by: 'admin' },
  { event: 'PAYMENT_RECEIVED', ref: 'TXN-2003-0001', amount: 4000, fee: 100 },
];

function lines({ event, amount, fee = 0 }: JournalSeed): Array<[EntryType, Role, number]> {
  switch (event) {
    case 'PAYMENT_RECEIVED':
      return [
        ['DEBIT', 'control', amount],
        ['CREDIT', 'payable', amount - fee],
        ...(fee > 0 ? ([['CREDIT', 'income', fee]] as Array<[EntryType, Role, number]>) : []),
      ];
    case 'PAYOUT_REQUESTED':
      return [
        ['DEBIT', 'payable', amount],
        ['CREDIT', 'suspense', amount],
      ];
    case 'PAYOUT_APPROVED':
      return [
        ['DEBIT', 'suspense', amount],
        ['CREDIT', 'control', amount],
      ];
    default:
      return [
        ['DEBIT', 'suspense', amount],
        ['CREDIT', 'payable', amount],
      ];
  }
}

const BASE_TIME = Date.UTC(2026, 10, 9, 9, 0, 0);

/** Oldest journal first; the list handler sorts newest first. */
export function buildJournalEntries(glAccounts: readonly GlAccount[]): JournalEntry[] {
  let n = 0;
  return JOURNALS.flatMap((journal, j) =>
    lines(journal).map(([entry_type, role, amount]) => {
      const account = glAccounts.find((a) => a.name === ROLE_ACCOUNT[role]);
      n += 1;
      return {
        id: mockId(0x33, n),
        journal_id: mockId(0x32, j + 1),
        entry_type,
        amount: amount.toFixed(6),
        currency: { name_code: journal.currency ?? 'ETB' },
        gl_account: {
          id: account?.id ?? '',
          name: account?.name ?? '',
          type: account?.type ?? 'ASSET',
        },
        description: `${journal.event} ${journal.ref}`,
        transaction_reference: journal.ref,
        posted_by: journal.by ? { id: MOCK_USER_IDS[journal.by], name: DEMO_USERS[journal.by].name } : null,
        created_at: new Date(BASE_TIME + j * 86_400_000).toISOString(),
      };
    }),
  );
}
