/** The command palette (ours, issue 24, decision 046). */
export const UI_PALETTE = {
  /** The header button's name and the search box's. */
  open: 'Search and go to (Ctrl+K)',
  search: 'Go to a screen, or find a merchant, transaction or GL account',
  placeholder: 'Go to… or find a merchant, transaction reference or GL account',
  groups: {
    screens: 'Screens',
    merchants: 'Merchants',
    transactions: 'Transactions',
    glAccounts: 'GL Accounts',
  },
  account: 'My account',
  searching: 'Searching…',
  nothingFound: 'Nothing found',
  failed: 'The search failed; try again.',
} as const;
