/**
 * The SQL behind the account mapping endpoints and the mapping from rows to `accountMappingSchema`.
 * A mapping is read with its GL account, payment method and charge (with the charge's currency)
 * through joins, so the list, the detail and the create answer the same shape in one query.
 */

import { randomUUID } from 'node:crypto';
import type {
  AccountMapping,
  AccountMappingItemPayload,
  AccountMappingListQuery,
} from '@contract/account-mapping';
import { CHANGE_SPECS, changeOf } from '@contract/change-history';
import type { AccountMappingSortKey } from '@contract/list-sort';
import { count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../auth/actor';
import type { Database, Executor } from '../connect';
import { accountMappings, charges, currencies, glAccounts, paymentMethods } from '../schema';
import { orderByOf, type SortColumns } from '../sort';
import { containsPattern, type ListPage } from '../sql';
import { recordChange } from './change-history';

function selectMappings(db: Executor) {
  return db
    .select({
      mapping: accountMappings,
      glAccountName: glAccounts.name,
      paymentMethodName: paymentMethods.name,
      chargeAmount: charges.amount,
      chargeName: charges.name,
      chargeIsRange: charges.isRange,
      chargeMethod: charges.chargeCalculationMethod,
      currencyName: currencies.name,
      currencyCode: currencies.nameCode,
      // In force: no newer mapping with the same key (the ledger's tie-break: created_at, then id).
      inForce: sql<boolean>`not exists (
        select 1 from ${accountMappings} as newer
        where newer.financial_account_type = ${accountMappings.financialAccountType}
          and newer.payment_method_id is not distinct from ${accountMappings.paymentMethodId}
          and newer.charge_id is not distinct from ${accountMappings.chargeId}
          and (newer.created_at, newer.id) > (${accountMappings.createdAt}, ${accountMappings.id}))`,
    })
    .from(accountMappings)
    .innerJoin(glAccounts, eq(glAccounts.id, accountMappings.glAccountId))
    .leftJoin(paymentMethods, eq(paymentMethods.id, accountMappings.paymentMethodId))
    .leftJoin(charges, eq(charges.id, accountMappings.chargeId))
    .leftJoin(currencies, eq(currencies.id, charges.currencyId));
}

type MappingRow = Awaited<ReturnType<typeof selectMappings>>[number];

function searchWhere(searchTerm: string | undefined): SQL | undefined {
  if (!searchTerm) return undefined;
  const pattern = containsPattern(searchTerm);
  return or(
    ilike(glAccounts.name, pattern),
    ilike(paymentMethods.name, pattern),
    ilike(accountMappings.financialAccountType, pattern),
  );
}

// A batch shares its created_at; the id still orders it.
const SORT_COLUMNS: SortColumns<AccountMappingSortKey> = {
  created: accountMappings.createdAt,
  type: accountMappings.financialAccountType,
};

/**
 * `GET account-mappings` with the contract's parsed query, in its `sort`; its `status` filters
 * nothing (mappings have none). The page's ids come first, so the in-force test and the charge and
 * currency joins run for the page's rows only.
 */
export async function listAccountMappings(
  db: Database,
  query: AccountMappingListQuery,
): Promise<ListPage<AccountMapping>> {
  const where = searchWhere(query.search_term);
  const orderBy = orderByOf(query.sort, SORT_COLUMNS, accountMappings.id);
  // The search reaches into the GL account and payment method, so the ids and the count join them.
  const matched = () =>
    db
      .select({ id: accountMappings.id })
      .from(accountMappings)
      .innerJoin(glAccounts, eq(glAccounts.id, accountMappings.glAccountId))
      .leftJoin(paymentMethods, eq(paymentMethods.id, accountMappings.paymentMethodId))
      .where(where);
  const page = matched()
    .orderBy(...orderBy)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .as('page');
  const [rows, totals] = await Promise.all([
    selectMappings(db)
      .innerJoin(page, eq(page.id, accountMappings.id))
      .orderBy(...orderBy),
    db.select({ total: count() }).from(matched().as('matched')),
  ]);
  return { contents: rows.map(toAccountMapping), total: totals[0]?.total ?? 0 };
}

export async function findAccountMapping(db: Database, id: string): Promise<AccountMapping | undefined> {
  const rows = await selectMappings(db).where(eq(accountMappings.id, id));
  return rows[0] ? toAccountMapping(rows[0]) : undefined;
}

/** Why one item of a create cannot be stored: the field and the message, as the 400 names them. */
export interface ItemProblem {
  index: number;
  field: 'gl_account_id' | 'payment_method_id' | 'charge_id';
  problem: 'not-found' | 'inactive';
}

export type CreateMappingsResult =
  | { ok: true; mappings: AccountMapping[] }
  | { ok: false; problems: ItemProblem[] };

/**
 * Creates every item or none, in one transaction. The referenced GL accounts are read FOR SHARE, so
 * none can be changed (deactivated) between the check and the insert.
 */
export async function createAccountMappings(
  db: Database,
  input: readonly AccountMappingItemPayload[],
  now: Date,
  actor: Actor,
): Promise<CreateMappingsResult> {
  // The database compares UUIDs case-insensitively; the look-up maps below must too.
  const items = input.map((item) => ({
    ...item,
    gl_account_id: item.gl_account_id.toLowerCase(),
    payment_method_id: item.payment_method_id?.toLowerCase() ?? null,
    charge_id: item.charge_id?.toLowerCase() ?? null,
  }));
  return db.transaction(async (tx): Promise<CreateMappingsResult> => {
    const glIds = unique(items.map((item) => item.gl_account_id));
    const methodIds = unique(items.map((item) => item.payment_method_id));
    const chargeIds = unique(items.map((item) => item.charge_id));
    // One after the other: a transaction is one connection, which runs one statement at a time.
    const gl = await tx
      .select({ id: glAccounts.id, status: glAccounts.status })
      .from(glAccounts)
      .where(inArray(glAccounts.id, glIds))
      .for('share');
    const methods = methodIds.length
      ? await tx
          .select({ id: paymentMethods.id })
          .from(paymentMethods)
          .where(inArray(paymentMethods.id, methodIds))
      : [];
    const chargeRows = chargeIds.length
      ? await tx.select({ id: charges.id }).from(charges).where(inArray(charges.id, chargeIds))
      : [];
    const glStatus = new Map(gl.map((row) => [row.id, row.status]));
    const methodSet = new Set(methods.map((row) => row.id));
    const chargeSet = new Set(chargeRows.map((row) => row.id));

    const problems: ItemProblem[] = [];
    items.forEach((item, index) => {
      const status = glStatus.get(item.gl_account_id);
      if (status === undefined) problems.push({ index, field: 'gl_account_id', problem: 'not-found' });
      else if (status !== 'ACTIVE') problems.push({ index, field: 'gl_account_id', problem: 'inactive' });
      if (item.payment_method_id && !methodSet.has(item.payment_method_id))
        problems.push({ index, field: 'payment_method_id', problem: 'not-found' });
      if (item.charge_id && !chargeSet.has(item.charge_id))
        problems.push({ index, field: 'charge_id', problem: 'not-found' });
    });
    if (problems.length > 0) return { ok: false, problems };

    // Ids chosen here so the answer can list the mappings in the order they were sent.
    const rows = items.map((item) => ({
      id: randomUUID(),
      financialAccountType: item.financial_account_type,
      glAccountId: item.gl_account_id,
      paymentMethodId: item.payment_method_id,
      chargeId: item.charge_id,
      createdAt: now,
    }));
    await tx.insert(accountMappings).values(rows);
    const stored = await selectMappings(tx).where(
      inArray(
        accountMappings.id,
        rows.map((row) => row.id),
      ),
    );
    const byId = new Map(stored.map((row) => [row.mapping.id, toAccountMapping(row)]));
    const mappings = rows.map((row) => byId.get(row.id)).filter((m): m is AccountMapping => m !== undefined);
    await recordChange(
      tx,
      actor,
      now,
      ...mappings.map((mapping) => changeOf(CHANGE_SPECS.accountMapping, 'CREATE', null, mapping)),
    );
    return { ok: true, mappings };
  });
}

/** Distinct ids, nulls dropped. */
function unique(ids: readonly (string | null)[]): string[] {
  return [...new Set(ids.filter((id): id is string => id !== null))];
}

function toAccountMapping(row: MappingRow): AccountMapping {
  const m = row.mapping;
  return {
    id: m.id,
    financial_account_type: m.financialAccountType,
    payment_method_id: m.paymentMethodId,
    gl_account_id: m.glAccountId,
    charge_id: m.chargeId,
    payment_method: row.paymentMethodName === null ? null : { name: row.paymentMethodName },
    charge:
      row.chargeAmount === null ||
      row.chargeName === null ||
      row.chargeIsRange === null ||
      row.chargeMethod === null ||
      row.currencyName === null ||
      row.currencyCode === null
        ? null
        : {
            name: row.chargeName,
            amount: row.chargeAmount,
            is_range: row.chargeIsRange,
            charge_calculation_method: row.chargeMethod,
            currency: { name: row.currencyName, name_code: row.currencyCode },
          },
    gl_account: { name: row.glAccountName },
    created_at: m.createdAt.toISOString(),
    in_force: row.inForce,
  };
}
