/**
 * The product's strings from spec §2, §5 and §8, written once. The console shows them, the mocks
 * and the server send them; tests assert them.
 */

/** Spec §5 validation messages. */
export const VALIDATION = {
  signin: {
    username: 'Username is required',
    password: 'Password is required',
  },
  paymentMethod: {
    name: 'Name is required',
    type: 'Type must be selected',
    url: 'URL is required',
    logo: 'Logo is required',
    code: 'Code is required',
    accountNumberLengthPositive: 'Account number must be greater than 0',
    accountNumberLengthRequired: 'Account Number Length is required',
    supportedCurrencies: 'At least one Supported Currency is required',
    // Ours: spec §5 words no text for these rules.
    accountNumberLengthInteger: 'Account Number Length must be a whole number',
  },
  currency: {
    name: 'Currency Name is required',
    decimalPlaces: 'Decimal Places must a positive number',
    inMultiplesOf: 'Is Multiples of must be a positive number',
    displaySymbol: 'Display Symbol is required',
    nameCode: 'Name Code is Required',
    // Ours: the amounts are stored with 6 decimals (docs/decisions/003), so more places cannot be kept.
    decimalPlacesInteger: 'Decimal Places must be a whole number',
    decimalPlacesMax: 'Decimal Places must be at most 6',
  },
  charge: {
    name: 'Charge Name is required',
    chargeTime: 'Charge Time must be selected',
    calculationMethod: 'Charge Calculation must be Selected',
    rangeStatus: 'Range status must be Selected',
    amount: 'Amount must be a positive number',
    rangeTo: 'To must be greater than From',
    // Spec §5 gives the rule (min 0) but no text for these two; ours.
    rangeFrom: 'From must be a positive number',
    rangeAmount: 'Amount must be a positive number',
    // Ours: rules the spec implies (Ranged needs ranges, ranges must not overlap, a percent is at most 100).
    rangeToInvalid: 'To must be a positive number',
    rangesRequired: 'Add at least one charge range',
    rangeOrder: 'From must be greater than the previous range’s To',
    // Ours: ranges are contiguous, the console's "previous To + 1" (spec §4) being the widest step.
    rangeGap: 'From must follow the previous range’s To (at most 1 above it)',
    percentMax: 'A percentage cannot be more than 100',
    chargeType: 'Charge type must be GATEWAY_CHARGE',
    currency: 'Currency must be selected',
    feeOnDate: 'Fee date must be a date in YYYY-MM-DD form',
    feeInterval: 'Fee interval must be a positive integer',
  },
  gatewayAccount: {
    // Spec §5 names the rules but only one text; the others are ours (docs/spec-deviations.md).
    code: 'Code is required',
    paymentMethod: 'Payment Method must be selected',
    accountNumberPositive: 'Account number must be a positive integer',
    accountNumberRequired: 'Account number is required',
    routingCode: 'Routing Code is required',
    // Ours: for the server, which knows the payment method's account_number_length.
    accountNumberLength: (length: number) => `Account number must be ${length} digits`,
  },
  transactionLimit: {
    // Only the max rule has a text in spec §5; the others are ours.
    minAmount: 'Minimum amount must be a positive integer',
    maxAmount: 'Maximum amount must be greater than Minimum amount',
    interval: 'Interval must be selected',
    // Ours.
    maxAmountInvalid: 'Maximum amount must be a positive integer',
    paymentMethod: 'Payment Method must be selected',
  },
  glAccount: {
    name: 'Name is required',
    type: 'Gl account type must be selected',
    manualJournal: 'You must select manual journal',
    description: 'Description is required',
  },
  accountMapping: {
    glAccount: 'Gl account must be selected',
    financialAccountType: 'Financial account type must be selected',
    // Ours: Submit with an empty staging list does nothing in the console; the API refuses it.
    atLeastOne: 'Add at least one account mapping',
    tooMany: 'Send at most 100 account mappings at once',
  },
  /** Ours: limits the spec leaves open (column sizes, amount precision). */
  common: {
    tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
    amountPrecision: (label: string) => `${label} can have at most 6 decimal places`,
    amountTooLarge: (label: string) => `${label} is too large`,
    // A JSON number beyond a double's 15 digits may not be what was sent (docs/decisions/003).
    amountAsString: (label: string) =>
      `${label} has more than 15 significant digits: send it as a decimal string, e.g. "12345678901234567.5"`,
  },
} as const;

/** Spec §8 HTTP error mapping. 400, 409 and 401 show the server's own message. */
export const HTTP_ERRORS = {
  network: 'Cannot connect to server',
  server: 'Server error. Try again later',
  created: 'You are not authenticated',
  unknown: 'Something unplanned has happen. We will figure it out soon',
} as const;

/** Spec §8 other error texts. */
export const ERRORS = {
  download: 'Failed to download file. Please try again.',
  addTransactionLimit: 'Failed to add transaction limit',
  activate: 'Failed to activate',
  deactivate: 'Failed to deactivate',
  invalidToken: 'Invalid token',
} as const;

/** Spec §8 success messages. */
export const SUCCESS = {
  merchantActivated: 'Merchant activated successfully',
  merchantDeactivated: 'Merchant deactivated successfully',
  paymentMethodAdded: 'Payment method successfully added',
  paymentMethodUpdated: 'successfully updated',
  activated: 'Successfully Activated',
  deactivated: 'Successfully Deactivated',
  currencyAdded: 'Currency Added Successfully',
  currencyUpdated: 'Currency Updated Successfully',
  currencyDeleted: 'Currency Deleted',
  chargeAdded: 'Charge Added Successfully',
  chargeUpdated: 'Charge updated Successfully',
  chargeDeleted: 'Successfully Deleted Charge',
  gatewayAccountAdded: 'Gateway account added successfully',
  gatewayAccountUpdated: 'Account successfully updated',
  transactionLimitAdded: 'Transaction limit added successfully',
  transactionLimitUpdated: 'Transaction limit updated successfully',
  transactionLimitDeleted: 'Transaction Limit Successfully Deleted',
  glAccountAdded: 'Gl account added successfully',
  glAccountUpdated: 'GL account successfully updated',
  accountMappingAdded: 'Account mapping added successfully',
  payoutApproved: 'Successfully Approved',
  payoutRejected: 'Successfully Rejected',
  transactionCodeCopied: 'Transaction code copied to clipboard',
} as const;

/** Texts of spec §2 screens and shared widgets. */
export const UI = {
  signin: {
    heading: 'Welcome back!',
    subtitle: 'Sign in to your admin account',
    email: 'Email address',
    password: 'Password',
    submit: 'Sign in',
    submitting: 'Signing in...',
  },
  logout: { title: 'Signing out...', body: 'You are being logged out of the system.' },
  underConstruction: 'This page is currently under construction. Please check back later!',
  notFound: {
    title: 'Page not found',
    body: 'Sorry, we couldn’t find the page you’re looking for.',
    home: 'Go back home',
  },
  unexpectedError: 'Unexpected Application Error!',
  /** Ours: the spec's guard has no page for a missing permission (docs/spec-deviations.md). */
  forbidden: {
    title: 'Access denied',
    body: 'You do not have permission to view this page. Ask an administrator if you need access.',
    home: 'Go back home',
  },
  list: {
    failed: 'Failed to load resources',
    retry: 'Retry',
    noResults: 'No results found',
    empty: (dataType: string) => `There are no ${dataType}`,
    showing: (from: number, to: number, total: number) => `Showing ${from} to ${to} of ${total} results`,
  },
  confirm: {
    cancel: 'Cancel',
    labels: { INFO: 'Continue', DEACTIVATE: 'Deactivate', ACTIVATE: 'Approve' },
  },
  /** Ours: the accessible name of every dialog's and drawer's close (×) button. */
  dialog: { close: 'Close' },
  merchants: {
    title: 'Merchants',
    search: 'Search merchants',
    filters: {
      all: 'All',
      pending: 'Pending',
      pendingVerification: 'Pending Verification',
      verified: 'Verified',
      inactive: 'Inactive',
    },
  },
  transactions: { title: 'Transactions', search: 'Search transaction by reference or customer name' },
  payouts: { title: 'Payouts requests', internal: 'Internal' },
  empty: '---',
} as const;

/** Texts of the reference server's own refusals (the spec leaves server behaviour open). */
export const API_ERRORS = {
  badCredentials: 'Invalid username or password',
  rateLimited: 'Too many failed sign-in attempts. Try again later.',
  unauthenticated: 'Authentication required: send a valid bearer token',
  tokenExpired: 'Your session has expired. Sign in again.',
  /** Ours: the token was signed out (POST auth/logout) before it expired. */
  tokenRevoked: 'This session was signed out. Sign in again.',
  /** Ours: a token without an id cannot be revoked. */
  tokenWithoutId: 'The token has no jti, so it cannot be signed out',
  forbidden: 'You do not have permission to do this',
  notFound: (what: string) => `${what} not found`,
  routeNotFound: 'No such API route',
  payoutNotPending: 'Payout is no longer pending',
  merchantCommand: (command: string, status: string) =>
    `A merchant in status ${status} cannot be ${command}d`,
  internal: 'Internal server error',
  // Query and body checks of ours; each names its field (DESIGN.md §5).
  bodyObject: 'The request body must be a JSON object',
  missingField: (field: string) => `${field} is required`,
  dateRange: 'from must be on or before to',
  searchBy: 'send search_term or reference, not both',
  queryEnum: (field: string, values: readonly string[]) => `${field} must be one of ${values.join(', ')}`,
  queryList: (field: string, values: readonly string[]) =>
    `${field} must be a comma-separated list of ${values.join(', ')}`,
  queryDate: (field: string) => `${field} must be a date in YYYY-MM-DD form`,
  queryUuid: (field: string) => `${field} must be a UUID`,
  queryTooLong: (field: string) => `${field} is too long`,
} as const;

/**
 * Texts the spec implies but does not word: accessible names of the list kit and the merchants
 * table's column headers (spec §2 names the columns; the header wording is ours where it differs).
 */
export const UI_LIST_KIT = {
  previousPage: 'Previous page',
  nextPage: 'Next page',
  page: (n: number) => `Page ${n}`,
  pagination: 'Pagination',
  rowsPerPage: 'Rows per page',
  clearSearch: 'Clear search',
  filter: 'Filter',
  loading: 'Loading',
  rowNumber: 'No.',
} as const;

export const UI_MERCHANT_COLUMNS = {
  logo: 'Logo',
  name: 'Business name',
  code: 'Merchant Code',
  phone: 'Phone number',
  website: 'Website',
  industry: 'Industry',
  status: 'Status',
} as const;

/** More refusals of the reference server (auth, body parsing, static console), beside API_ERRORS. */
export const API_SERVER_ERRORS = {
  formEncoded: 'Sign-in expects a form-encoded body (application/x-www-form-urlencoded)',
  unreadableBody: 'The request body could not be read',
  bodyTooLarge: 'The request body is too large',
  consoleNotBuilt: 'The console is not built: run `npm run build` (or `npm start`)',
  databaseUnavailable: 'The database is unavailable',
} as const;

/**
 * Refusals of the catalog routes (payment methods, transaction limits, currencies, charges,
 * gateway accounts). A 400 about a body field is sent as `field: message`, like schema failures.
 */
export const CATALOG_ERRORS = {
  paymentMethodCodeTaken: (code: string) => `A payment method with code ${code} already exists`,
  unknownCurrencyCodes: (codes: readonly string[]) => `No currency has the name code ${codes.join(', ')}`,
  unknownReference: (what: string) => `No ${what} has this id`,
  alreadyInStatus: (what: string, status: string) => `${what} is already ${status}`,
  limitOverlap: (interval: string, min: string, max: string) =>
    `An active ${interval} limit of this payment method already covers ${min} to ${max}; ranges of active limits with the same interval must not overlap`,
  currencyCodeTaken: (code: string) => `A currency with name code ${code} already exists`,
  currencyInUse: (code: string, users: readonly string[]) =>
    `Currency ${code} cannot be deleted: it is used by ${users.join(', ')}`,
  chargeInUse: (mappings: number) =>
    `Charge cannot be deleted: it is used by ${mappings} account mapping${mappings === 1 ? '' : 's'}`,
  gatewayAccountCodeTaken: (code: string) => `A gateway account with code ${code} already exists`,
} as const;

/** Refusals of the general-ledger routes (GL accounts, account mappings, journal entries). */
export const LEDGER_ERRORS = {
  glAccountNameTaken: (name: string) => `A GL account named ${name} already exists`,
  glAccountTypeLocked:
    'The type of a GL account with journal entries cannot be changed: it would change the meaning of posted entries',
  glAccountIdMismatch: 'id must match the GL account in the path',
  glAccountInactive: 'Gl account is inactive',
  /**
   * 400: one list maps the ledger's key (type, payment method, charge) twice. No brackets around the
   * earlier item: the console marks the rows a message names as `[i].`.
   */
  accountMappingRepeated: (financialAccountType: string, earlierItem: number) =>
    `Item ${earlierItem} already maps ${financialAccountType} with the same payment method and charge`,
} as const;

/** Refusals of the payout and ledger calls (ours; docs/api.md "Payouts"). */
export const API_LEDGER_ERRORS = {
  /** A money event needs a GL account for each posting; the Account Mapping screen adds one. */
  missingAccountMapping: (financialAccountType: string, event: string) =>
    `No account mapping for ${financialAccountType}: the ${event} cannot be posted. Add one on the Account Mapping screen.`,
  /** An approval would take the gateway account below zero (docs/ledger.md "Gateway balance"). */
  gatewayCannotCover:
    'The gateway account cannot cover this payout: its balance is less than the amount. The payout stays pending.',
} as const;

/**
 * Merchant details screen (spec §2): tab names, field labels and each tab's empty message. Field
 * labels are the spec's words in title case; the dialog titles and the bank card labels are ours
 * where the spec names the action but not its wording.
 */
export const UI_MERCHANT_DETAILS = {
  title: 'Merchant Details',
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

/** Transaction table headers (spec §2 Transactions columns; the wording is ours). */
export const UI_TRANSACTION_COLUMNS = {
  date: 'Date',
  reference: 'Reference',
  customer: 'Customer Name',
  amount: 'Amount',
  type: 'Type',
  currency: 'Currency',
  paymentMethod: 'Payment Method',
  status: 'Status',
} as const;

/** The date-range picker's texts (spec §2 "Date picker", §4, §5); the wording beyond the spec's labels is ours. */
export const UI_DATE_PICKER = {
  shortcuts: {
    today: 'Today',
    yesterday: 'Yesterday',
    last7Days: 'Last 7 days',
    last30Days: 'Last 30 days',
    thisMonth: 'This month',
    lastMonth: 'Last month',
  },
  shortcutsLabel: 'Shortcuts',
  cancel: 'Cancel',
  apply: 'Apply',
  openCalendar: 'Open calendar',
  clearDates: 'Clear dates',
  calendarDialog: 'Choose dates',
  previousYears: 'Previous years',
  nextYears: 'Next years',
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  invalidDate: (format: string) => `Enter a valid date as ${format}`,
  invalidRange: (format: string, separator: string) =>
    `Enter two valid dates as ${format} ${separator} ${format}, the first before the second`,
  outOfBounds: 'The date is outside the allowed period',
  disabledDate: 'This date cannot be chosen',
  enclosesDisabled: 'The range includes dates that cannot be chosen; pick a range without them',
} as const;

/** Payouts screen (spec §2 Payouts): column headers and the approve/reject dialogs; wording beyond the spec is ours. */
export const UI_PAYOUTS = {
  columns: {
    time: 'Transaction Time',
    code: 'Transaction code',
    customer: 'Customer',
    amount: 'Amount',
    type: 'Type',
    currency: 'Currency',
    paymentType: 'Payment type',
    status: 'Status',
    actions: 'Actions',
  },
  copy: (code: string) => `Copy ${code}`,
  approve: 'Approve',
  reject: 'Reject',
  approveTitle: 'Approve payout',
  rejectTitle: 'Reject payout',
  approveMessage: (code: string) => `Approve payout ${code}? The money will be paid out.`,
  rejectMessage: (code: string) => `Reject payout ${code}? The request will be canceled.`,
  copyFailed: 'Could not copy the transaction code',
  dateRange: 'Date range',
} as const;

/** Transactions screen (spec §2 Transactions): the left status filter's labels and the date range's name. */
export const UI_TRANSACTIONS = {
  filters: {
    all: 'All',
    success: 'Success',
    'pay-out': 'Pay Out',
    'checked-out': 'Checked Out',
    pending: 'Pending',
    failed: 'Failed',
    canceled: 'Canceled',
  },
  dateRange: 'Date range',
} as const;

/** Dashboard (`/`) and the header's bell: the spec gives the home route no content, so every text here is ours. */
export const UI_DASHBOARD = {
  title: 'Dashboard',
  period: 'Period',
  volume: 'Volume',
  transactions: 'Transactions',
  transactionCount: (count: number) => `${count} ${count === 1 ? 'transaction' : 'transactions'}`,
  successRate: 'Success rate',
  successOf: (success: number, total: number) => `${success} of ${total} successful`,
  successfulVolume: 'Successful volume',
  noTransactions: 'No transactions in this period',
  dailyVolume: 'Daily volume',
  dailyVolumeOf: (code: string) => `Daily volume (${code})`,
  chartCurrency: 'Chart currency',
  byStatus: 'Transactions by status',
  status: 'Status',
  volumeIn: (code: string) => `Volume (${code})`,
  pendingPayouts: 'Pending payouts',
  pendingPayoutsHint: 'Payout requests waiting for approval',
  reviewPayouts: 'Review payouts',
  awaitingVerification: 'Merchants awaiting verification',
  awaitingVerificationHint: 'Merchants in Pending Verification',
  reviewMerchants: 'Review merchants',
  nothingToShow: 'Your account has no dashboard figures. Open the screens you work with from the menu.',
  notifications: 'Notifications',
  notificationsWaiting: (count: number) => `Notifications: ${count} waiting`,
  noNotifications: 'No notifications',
} as const;

/**
 * Currencies (`/currency`) and a currency's detail with its gateway charges (spec §2). The spec
 * names the columns, fields and options; the headers' and buttons' wording and the dialog texts are ours.
 */
export const UI_CURRENCIES = {
  title: 'Currencies',
  dataType: 'Currencies',
  search: 'Search currencies by name or code',
  add: 'Add Currency',
  addTitle: 'Add Currency',
  editTitle: 'Edit Currency',
  save: 'Save',
  cancel: 'Cancel',
  columns: {
    name: 'Currency Name',
    nameCode: 'Name Code',
    symbol: 'Decimal Symbol',
    decimalPlaces: 'Decimal Places',
    multiplesOf: 'Multiples Of',
    actions: 'Actions',
  },
  fields: {
    name: 'Currency Name',
    decimalPlaces: 'Decimal Places',
    inMultiplesOf: 'In Multiples Of',
    displaySymbol: 'Display Symbol',
    nameCode: 'Name Code',
  },
  detail: 'Detail',
  edit: 'Edit',
  delete: 'Delete',
  /** Accessible names of the row buttons, which repeat on every row. */
  detailOf: (code: string) => `Detail of ${code}`,
  editOf: (code: string) => `Edit ${code}`,
  deleteOf: (code: string) => `Delete ${code}`,
  deleteTitle: 'Delete currency',
  deleteMessage: (name: string, code: string) =>
    `Delete ${name} (${code})? A currency used by charges, payment methods or transactions cannot be deleted.`,
  detailTitle: 'Currency Details',
  summary: {
    name: 'Name',
    symbol: 'Symbol',
    decimalPlaces: 'Decimal Places',
    multipleOf: 'Multiple Of',
    shortName: 'Short Name',
  },
  notFound: 'This currency does not exist or was deleted.',
  backToList: 'Back to currencies',
} as const;

/** A currency's gateway charges and the charge form (spec §2, §4, §9); wording beyond the spec's is ours. */
export const UI_CHARGES = {
  title: 'Charges',
  dataType: 'Charges',
  add: 'Add Charge',
  addTitle: 'Add Charge',
  editTitle: 'Update Charge',
  submitAdd: 'Add',
  submitUpdate: 'Update',
  update: 'Update',
  delete: 'Delete',
  updateOf: (name: string) => `Update ${name}`,
  deleteOf: (name: string) => `Delete ${name}`,
  cancel: 'Cancel',
  fields: {
    name: 'Charge Name',
    chargeTime: 'Charge Time',
    calculation: 'Charge Calculation',
    rangeStatus: 'Range Status',
    amount: 'Amount',
    ranges: 'Charge Ranges',
    from: 'From',
    to: 'To',
    rangeAmount: 'Amount',
  },
  calculation: { PERCENT: 'Percentage', FLAT: 'FLAT' },
  ranged: 'Ranged',
  notRanged: 'Not Ranged',
  addRange: 'Add Range',
  removeRange: (n: number) => `Remove range ${n}`,
  rangeLabel: (n: number) => `Range ${n}`,
  columns: {
    name: 'Name',
    chargeTime: 'Charge Time',
    calculation: 'Calculation',
    amount: 'Amount',
    actions: 'Actions',
  },
  /** One range as the list shows it: '1 – 1000: 5'. */
  range: (min: string, max: string, amount: string) => `${min} – ${max}: ${amount}`,
  deleteTitle: 'Delete charge',
  deleteMessage: (name: string) =>
    `Delete the charge ${name}? A charge used by an account mapping cannot be deleted.`,
} as const;

/**
 * GL accounts, account mappings and journal entries (spec §2). The titles, buttons, modal title and
 * the staging list's empty text are the spec's; column headers, labels and the totals line are ours.
 */
export const UI_LEDGER = {
  glAccounts: {
    title: 'GL Accounts',
    dataType: 'GL Accounts',
    search: 'Search GL accounts',
    add: 'Add Gl Account',
    addTitle: 'Add Gl Account',
    updateTitle: 'Update GL Account',
    edit: (name: string) => `Edit ${name}`,
    columns: {
      name: 'Gl account name',
      type: 'Type',
      description: 'Description',
      manual: 'Manual journal entries',
      status: 'Status',
      actions: 'Actions',
    },
    yes: 'YES',
    no: 'NO',
    fields: {
      name: 'Name',
      type: 'Type',
      typePlaceholder: 'Select a type',
      manual: 'Manual journal entries',
      manualYes: 'Allowed',
      manualNo: 'Not allowed',
      description: 'Description',
    },
    submit: 'Submit',
    save: 'Update',
    cancel: 'Cancel',
  },
  accountMappings: {
    title: 'Account Mapping',
    dataType: 'Account Mappings',
    search: 'Search account mappings',
    add: 'Add Account Mapping',
    modalTitle: 'Add Account Mapping',
    superseded: 'Superseded',
    supersededHint: 'A newer mapping with the same type, payment method and charge is in force',
    columns: {
      financialAccountType: 'Financial account type',
      paymentMethod: 'Payment method',
      charge: 'Charge amount',
      glAccount: 'GL account name',
      currency: 'Currency',
    },
    fields: {
      paymentMethod: 'Payment method',
      glAccount: 'Gl account',
      charge: 'Charge',
      financialAccountType: 'Financial account type',
      none: 'None',
      select: 'Select',
    },
    /** The charge dropdown's option text: the charge's name, amount and currency. */
    chargeOption: (name: string, amount: string, currency: string) => `${name} (${amount} ${currency})`,
    addRow: 'Add',
    staged: 'Mappings to add',
    stagedEmpty: 'No data added Yet, Add one',
    remove: (n: number) => `Remove mapping ${n}`,
    removeColumn: 'Remove',
    refusedRow: 'Refused by the server',
    /** One list may not map a key twice (docs/decisions/009); rows are numbered from 1 on screen. */
    alreadyStaged: (row: number) =>
      `Row ${row} already maps this financial account type with the same payment method and charge`,
    submit: 'Submit',
    cancel: 'Cancel',
    /** Ours: closing the modal with rows staged asks first, so a stray Escape loses nothing. */
    discardQuestion: (n: number) => `Close without adding the ${n} staged mapping${n === 1 ? '' : 's'}?`,
    keepEditing: 'Keep editing',
    discard: 'Discard',
    noPaymentMethods: 'Add a payment method first: mappings are made for the payment methods that exist.',
    /** Spec §2's rule, said before the row is added rather than found out after. */
    pairHint:
      'A payment method and a charge are kept only together: with one of them empty, the row keeps only the financial account type and the GL account.',
  },
  journalEntries: {
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
  },
} as const;

/**
 * Payment methods (`/payment-methods`) and a method's detail with its transaction limits and the
 * gateway charges of its currencies (spec §2). The spec names the button, columns, fields and tabs;
 * the headers' wording, dialog texts and the Charges tab's texts are ours.
 */
export const UI_PAYMENT_METHODS = {
  title: 'Payment Methods',
  dataType: 'Payment Methods',
  search: 'Search payment methods by name or code',
  add: 'Add Payment Method',
  addTitle: 'Add Payment Method',
  editTitle: 'Edit Payment Method',
  save: 'Save',
  cancel: 'Cancel',
  columns: {
    logo: 'Logo',
    name: 'Name',
    type: 'Payment Type',
    website: 'Website',
    status: 'Status',
    actions: 'Actions',
  },
  fields: {
    name: 'Name',
    type: 'Type',
    url: 'URL',
    logo: 'Logo',
    code: 'Code',
    accountNumberLength: 'Account Number Length',
    supportedCurrencies: 'Supported Currencies',
  },
  typePlaceholder: 'Select a type',
  currenciesPlaceholder: 'Select currencies',
  logoHint: 'Address of the logo image',
  types: { BANK: 'Bank', WALLET: 'Wallet', CARD: 'Card' },
  detail: 'Detail',
  edit: 'Edit',
  activate: 'Activate',
  deactivate: 'Deactivate',
  /** Accessible names of the row buttons, which repeat on every row. */
  detailOf: (name: string) => `Detail of ${name}`,
  editOf: (name: string) => `Edit ${name}`,
  activateOf: (name: string) => `Activate ${name}`,
  deactivateOf: (name: string) => `Deactivate ${name}`,
  activateTitle: 'Activate payment method',
  deactivateTitle: 'Deactivate payment method',
  activateMessage: (name: string) => `Activate ${name}? Customers will be able to pay with it.`,
  deactivateMessage: (name: string) => `Deactivate ${name}? Customers will no longer be able to pay with it.`,
  detailTitle: 'Payment Method Details',
  notFound: 'This payment method does not exist.',
  code: 'Code',
  tabs: { limits: 'Transaction Limit', charges: 'Charges' },
  limits: {
    dataType: 'Transaction Limits',
    add: 'Add Transaction Limit',
    addTitle: 'Add Transaction Limit',
    editTitle: 'Edit Transaction Limit',
    save: 'Save',
    columns: {
      min: 'Minimum Amount',
      max: 'Maximum Amount',
      interval: 'Interval',
      status: 'Status',
      actions: 'Actions',
    },
    fields: { min: 'Minimum Amount', max: 'Maximum Amount', interval: 'Interval' },
    intervalPlaceholder: 'Select an interval',
    intervals: { DAILY: 'Daily', WEEKLY: 'Weekly', MONTHLY: 'Monthly' },
    edit: 'Edit',
    delete: 'Delete',
    editOf: (interval: string, n: number) => `Edit ${interval} limit ${n}`,
    deleteOf: (interval: string, n: number) => `Delete ${interval} limit ${n}`,
    deleteTitle: 'Delete transaction limit',
    deleteMessage: (interval: string, min: string, max: string) =>
      `Delete the ${interval} limit of ${min} to ${max}? Payments will no longer be checked against it.`,
  },
  charges: {
    intro:
      'Gateway charges of the currencies this payment method supports. They are changed on each currency’s page.',
    dataType: 'Charges',
    none: 'This currency has no gateway charges',
    noCurrencies: 'This payment method supports no currency',
    unknownCurrency: (code: string) => `${code}: no currency has this code`,
    noPermission: 'You do not have permission to view charges',
    openCurrency: (name: string, code: string) => `${name} (${code})`,
  },
} as const;

/**
 * Gateway accounts (`/gateway-accounts`) and an account's detail (spec §2). The spec names the
 * columns, fields and the detail's breadcrumb; the buttons', dialogs' and hints' wording is ours.
 */
export const UI_GATEWAY_ACCOUNTS = {
  title: 'Gateway Accounts',
  dataType: 'Gateway Accounts',
  search: 'Search gateway accounts',
  add: 'Add Gateway Account',
  addTitle: 'Add Gateway Account',
  editTitle: 'Edit Gateway Account',
  save: 'Save',
  cancel: 'Cancel',
  columns: {
    logo: 'Logo',
    code: 'Code',
    paymentMethod: 'Payment Method',
    accountNumber: 'Account Number',
    totalBalance: 'Total Balance',
    routingCode: 'Routing Code',
    status: 'Status',
    actions: 'Actions',
  },
  fields: {
    code: 'Code',
    paymentMethod: 'Payment Method',
    accountNumber: 'Account Number',
    phoneNumber: 'Phone Number',
    routingCode: 'Routing Code',
    totalBalance: 'Total Balance',
    status: 'Status',
  },
  paymentMethodPlaceholder: 'Select a payment method',
  paymentMethodsFailed: 'Failed to load payment methods',
  digits: (length: number) => `${length} digits`,
  edit: 'Edit',
  editOf: (code: string) => `Edit ${code}`,
  activate: 'Activate',
  deactivate: 'Deactivate',
  activateTitle: 'Activate gateway account',
  deactivateTitle: 'Deactivate gateway account',
  activateMessage: (code: string) => `Activate ${code}? Money can be routed through it again.`,
  deactivateMessage: (code: string) => `Deactivate ${code}? No money will be routed through it.`,
  breadcrumb: 'Breadcrumb',
  detailTitle: 'Gateway Account Details',
  notFound: 'This gateway account does not exist.',
  statuses: { ACTIVE: 'Active', INACTIVE: 'Inactive' },
} as const;

/** Transactions screen additions (ours, beyond spec §2): the CSV export and the detail drawer. */
export const UI_TRANSACTION_DETAILS = {
  exportCsv: 'Export CSV',
  title: 'Transaction details',
  fields: {
    id: 'Transaction ID',
    reference: 'Reference',
    date: 'Date',
    status: 'Status',
    type: 'Type',
    amount: 'Amount',
    fee: 'Fee',
    currency: 'Currency',
    paymentMethod: 'Payment Method',
    customerFirstName: 'Customer First Name',
    customerLastName: 'Customer Last Name',
    customerPhone: 'Customer Phone Number',
    merchant: 'Merchant',
    /** Ours: who decided a payout request, and when. */
    approvedBy: 'Approved by',
    rejectedBy: 'Rejected by',
    /** Ours: the postings this transaction caused, on the Journal Entry screen. */
    ledger: 'Ledger',
  },
  viewJournalEntries: 'View journal entries',
  /** A decision recorded without a person (the seed's history). */
  notRecorded: 'Not recorded',
} as const;

/**
 * Ours: the change history of a payment method (with its limits), a currency (with its charges)
 * and a gateway account (contract/change-history.ts). Field names are the forms' labels.
 */
export const UI_CHANGE_HISTORY = {
  title: 'History',
  /** A record's history: the modal's title and the name of the row button that opens it. */
  historyOf: (name: string) => `History of ${name}`,
  /** The list's data type: 'There are no Changes' (spec §2's empty state). */
  dataType: 'Changes',
  older: 'Show older changes',
  /** "Edited by Dawit Haile" (the name is bold on screen). */
  actions: {
    CREATE: 'Created',
    UPDATE: 'Edited',
    ACTIVATE: 'Activated',
    DEACTIVATE: 'Deactivated',
    DELETE: 'Deleted',
  },
  by: 'by',
  notRecorded: 'a person not recorded',
  /** What an owned record is, beside its action: "Limit edited". */
  subjects: {
    payment_method: 'Payment method',
    transaction_limit: 'Transaction limit',
    currency: 'Currency',
    charge: 'Charge',
    gateway_account: 'Gateway account',
    gl_account: 'GL account',
    account_mapping: 'Account mapping',
    merchant: 'Merchant',
  },
  none: 'none',
  yes: 'Yes',
  no: 'No',
  /** The change's arrow, read out as words. */
  changedTo: 'changed to',
  fields: {
    payment_method: {
      name: UI_PAYMENT_METHODS.fields.name,
      code: UI_PAYMENT_METHODS.fields.code,
      type: UI_PAYMENT_METHODS.fields.type,
      url: UI_PAYMENT_METHODS.fields.url,
      logo: UI_PAYMENT_METHODS.fields.logo,
      account_number_length: UI_PAYMENT_METHODS.fields.accountNumberLength,
      supported_currencies: UI_PAYMENT_METHODS.fields.supportedCurrencies,
      status: UI_PAYMENT_METHODS.columns.status,
    },
    transaction_limit: {
      interval: UI_PAYMENT_METHODS.limits.fields.interval,
      min_amount: UI_PAYMENT_METHODS.limits.fields.min,
      max_amount: UI_PAYMENT_METHODS.limits.fields.max,
      status: UI_PAYMENT_METHODS.limits.columns.status,
    },
    currency: {
      name: UI_CURRENCIES.fields.name,
      name_code: UI_CURRENCIES.fields.nameCode,
      display_symbol: UI_CURRENCIES.fields.displaySymbol,
      decimal_places: UI_CURRENCIES.fields.decimalPlaces,
      in_multiples_of: UI_CURRENCIES.fields.inMultiplesOf,
    },
    charge: {
      name: UI_CHARGES.fields.name,
      currency: 'Currency',
      charge_time: UI_CHARGES.fields.chargeTime,
      charge_calculation_method: UI_CHARGES.fields.calculation,
      amount: UI_CHARGES.fields.amount,
      is_range: UI_CHARGES.fields.rangeStatus,
      charge_ranges: UI_CHARGES.fields.ranges,
      fee_on_date: 'Fee On Date',
      fee_interval: 'Fee Interval',
    },
    gateway_account: {
      code: UI_GATEWAY_ACCOUNTS.fields.code,
      payment_method: UI_GATEWAY_ACCOUNTS.fields.paymentMethod,
      account_number: UI_GATEWAY_ACCOUNTS.fields.accountNumber,
      routing_code: UI_GATEWAY_ACCOUNTS.fields.routingCode,
      status: UI_GATEWAY_ACCOUNTS.fields.status,
    },
    gl_account: {
      name: UI_LEDGER.glAccounts.fields.name,
      type: UI_LEDGER.glAccounts.fields.type,
      description: UI_LEDGER.glAccounts.fields.description,
      manual_journal_entries_allowed: UI_LEDGER.glAccounts.fields.manual,
      status: UI_LEDGER.glAccounts.columns.status,
    },
    merchant: { status: UI_MERCHANT_COLUMNS.status },
    account_mapping: {
      financial_account_type: UI_LEDGER.accountMappings.fields.financialAccountType,
      payment_method: UI_LEDGER.accountMappings.fields.paymentMethod,
      gl_account: UI_LEDGER.accountMappings.fields.glAccount,
      charge: UI_LEDGER.accountMappings.fields.charge,
    },
  } satisfies Record<string, Record<string, string>>,
} as const;
