/**
 * The provider's configuration: currencies, payment methods with limits and logos, gateway
 * charges, gateway accounts, the chart of GL accounts and the account mappings. The data itself is
 * the demo catalogue in contract/demo/ (the MSW mocks start from it too); only ids, dates and the
 * gateway account numbers come from the seed's PRNG and base date.
 */
import { type DemoCatalogue, demoCatalogue, demoCreatedAt } from '@contract/demo/catalogue';
import { type DemoGatewayAccount, demoAccountNumber } from '@contract/demo/gateway-accounts';
import { paymentMethodLogoSvg } from '@contract/demo/logos';
import { demoLogoPath } from '@contract/demo/payment-methods';
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
import { fileUrl } from './files';
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

export async function seedReferenceData(db: Executor, random: Random, now: Date): Promise<ReferenceCatalog> {
  const catalogue: DemoCatalogue = demoCatalogue();
  // Each record a second after the one before (its tick), so "newest first" lists have a stable order.
  const createdAt = (record: { tick: number }) => demoCreatedAt(now, record.tick);
  const today = now.toISOString().slice(0, 10);

  const currencyRows = catalogue.currencies.map((c) => ({
    id: random.uuid(),
    name: c.name,
    nameCode: c.name_code,
    displaySymbol: c.display_symbol,
    decimalPlaces: c.decimal_places,
    inMultiplesOf: c.in_multiples_of,
    createdAt: createdAt(c),
  }));
  await db.insert(currencies).values(currencyRows.map((c) => ({ ...c, updatedAt: c.createdAt })));
  const currencyId = (code: string) => {
    const row = currencyRows.find((c) => c.nameCode === code);
    if (!row) throw new Error(`unknown currency ${code}`);
    return row.id;
  };

  const methodRows = catalogue.paymentMethods.map((m) => ({
    id: random.uuid(),
    ...m,
    createdAt: createdAt(m),
  }));
  const methodOf = (code: string) => {
    const row = methodRows.find((m) => m.code === code);
    if (!row) throw new Error(`unknown payment method ${code}`);
    return row;
  };
  await db.insert(files).values(
    methodRows.map((m) => ({
      path: demoLogoPath(m.code),
      contentType: 'image/svg+xml',
      bytes: Buffer.from(paymentMethodLogoSvg(m), 'utf8'),
    })),
  );
  await db.insert(paymentMethods).values(
    methodRows.map((m) => ({
      id: m.id,
      name: m.name,
      type: m.type,
      code: m.code,
      url: m.url,
      logo: fileUrl(demoLogoPath(m.code)),
      accountNumberLength: m.account_number_length,
      supportedCurrencies: [...m.supported_currencies],
      status: m.status,
      createdAt: m.createdAt,
      updatedAt: m.createdAt,
    })),
  );

  await db.insert(transactionLimits).values(
    catalogue.transactionLimits.map((l) => ({
      id: random.uuid(),
      paymentMethodId: methodOf(l.payment_method).id,
      minAmount: l.min_amount,
      maxAmount: l.max_amount,
      interval: l.interval,
      createdAt: createdAt(l),
    })),
  );

  const chargeRows = catalogue.charges.map((c) => ({ id: random.uuid(), ...c, createdAt: createdAt(c) }));
  await db.insert(charges).values(
    chargeRows.map((c) => ({
      id: c.id,
      currencyId: currencyId(c.currency),
      name: c.name,
      chargeTime: c.charge_time,
      chargeCalculationMethod: c.charge_calculation_method,
      amount: c.amount,
      isRange: c.charge_ranges !== undefined,
      feeOnDate: today,
      createdAt: c.createdAt,
      updatedAt: c.createdAt,
    })),
  );
  await db.insert(chargeRanges).values(
    chargeRows.flatMap((c) =>
      (c.charge_ranges ?? []).map((r, position) => ({
        id: random.uuid(),
        chargeId: c.id,
        position,
        minAmount: r.min_amount,
        maxAmount: r.max_amount,
        chargeAmount: r.charge_amount,
      })),
    ),
  );

  const gatewayRows = catalogue.gatewayAccounts.map((g) =>
    gatewayRow(random, g, methodOf(g.payment_method), createdAt(g)),
  );
  await db.insert(gatewayAccounts).values(gatewayRows.map((g) => ({ ...g, updatedAt: g.createdAt })));

  const glRows = catalogue.glAccounts.map((g) => ({
    id: random.uuid(),
    name: g.name,
    type: g.type,
    manualJournalEntriesAllowed: g.manual_journal_entries_allowed,
    description: g.description,
    status: g.status,
    createdAt: createdAt(g),
  }));
  await db.insert(glAccounts).values(glRows.map((g) => ({ ...g, updatedAt: g.createdAt })));
  const glId = (name: string) => {
    const row = glRows.find((g) => g.name === name);
    if (!row) throw new Error(`unknown GL account ${name}`);
    return row.id;
  };
  const chargeId = (name: string) => {
    const row = chargeRows.find((c) => c.name === name);
    if (!row) throw new Error(`unknown charge ${name}`);
    return row.id;
  };

  const mappingRows: (Insert<typeof accountMappings> & { id: string })[] = catalogue.accountMappings.map(
    (m) => ({
      id: random.uuid(),
      financialAccountType: m.financial_account_type,
      glAccountId: glId(m.gl_account),
      paymentMethodId: m.payment_method === null ? null : methodOf(m.payment_method).id,
      chargeId: m.charge === null ? null : chargeId(m.charge),
      createdAt: createdAt(m),
    }),
  );
  await db.insert(accountMappings).values(mappingRows);

  return {
    currencies: currencyRows.map((c) => ({ id: c.id, nameCode: c.nameCode, decimalPlaces: c.decimalPlaces })),
    paymentMethods: methodRows.map((m) => ({
      id: m.id,
      code: m.code,
      name: m.name,
      type: m.type,
      accountNumberLength: m.account_number_length,
      supportedCurrencies: m.supported_currencies,
      status: m.status,
    })),
    gatewayAccounts: gatewayRows.map((g) => ({ id: g.id, code: g.code, paymentMethodId: g.paymentMethodId })),
    charges: chargeRows.map((c) => ({
      id: c.id,
      currencyId: currencyId(c.currency),
      name: c.name,
      method: c.charge_calculation_method,
      isRange: c.charge_ranges !== undefined,
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

/** A gateway account row: the id, then the account number, from the PRNG (in that order). */
function gatewayRow(
  random: Random,
  account: DemoGatewayAccount,
  method: { id: string; code: string; type: PaymentMethodSeed['type']; account_number_length: number },
  createdAt: Date,
) {
  return {
    id: random.uuid(),
    code: account.code,
    paymentMethodId: method.id,
    accountNumber: demoAccountNumber(method, (count) => random.digits(count)),
    routingCode: account.routing_code,
    // Opens at zero: only postings move a balance (docs/ledger.md), so the sum of the balances
    // always equals the RECEIVE_CONTROL postings, seeded history included.
    totalBalance: '0',
    status: account.status,
    createdAt,
  };
}

/**
 * An account number of the method's length (contract/demo/gateway-accounts.ts demoAccountNumber),
 * its digits from the PRNG: merchants' settlement accounts use it too.
 */
export function accountNumberFor(
  random: Random,
  method: Pick<PaymentMethodSeed, 'code' | 'type' | 'accountNumberLength'>,
): string {
  return demoAccountNumber(
    { code: method.code, type: method.type, account_number_length: method.accountNumberLength },
    (count) => random.digits(count),
  );
}
