/**
 * The texts that cross the wire, written once: the spec §5 validation messages the contract's schemas
 * give, and the API's own refusals. The server and the mocks send them; the console shows them as
 * sent. The console's screen copy lives beside its screens (src/features/<x>/copy.ts, src/lib/copy.ts).
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
    // Ours (issue 20): the list links the URL, and the console can only show a logo it serves itself.
    urlInvalid: 'URL must be a web address, such as https://www.bank.example',
    logoNotShown:
      'Logo must be an image on this server (a path such as /api/v1/files/logos/bank.svg) or a data:image URL: the console shows no images from other sites',
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
    // NUL cannot be stored at all, and no other control character belongs in a name, code or search.
    controlCharacters: (label: string) => `${label} must not contain control characters`,
    // A lone UTF-16 surrogate has no UTF-8 form: it would be stored as U+FFFD, not as sent.
    invalidUnicode: (label: string) => `${label} must be valid Unicode text`,
    // The column's range (a PostgreSQL integer holds up to 2147483647).
    numberTooLarge: (label: string, max: number) => `${label} must be at most ${max}`,
  },
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
  // Query and body checks of ours; each names its field.
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

/** More refusals of the reference server (auth, body parsing, static console), beside API_ERRORS. */
export const API_SERVER_ERRORS = {
  formEncoded: 'Sign-in expects a form-encoded body (application/x-www-form-urlencoded)',
  unreadableBody: 'The request body could not be read',
  bodyTooLarge: 'The request body is too large',
  consoleNotBuilt: 'The console is not built: run `npm run build` (or `npm start`)',
  databaseUnavailable: 'The database is unavailable',
} as const;

/**
 * What the server answers when the database refuses a write or a read because of the data sent
 * (server/http/database-errors.ts): the validation in front of it should have refused first, so these
 * are a safety net, worded for a client without the database's own text (which names tables).
 */
export const DATABASE_ERRORS = {
  unstorableCharacter: 'The request contains a character that cannot be stored',
  numberOutOfRange: 'A number in the request is out of range',
  textTooLong: 'A text in the request is too long',
  malformedValue: 'A value in the request is not in the form expected',
  dateOutOfRange: 'A date in the request is out of range',
  invalidValue: 'The request contains a value that cannot be stored',
  valueTooLarge: 'A value in the request is too large to store',
  ruleBroken: 'A value in the request breaks a rule of the stored data',
  duplicate: 'This conflicts with a record that already exists',
  unknownReference: 'The request refers to a record that does not exist',
  stillReferenced: 'The record is still used by other records',
  concurrentChange: 'The request conflicted with another change made at the same time; try again',
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
