/**
 * The provider's configuration: currencies, payment methods with limits and logos, gateway
 * charges, gateway accounts, the chart of GL accounts and the account mappings. Small and fixed;
 * only ids and dates come from the seed's PRNG and base date.
 */
import type { Executor } from '../connect';
import {
  accountMappings,
  chargeRanges,
  charges,
  currencies,
  files,
  gatewayAccounts,
  glAccounts,
  paymentMethods,
  transactionLimits,
} from '../schema';
import { fileUrl, makeLogoSvg } from './files';
import type { Random } from './random';

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

export interface CurrencySeed {
  readonly id: string;
  readonly nameCode: string;
  readonly decimalPlaces: number;
}

export interface PaymentMethodSeed {
  readonly id: string;
  readonly code: string;
  readonly name: string;
  readonly type: 'BANK' | 'WALLET' | 'CARD';
  readonly accountNumberLength: number;
  readonly supportedCurrencies: readonly string[];
  readonly status: 'ACTIVE' | 'INACTIVE';
}

/** What later seed steps (transactions, ledger) need to refer to. */
export interface ReferenceCatalog {
  readonly currencies: readonly CurrencySeed[];
  readonly paymentMethods: readonly PaymentMethodSeed[];
  readonly gatewayAccounts: readonly { id: string; code: string; paymentMethodId: string }[];
  readonly charges: readonly {
    id: string;
    currencyId: string;
    name: string;
    method: 'FLAT' | 'PERCENT';
    isRange: boolean;
  }[];
  readonly glAccounts: readonly { id: string; name: string; type: string }[];
  readonly accountMappings: readonly {
    id: string;
    financialAccountType: string;
    glAccountId: string;
    paymentMethodId: string | null;
    chargeId: string | null;
  }[];
}

const CURRENCIES = [
  { name: 'Ethiopian Birr', nameCode: 'ETB', displaySymbol: 'Br', decimalPlaces: 2, inMultiplesOf: '0.05' },
  { name: 'US Dollar', nameCode: 'USD', displaySymbol: '$', decimalPlaces: 2, inMultiplesOf: '0.01' },
  // Used by nothing, so it can be deleted from the console.
  { name: 'Euro', nameCode: 'EUR', displaySymbol: '€', decimalPlaces: 2, inMultiplesOf: '0.01' },
] as const;

const PAYMENT_METHODS = [
  {
    code: 'CBE',
    name: 'Commercial Bank of Ethiopia',
    type: 'BANK',
    url: 'https://www.combanketh.et',
    accountNumberLength: 13,
    supportedCurrencies: ['ETB', 'USD'],
    color: '#6d1f7a',
    routingCode: 'CBETETAA',
    status: 'ACTIVE',
  },
  {
    code: 'AWASH',
    name: 'Awash Bank',
    type: 'BANK',
    url: 'https://awashbank.com',
    accountNumberLength: 14,
    supportedCurrencies: ['ETB', 'USD'],
    color: '#f58220',
    routingCode: 'AWINETAA',
    status: 'ACTIVE',
  },
  {
    code: 'DASHEN',
    name: 'Dashen Bank',
    type: 'BANK',
    url: 'https://dashenbanksc.com',
    accountNumberLength: 13,
    supportedCurrencies: ['ETB', 'USD'],
    color: '#00529b',
    routingCode: 'DASHETAA',
    status: 'ACTIVE',
  },
  {
    code: 'BOA',
    name: 'Bank of Abyssinia',
    type: 'BANK',
    url: 'https://www.bankofabyssinia.com',
    accountNumberLength: 10,
    supportedCurrencies: ['ETB', 'USD'],
    color: '#d4a017',
    routingCode: 'ABYSETAA',
    status: 'ACTIVE',
  },
  {
    code: 'TELEBIRR',
    name: 'telebirr',
    type: 'WALLET',
    url: 'https://www.ethiotelecom.et/telebirr',
    accountNumberLength: 12,
    supportedCurrencies: ['ETB'],
    color: '#0a8fd8',
    routingCode: 'ETHIO-TELEBIRR',
    status: 'ACTIVE',
  },
  {
    code: 'CBEBIRR',
    name: 'CBE Birr',
    type: 'WALLET',
    url: 'https://cbebirr.combanketh.et',
    accountNumberLength: 12,
    supportedCurrencies: ['ETB'],
    color: '#8e3a9d',
    routingCode: 'CBE-BIRR',
    status: 'ACTIVE',
  },
  {
    code: 'MPESA',
    name: 'M-Pesa',
    type: 'WALLET',
    url: 'https://www.safaricom.et/m-pesa',
    accountNumberLength: 12,
    supportedCurrencies: ['ETB'],
    color: '#43b02a',
    routingCode: 'SAFARICOM-MPESA',
    status: 'ACTIVE',
  },
  {
    code: 'VISA',
    name: 'Visa',
    type: 'CARD',
    url: 'https://www.visa.com',
    accountNumberLength: 16,
    supportedCurrencies: ['USD', 'ETB'],
    color: '#1a1f71',
    routingCode: 'VISA-NET',
    status: 'ACTIVE',
  },
  {
    code: 'MASTERCARD',
    name: 'Mastercard',
    type: 'CARD',
    url: 'https://www.mastercard.com',
    accountNumberLength: 16,
    supportedCurrencies: ['USD', 'ETB'],
    color: '#eb001b',
    routingCode: 'MC-BANKNET',
    // One inactive method, so the console's Activate action has something to act on.
    status: 'INACTIVE',
  },
] as const;

/** Per-type limits, in ETB-sized amounts. */
const LIMITS: Record<
  'BANK' | 'WALLET' | 'CARD',
  readonly { interval: 'DAILY' | 'WEEKLY' | 'MONTHLY'; min: string; max: string }[]
> = {
  BANK: [
    { interval: 'DAILY', min: '1', max: '1000000' },
    { interval: 'MONTHLY', min: '1', max: '20000000' },
  ],
  WALLET: [
    { interval: 'DAILY', min: '1', max: '75000' },
    { interval: 'WEEKLY', min: '1', max: '300000' },
    { interval: 'MONTHLY', min: '1', max: '1000000' },
  ],
  CARD: [{ interval: 'DAILY', min: '10', max: '250000' }],
};

type ChargeSeed = {
  currency: string;
  name: string;
  time: Insert<typeof charges>['chargeTime'];
  method: 'FLAT' | 'PERCENT';
  amount: string;
  ranges?: readonly (readonly [min: string, max: string, charge: string])[];
};

const CHARGES: readonly ChargeSeed[] = [
  { currency: 'ETB', name: 'Wallet transaction fee', time: 'TRANSACTION_FEE', method: 'FLAT', amount: '5' },
  { currency: 'ETB', name: 'Card processing fee', time: 'TRANSACTION_FEE', method: 'PERCENT', amount: '2.5' },
  {
    currency: 'ETB',
    name: 'Bank transfer fee',
    time: 'TRANSACTION_FEE',
    method: 'FLAT',
    amount: '0',
    ranges: [
      ['1', '1000', '5'],
      ['1001', '10000', '15'],
      ['10001', '100000', '50'],
      ['100001', '1000000', '150'],
    ],
  },
  { currency: 'ETB', name: 'Refund fee', time: 'REFUND_FEE', method: 'FLAT', amount: '10' },
  {
    currency: 'ETB',
    name: 'Monthly account maintenance',
    time: 'MONTHLY_FEE',
    method: 'FLAT',
    amount: '100',
  },
  {
    currency: 'USD',
    name: 'International card fee',
    time: 'TRANSACTION_FEE',
    method: 'PERCENT',
    amount: '3.5',
  },
  { currency: 'USD', name: 'Chargeback fee', time: 'CHARGE_BACK_FEE', method: 'FLAT', amount: '15' },
  {
    currency: 'USD',
    name: 'USD transfer fee',
    time: 'TRANSACTION_FEE',
    method: 'PERCENT',
    amount: '0',
    ranges: [
      ['1', '100', '2'],
      ['101', '1000', '1.5'],
      ['1001', '10000', '1'],
    ],
  },
];

const GL_ACCOUNTS = [
  {
    name: 'Settlement Bank Accounts',
    type: 'ASSET',
    manual: true,
    description: 'Cash held at partner banks and wallet operators',
  },
  {
    name: 'Gateway Receivables Control',
    type: 'ASSET',
    manual: false,
    description: 'Amounts collected by gateways and not yet settled',
  },
  {
    name: 'Customer Payment References',
    type: 'ASSET',
    manual: false,
    description: 'Payments received against a reference, awaiting matching',
  },
  {
    name: 'Merchant Payables',
    type: 'LIABILITY',
    manual: false,
    description: 'Funds owed to merchants for completed payments',
  },
  {
    name: 'Transfers in Suspense',
    type: 'LIABILITY',
    manual: true,
    description: 'Payouts requested and awaiting approval',
  },
  {
    name: 'Gateway Fee Income',
    type: 'INCOME',
    manual: false,
    description: 'Transaction, refund and maintenance fees earned',
  },
  {
    name: 'Bank Charges Expense',
    type: 'EXPENSE',
    manual: true,
    description: 'Fees charged to us by partner banks',
  },
  { name: 'Owner Equity', type: 'EQUITY', manual: true, description: 'Paid-in capital' },
  {
    name: 'Legacy Clearing Account',
    type: 'ASSET',
    manual: false,
    description: 'Replaced by the gateway receivables control account',
    status: 'INACTIVE',
  },
] as const satisfies readonly {
  name: string;
  type: Insert<typeof glAccounts>['type'];
  manual: boolean;
  description: string;
  status?: 'ACTIVE' | 'INACTIVE';
}[];

/** The default GL account of each financial account type. */
const DEFAULT_MAPPINGS = {
  RECEIVE_REFERENCE: 'Customer Payment References',
  RECEIVE_CONTROL: 'Gateway Receivables Control',
  INCOME_FROM_CHARGE: 'Gateway Fee Income',
  TRANSFER_SUSPENSE: 'Transfers in Suspense',
  LIABILITY_TRANSFER: 'Merchant Payables',
} as const;

export async function seedReferenceData(db: Executor, random: Random, now: Date): Promise<ReferenceCatalog> {
  // Stagger created_at by a second each so "newest first" lists have a stable, meaningful order.
  let tick = 0;
  const stamp = () => new Date(now.getTime() - 90 * 86_400_000 + tick++ * 1000);
  const today = now.toISOString().slice(0, 10);

  const currencyRows = CURRENCIES.map((c) => ({ id: random.uuid(), ...c, createdAt: stamp() }));
  await db.insert(currencies).values(currencyRows.map((c) => ({ ...c, updatedAt: c.createdAt })));
  const currencyId = (code: string) => {
    const row = currencyRows.find((c) => c.nameCode === code);
    if (!row) throw new Error(`unknown currency ${code}`);
    return row.id;
  };

  const methodRows = PAYMENT_METHODS.map((m) => ({ id: random.uuid(), ...m, createdAt: stamp() }));
  await db.insert(files).values(
    methodRows.map((m) => ({
      path: `logos/payment-methods/${m.code}.svg`,
      contentType: 'image/svg+xml',
      bytes: makeLogoSvg(m.code.slice(0, 2), m.color),
    })),
  );
  await db.insert(paymentMethods).values(
    methodRows.map((m) => ({
      id: m.id,
      name: m.name,
      type: m.type,
      code: m.code,
      url: m.url,
      logo: fileUrl(`logos/payment-methods/${m.code}.svg`),
      accountNumberLength: m.accountNumberLength,
      supportedCurrencies: [...m.supportedCurrencies],
      status: m.status,
      createdAt: m.createdAt,
      updatedAt: m.createdAt,
    })),
  );

  await db.insert(transactionLimits).values(
    methodRows.flatMap((m) =>
      LIMITS[m.type].map((l) => ({
        id: random.uuid(),
        paymentMethodId: m.id,
        minAmount: l.min,
        maxAmount: l.max,
        interval: l.interval,
        createdAt: stamp(),
      })),
    ),
  );

  const chargeRows = CHARGES.map((c) => ({ id: random.uuid(), ...c, createdAt: stamp() }));
  await db.insert(charges).values(
    chargeRows.map((c) => ({
      id: c.id,
      currencyId: currencyId(c.currency),
      name: c.name,
      chargeTime: c.time,
      chargeCalculationMethod: c.method,
      amount: c.amount,
      isRange: c.ranges !== undefined,
      feeOnDate: today,
      createdAt: c.createdAt,
      updatedAt: c.createdAt,
    })),
  );
  await db.insert(chargeRanges).values(
    chargeRows.flatMap((c) =>
      (c.ranges ?? []).map(([minAmount, maxAmount, chargeAmount], position) => ({
        id: random.uuid(),
        chargeId: c.id,
        position,
        minAmount,
        maxAmount,
        chargeAmount,
      })),
    ),
  );

  // One settlement account per method; two for CBE and telebirr, the busiest rails.
  const gatewayRows = methodRows.flatMap((m) =>
    Array.from({ length: m.code === 'CBE' || m.code === 'TELEBIRR' ? 2 : 1 }, (_, i) => ({
      id: random.uuid(),
      code: `GW-${m.code}-${String(i + 1).padStart(2, '0')}`,
      paymentMethodId: m.id,
      accountNumber: accountNumberFor(random, m),
      routingCode: m.routingCode,
      // Opens at zero: only postings move a balance (docs/ledger.md), so the sum of the balances
      // always equals the RECEIVE_CONTROL postings, seeded history included.
      totalBalance: '0',
      status: m.status,
      createdAt: stamp(),
    })),
  );
  await db.insert(gatewayAccounts).values(gatewayRows.map((g) => ({ ...g, updatedAt: g.createdAt })));

  const glRows = GL_ACCOUNTS.map((g) => ({
    id: random.uuid(),
    name: g.name,
    type: g.type,
    manualJournalEntriesAllowed: g.manual,
    description: g.description,
    status: 'status' in g ? g.status : ('ACTIVE' as const),
    createdAt: stamp(),
  }));
  await db.insert(glAccounts).values(glRows.map((g) => ({ ...g, updatedAt: g.createdAt })));
  const glId = (name: string) => {
    const row = glRows.find((g) => g.name === name);
    if (!row) throw new Error(`unknown GL account ${name}`);
    return row.id;
  };

  // A default mapping per financial account type, then the specific ones: each payment method's
  // receivables, and fee income per transaction-fee charge.
  const mappingRows: (Insert<typeof accountMappings> & { id: string })[] = [
    ...Object.entries(DEFAULT_MAPPINGS).map(([type, gl]) => ({
      id: random.uuid(),
      financialAccountType: type as keyof typeof DEFAULT_MAPPINGS,
      glAccountId: glId(gl),
      paymentMethodId: null,
      chargeId: null,
      createdAt: stamp(),
    })),
    ...methodRows.map((m) => ({
      id: random.uuid(),
      financialAccountType: 'RECEIVE_CONTROL' as const,
      glAccountId: glId('Gateway Receivables Control'),
      paymentMethodId: m.id,
      chargeId: null,
      createdAt: stamp(),
    })),
    ...chargeRows
      .filter((c) => c.time === 'TRANSACTION_FEE')
      .map((c) => ({
        id: random.uuid(),
        financialAccountType: 'INCOME_FROM_CHARGE' as const,
        glAccountId: glId('Gateway Fee Income'),
        paymentMethodId: null,
        chargeId: c.id,
        createdAt: stamp(),
      })),
  ];
  await db.insert(accountMappings).values(mappingRows);

  return {
    currencies: currencyRows.map((c) => ({ id: c.id, nameCode: c.nameCode, decimalPlaces: c.decimalPlaces })),
    paymentMethods: methodRows.map((m) => ({
      id: m.id,
      code: m.code,
      name: m.name,
      type: m.type,
      accountNumberLength: m.accountNumberLength,
      supportedCurrencies: m.supportedCurrencies,
      status: m.status,
    })),
    gatewayAccounts: gatewayRows.map((g) => ({ id: g.id, code: g.code, paymentMethodId: g.paymentMethodId })),
    charges: chargeRows.map((c) => ({
      id: c.id,
      currencyId: currencyId(c.currency),
      name: c.name,
      method: c.method,
      isRange: c.ranges !== undefined,
    })),
    glAccounts: glRows.map((g) => ({ id: g.id, name: g.name, type: g.type })),
    accountMappings: mappingRows.map((m) => ({
      id: m.id,
      financialAccountType: m.financialAccountType,
      glAccountId: m.glAccountId,
      paymentMethodId: m.paymentMethodId ?? null,
      chargeId: m.chargeId ?? null,
    })),
  };
}

/**
 * An account number of the method's length: wallets are the holder's phone number (2519...),
 * cards start with their scheme's digit, banks are plain digits.
 */
export function accountNumberFor(
  random: Random,
  method: Pick<PaymentMethodSeed, 'code' | 'type' | 'accountNumberLength'>,
): string {
  const length = method.accountNumberLength;
  if (method.type === 'WALLET') return `2519${random.digits(length - 4)}`;
  if (method.type === 'CARD')
    return `${method.code === 'MASTERCARD' ? '5' : '4'}${random.digits(length - 1)}`;
  return `1000${random.digits(length - 4)}`;
}
