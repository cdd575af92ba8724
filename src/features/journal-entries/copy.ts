/** Journal entries (spec §2). The title is the spec's; column headers, labels and the totals line are ours. */
export const UI_JOURNAL_ENTRIES = {
  title: 'Journal Entry',
  dataType: 'Journal Entries',
  search: 'Search by account or transaction',
  entryType: 'Entry type',
  entryTypes: { all: 'All', debit: 'Debit', credit: 'Credit' },
  columns: {
    date: 'Date',
    glAccount: 'GL account name',
    debit: 'Debit',
    credit: 'Credit',
    type: 'Type',
    transaction: 'Transaction',
  },
  manual: 'Manual',
  /** Ours: under the date, who posted the journal when a person did (a payout's decision). */
  postedBy: (time: string, name: string) => `${time}, by ${name}`,
  totals: 'Totals of the current filter',
  /** One line per currency (amounts of different currencies are never added together). */
  totalsIn: (currency: string) => `Totals in ${currency}`,
  /** The line of manual postings, which belong to no transaction and so to no currency. */
  noCurrency: 'No currency (manual postings)',
  totalDebit: 'Total debit',
  totalCredit: 'Total credit',
  balanced: 'Balanced',
  unbalanced: (difference: string) => `Debits and credits differ by ${difference}`,
  totalsFailed: 'Totals could not be loaded',
  journal: (id: string) => `Journal ${id}`,
} as const;
