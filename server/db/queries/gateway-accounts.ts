/**
 * The SQL behind the gateway-account endpoints and the mapping to `gatewayAccountSchema`. Rows come
 * with their payment method through an inner join (every account has one). `total_balance` is
 * written only by the ledger: these queries insert it as 0 and never update it.
 */
import type { ActivationCommand, ActiveStatus } from '@contract/fields';
import type { GatewayAccount, GatewayAccountListQuery } from '@contract/gateway-account';
import type { GatewayAccountSortKey } from '@contract/list-sort';
import { count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../connect';
import { currencies, gatewayAccounts, paymentMethods } from '../schema';
import { orderByOf, type SortColumns } from '../sort';
import { activationUpdate, containsPattern, type ListPage, money, valueTaken } from '../sql';

/** What a create or an update writes (never the balance, never the status). */
export interface GatewayAccountFields {
  code: string;
  paymentMethodId: string;
  accountNumber: string;
  routingCode: string;
}

/**
 * The places a balance is shown with: the most among the currencies the method supports, whose
 * amounts the balance adds (`balance_decimal_places`). A lookup in the small currencies table per
 * row of a page.
 */
const balancePlaces = sql<
  number | null
>`(select max(${currencies.decimalPlaces}) from ${currencies} where ${currencies.nameCode} = any(${paymentMethods.supportedCurrencies}))`;

const selection = {
  account: gatewayAccounts,
  method: {
    id: paymentMethods.id,
    name: paymentMethods.name,
    logo: paymentMethods.logo,
    type: paymentMethods.type,
  },
  balancePlaces,
};

type Row = {
  account: typeof gatewayAccounts.$inferSelect;
  method: { id: string; name: string; logo: string; type: GatewayAccount['payment_method']['type'] };
  balancePlaces: number | null;
};

function selectAccounts(db: Executor) {
  return db
    .select(selection)
    .from(gatewayAccounts)
    .innerJoin(paymentMethods, eq(paymentMethods.id, gatewayAccounts.paymentMethodId));
}

function listWhere(query: GatewayAccountListQuery): SQL | undefined {
  if (!query.search_term) return undefined;
  const pattern = containsPattern(query.search_term);
  return or(
    ilike(gatewayAccounts.code, pattern),
    ilike(gatewayAccounts.accountNumber, pattern),
    ilike(gatewayAccounts.routingCode, pattern),
    ilike(paymentMethods.name, pattern),
  );
}

const SORT_COLUMNS: SortColumns<GatewayAccountSortKey> = {
  created: gatewayAccounts.createdAt,
  code: gatewayAccounts.code,
  balance: gatewayAccounts.totalBalance,
  status: gatewayAccounts.status,
};

/**
 * `GET gateway-accounts` with the contract's parsed query, in its `sort` (id breaking ties). The
 * page's ids come first (the search reaches the method's name, so that join stays), and only they
 * get the balance's places looked up.
 */
export async function listGatewayAccounts(
  db: Database,
  query: GatewayAccountListQuery,
): Promise<ListPage<GatewayAccount>> {
  const where = listWhere(query);
  const orderBy = orderByOf(query.sort, SORT_COLUMNS, gatewayAccounts.id);
  const joined = () =>
    db
      .select({ id: gatewayAccounts.id })
      .from(gatewayAccounts)
      .innerJoin(paymentMethods, eq(paymentMethods.id, gatewayAccounts.paymentMethodId))
      .where(where);
  const page = joined()
    .orderBy(...orderBy)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .as('page');
  const [rows, totals] = await Promise.all([
    selectAccounts(db)
      .innerJoin(page, eq(page.id, gatewayAccounts.id))
      .orderBy(...orderBy),
    db.select({ total: count() }).from(joined().as('matched')),
  ]);
  return { contents: rows.map(toGatewayAccount), total: totals[0]?.total ?? 0 };
}

export async function findGatewayAccount(db: Executor, id: string): Promise<GatewayAccount | undefined> {
  const rows = await selectAccounts(db).where(eq(gatewayAccounts.id, id));
  return rows[0] ? toGatewayAccount(rows[0]) : undefined;
}

/** `forUpdate` locks the account's row (not its method's) until the transaction ends. */
export async function gatewayAccountStatus(
  db: Executor,
  id: string,
  forUpdate = false,
): Promise<ActiveStatus | undefined> {
  const query = db
    .select({ status: gatewayAccounts.status })
    .from(gatewayAccounts)
    .where(eq(gatewayAccounts.id, id));
  const rows = await (forUpdate ? query.for('update') : query);
  return rows[0]?.status;
}

/** The payment method's account number length, or undefined when it does not exist. */
export async function paymentMethodAccountLength(db: Executor, id: string): Promise<number | undefined> {
  const rows = await db
    .select({ length: paymentMethods.accountNumberLength })
    .from(paymentMethods)
    .where(eq(paymentMethods.id, id));
  return rows[0]?.length;
}

/** True when another account (not `exceptId`) already has this code. */
export function gatewayAccountCodeTaken(db: Executor, code: string, exceptId?: string): Promise<boolean> {
  return valueTaken(db, gatewayAccounts, gatewayAccounts.code, code, exceptId);
}

export async function insertGatewayAccount(
  tx: Executor,
  fields: GatewayAccountFields,
  now: Date,
): Promise<string> {
  const [row] = await tx
    .insert(gatewayAccounts)
    // The balance starts at 0 whatever the client sent; only ledger postings move it.
    .values({ ...fields, totalBalance: '0', status: 'ACTIVE', createdAt: now, updatedAt: now })
    .returning({ id: gatewayAccounts.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** Replaces the editable fields; false when the id is unknown. */
export async function updateGatewayAccount(
  tx: Executor,
  id: string,
  fields: GatewayAccountFields,
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .update(gatewayAccounts)
    .set({ ...fields, updatedAt: now })
    .where(eq(gatewayAccounts.id, id))
    .returning({ id: gatewayAccounts.id });
  return rows.length > 0;
}

/** One conditional UPDATE (`WHERE status <> target`); false when nothing changed. */
export async function applyGatewayAccountCommand(
  db: Executor,
  id: string,
  command: ActivationCommand,
  now: Date,
): Promise<boolean> {
  const { set, where } = activationUpdate(gatewayAccounts, id, command, now);
  const rows = await db.update(gatewayAccounts).set(set).where(where).returning({ id: gatewayAccounts.id });
  return rows.length > 0;
}

export function toGatewayAccount({ account, method, balancePlaces }: Row): GatewayAccount {
  return {
    id: account.id,
    code: account.code,
    payment_method: { id: method.id, name: method.name, logo: method.logo, type: method.type },
    account_number: account.accountNumber,
    routing_code: account.routingCode,
    total_balance: money(account.totalBalance),
    // PGlite and node-postgres may hand max() over an integer back as a number or a string.
    balance_decimal_places: balancePlaces === null ? null : Number(balancePlaces),
    status: account.status,
    created_at: account.createdAt.toISOString(),
  };
}
