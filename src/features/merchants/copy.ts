/** The Merchants list (spec §2): its title, search box and left status filter. */
export const UI_MERCHANTS = {
  title: 'Merchants',
  search: 'Search merchants',
  filters: {
    all: 'All',
    pending: 'Pending',
    pendingVerification: 'Pending Verification',
    verified: 'Verified',
    inactive: 'Inactive',
  },
} as const;

/**
 * The merchants table's column headers (spec §2 names the columns; the header wording is ours where
 * it differs).
 */
export const UI_MERCHANT_COLUMNS = {
  logo: 'Logo',
  name: 'Business name',
  code: 'Merchant Code',
  phone: 'Phone number',
  website: 'Website',
  industry: 'Industry',
  status: 'Status',
} as const;
