/**
 * Merchant details screen (spec §2): tab names, field labels and each tab's empty message. Field
 * labels are the spec's words in title case; the dialog titles and the bank card labels are ours
 * where the spec names the action but not its wording.
 */
export const UI_MERCHANT_DETAILS = {
  title: 'Merchant Details',
  /** Ours: an unknown or malformed id in the address, instead of a Retry that cannot succeed. */
  notFound: 'This merchant does not exist.',
  backToList: 'Back to Merchants',
  code: 'Merchant Code',
  /** Ours: the last status change through the console, under the status badge. */
  statusChange: (activated: boolean, by: string | null, when: string) =>
    `${activated ? 'Activated' : 'Deactivated'} by ${by ?? 'a person not recorded'}, ${when}`,
  tabs: {
    business: 'Business Information',
    compliance: 'Compliance Information',
    contact: 'Contact Information',
    transactions: 'Transactions',
    banks: 'Banks Information',
  },
  business: {
    name: 'Business Name',
    phone: 'Phone Number',
    email: 'Email',
    website: 'Website',
    industry: 'Industry',
    industryCategory: 'Industry Category',
    employees: 'Employees',
    transactionVolume: 'Transaction Volume',
    addressOne: 'Address One',
    addressTwo: 'Address Two',
    empty: 'There are no business information',
  },
  compliance: {
    businessName: 'Legal Business Name',
    type: 'Company Type',
    tin: 'TIN Number',
    registration: 'Business Registration Type',
    tinCertification: 'TIN Certification',
    tradeLicense: 'Trade License',
    moa: 'MOA',
    state: 'State',
    kebele: 'Kebele',
    city: 'City',
    houseNumber: 'House Number',
    wereda: 'Wereda',
    empty: 'There are no compliance information',
  },
  contact: {
    fullName: 'Full Name',
    phone: 'Phone Number',
    address: 'Address',
    state: 'Region/State',
    idType: 'ID Type',
    idDocument: 'ID Document',
    empty: 'There are no contact information',
  },
  /** The accessible name of a document's download button: 'Download trade-license.pdf'. */
  download: (fileName: string) => `Download ${fileName}`,
  banks: {
    labels: { BANK: 'Bank Name', WALLET: 'Wallet Name', CARD: 'Card Name' },
    accountNumber: 'Account Number',
    status: 'Status',
    dataType: 'Banks Information',
  },
  actions: {
    activate: 'Activate',
    deactivate: 'Deactivate',
    activateTitle: 'Activate merchant',
    deactivateTitle: 'Deactivate merchant',
    activateMessage: (name: string) => `Activate ${name}? The merchant will be able to take payments.`,
    deactivateMessage: (name: string) => `Deactivate ${name}? The merchant will no longer take payments.`,
  },
  transactions: {
    /** The tab's list data type: 'There are no Transactions'. */
    dataType: 'Transactions',
    status: 'Status',
    filters: {
      all: 'All',
      pending: 'Pending',
      'checked-out': 'Checked Out',
      failed: 'Failed',
      canceled: 'Canceled',
    },
  },
} as const;
