/**
 * The SQL behind the merchant endpoints, and the mapping from rows to the contract's wire shapes.
 * One query per call: list rows come with their compliance and contact person through left joins,
 * so the list and the detail answer the same `merchantSchema`. The list and the detail are built
 * once per shape (server/db/prepared.ts); a request only binds its values.
 */
import type { MerchantSortKey, SortOrder } from '@contract/list-sort';
import type {
  Merchant,
  MerchantAccount,
  MerchantCommand,
  MerchantDetail,
  MerchantListQuery,
  MerchantStatus,
  MerchantStatusChange,
} from '@contract/merchant';
import { and, count, desc, eq, getTableColumns, ilike, or, type SQL, sql } from 'drizzle-orm';
import { type Actor, recordedActor } from '../../auth/actor';
import { statusesAllowing, targetOf } from '../../domain/merchant-status';
import type { Database } from '../connect';
import { prepareUnnamed, shapeKey, statementCache } from '../prepared';
import {
  merchantAccounts,
  merchantCompliance,
  merchantContactPersons,
  merchantStatusChanges,
  merchants,
  paymentMethods,
} from '../schema';
import { orderByOf, type SortColumns } from '../sort';
import { containsPattern } from '../sql';
import { auditActorOf, recordAudit } from './audit-log';

/** Which filters a list request has: all its statements' SQL depends on. */
type MerchantListShape = {
  status: boolean;
  search: boolean;
};

function listWhere(shape: MerchantListShape): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (shape.status) conditions.push(eq(merchants.status, sql.placeholder('status')));
  if (shape.search) {
    // Each arm is served by its own trigram index (server/db/schema.ts); the planner ORs bitmaps.
    const pattern = sql.placeholder('pattern');
    conditions.push(
      or(
        ilike(merchants.businessName, pattern),
        ilike(merchants.merchantCode, pattern),
        ilike(merchants.phoneNumber, pattern),
        ilike(merchants.email, pattern),
      ),
    );
  }
  return and(...conditions);
}

/**
 * What `toMerchant` reads, and nothing more: the timestamps it does not answer (`updated_at`, and
 * the compliance's and contact person's own) are left out, because each selected timestamp is a
 * `Date` built per row and thrown away (a tenth of the list's own CPU time in a profile, issue 19).
 * Each joined object still starts with its primary key, the column that decides whether the
 * left join found a row.
 */
const { updatedAt: _merchantUpdatedAt, ...merchantFields } = getTableColumns(merchants);
const {
  createdAt: _complianceCreatedAt,
  updatedAt: _complianceUpdatedAt,
  ...complianceFields
} = getTableColumns(merchantCompliance);
const {
  createdAt: _contactCreatedAt,
  updatedAt: _contactUpdatedAt,
  ...contactFields
} = getTableColumns(merchantContactPersons);
const merchantColumns = { m: merchantFields, c: complianceFields, p: contactFields };

function selectMerchants(db: Database) {
  return db
    .select(merchantColumns)
    .from(merchants)
    .leftJoin(merchantCompliance, eq(merchantCompliance.merchantId, merchants.id))
    .leftJoin(merchantContactPersons, eq(merchantContactPersons.merchantId, merchants.id));
}

type MerchantRow = {
  m: Omit<typeof merchants.$inferSelect, 'updatedAt'>;
  c: Omit<typeof merchantCompliance.$inferSelect, 'createdAt' | 'updatedAt'> | null;
  p: Omit<typeof merchantContactPersons.$inferSelect, 'createdAt' | 'updatedAt'> | null;
};

/** The sortable columns (decision 044); id breaks ties so pages never overlap or skip rows. */
const SORT_COLUMNS: SortColumns<MerchantSortKey> = {
  created: merchants.createdAt,
  name: merchants.businessName,
  code: merchants.merchantCode,
  status: merchants.status,
};

function buildList(db: Database, shape: MerchantListShape, order: SortOrder<MerchantSortKey>) {
  const where = listWhere(shape);
  const orderBy = orderByOf(order, SORT_COLUMNS, merchants.id);
  // Deferred join: the offset walks entries of the sort's index (`merchants_created_at_idx`, the
  // status one, or migration 0025's) alone, and only the page's rows are joined to compliance and
  // contact person, so page 200 joins 10 rows, not 2,000, as the transactions list does.
  const pageIds = db
    .select({ id: merchants.id })
    .from(merchants)
    .where(where)
    .orderBy(...orderBy)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  return {
    page: prepareUnnamed(
      selectMerchants(db)
        .innerJoin(pageIds, eq(pageIds.id, merchants.id))
        .orderBy(...orderBy),
    ),
    count: prepareUnnamed(db.select({ total: count() }).from(merchants).where(where)),
  };
}

const listStatements = statementCache<ReturnType<typeof buildList>>();
const detailStatements = statementCache<ReturnType<typeof buildDetail>>();

/** `GET merchants` with the contract's parsed query: an empty `status` or `search_term` filters nothing. */
export async function listMerchants(
  db: Database,
  query: MerchantListQuery,
): Promise<{ contents: Merchant[]; total: number }> {
  const shape = { status: Boolean(query.status), search: Boolean(query.search_term) };
  const { sort } = query;
  const key = `${shapeKey(shape)}|${sort.key}.${sort.direction}`;
  const { page, count } = listStatements(db, key, () => buildList(db, shape, sort));
  const values = {
    status: query.status || undefined,
    pattern: query.search_term ? containsPattern(query.search_term) : undefined,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  };
  const [rows, totals] = await Promise.all([page.execute(values), count.execute(values)]);
  return { contents: rows.map(toMerchant), total: totals[0]?.total ?? 0 };
}

function buildDetail(db: Database) {
  return prepareUnnamed(
    selectMerchants(db)
      .where(eq(merchants.id, sql.placeholder('id')))
      .limit(1),
  );
}

export async function findMerchant(db: Database, id: string): Promise<Merchant | undefined> {
  const rows = await detailStatements(db, 'by-id', () => buildDetail(db)).execute({ id });
  return rows[0] ? toMerchant(rows[0]) : undefined;
}

export async function merchantStatus(db: Database, id: string): Promise<MerchantStatus | undefined> {
  const rows = await db.select({ status: merchants.status }).from(merchants).where(eq(merchants.id, id));
  return rows[0]?.status;
}

/**
 * Applies a status command and records who made it, in one database transaction. The row is locked
 * before its status is read, so of two concurrent commands the second sees the first's result, and
 * the recorded `from` is the status the change replaced. Returns false when nothing changed
 * (unknown id, or the command does not apply), having written nothing.
 */
export async function applyMerchantCommand(
  db: Database,
  id: string,
  command: MerchantCommand,
  now: Date,
  actor: Actor,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: merchants.status })
      .from(merchants)
      .where(eq(merchants.id, id))
      .for('update');
    if (!current || !statusesAllowing(command).includes(current.status)) return false;
    const to = targetOf(command);
    await tx.update(merchants).set({ status: to, updatedAt: now }).where(eq(merchants.id, id));
    await tx.insert(merchantStatusChanges).values({
      merchantId: id,
      fromStatus: current.status,
      toStatus: to,
      changedAt: now,
      changedById: actor.id,
      changedByName: actor.name,
    });
    await recordAudit(tx, {
      actor: auditActorOf(actor),
      action: `merchant.${command}`,
      resource: { type: 'merchant', id },
      before: { status: current.status },
      after: { status: to },
      address: actor.address ?? null,
      at: now,
    });
    return true;
  });
}

/** The merchant's last status change through the API, or null when there was none. */
async function lastStatusChange(db: Database, id: string): Promise<MerchantStatusChange | null> {
  const [row] = await db
    .select()
    .from(merchantStatusChanges)
    .where(eq(merchantStatusChanges.merchantId, id))
    .orderBy(desc(merchantStatusChanges.id))
    .limit(1);
  if (!row) return null;
  return {
    from: row.fromStatus,
    to: row.toStatus,
    at: row.changedAt.toISOString(),
    by: recordedActor(row.changedById, row.changedByName),
  };
}

/** One merchant with its last status change (`GET merchants/{id}`, the status command). */
export async function findMerchantDetail(db: Database, id: string): Promise<MerchantDetail | undefined> {
  const [merchant, change] = await Promise.all([findMerchant(db, id), lastStatusChange(db, id)]);
  return merchant && { ...merchant, status_change: change };
}

export async function listMerchantAccounts(db: Database, merchantId: string): Promise<MerchantAccount[]> {
  const rows = await db
    .select({
      id: merchantAccounts.id,
      accountNumber: merchantAccounts.accountNumber,
      status: merchantAccounts.status,
      name: paymentMethods.name,
      logo: paymentMethods.logo,
      type: paymentMethods.type,
    })
    .from(merchantAccounts)
    .innerJoin(paymentMethods, eq(paymentMethods.id, merchantAccounts.paymentMethodId))
    .where(eq(merchantAccounts.merchantId, merchantId))
    .orderBy(desc(merchantAccounts.createdAt), desc(merchantAccounts.id));
  return rows.map((row) => ({
    id: row.id,
    payment_method: { name: row.name, logo: row.logo, type: row.type },
    account_number: row.accountNumber,
    status: row.status,
  }));
}

function toMerchant({ m, c, p }: MerchantRow): Merchant {
  const hasAddress =
    c !== null &&
    [c.addressState, c.addressKebele, c.addressCity, c.addressHouseNumber, c.addressWereda].some(
      (value) => value !== null,
    );
  return {
    id: m.id,
    merchant_code: m.merchantCode,
    status: m.status,
    // The schema's rule: no business name means no business detail at all.
    business_detail:
      m.businessName === null
        ? null
        : {
            name: m.businessName,
            logo: m.logo,
            phone_number: m.phoneNumber,
            email: m.email,
            website: m.website,
            industry: m.industry,
            industry_category: m.industryCategory,
            employees: m.employees,
            transaction_volume: m.transactionVolume,
            address_one: m.addressOne,
            address_two: m.addressTwo,
          },
    compliance:
      c === null
        ? null
        : {
            business_name: c.businessName,
            type: c.type,
            tin: c.tin,
            business_registration_number: c.businessRegistrationNumber,
            tin_certification: c.tinCertification ?? null,
            trade_license: c.tradeLicense ?? null,
            moa: c.moa ?? null,
            address: hasAddress
              ? {
                  state: c.addressState,
                  kebele: c.addressKebele,
                  city: c.addressCity,
                  house_number: c.addressHouseNumber,
                  wereda: c.addressWereda,
                }
              : null,
          },
    contact_person:
      p === null
        ? null
        : {
            first_name: p.firstName,
            last_name: p.lastName,
            phone_number: p.phoneNumber,
            address: p.address,
            state: p.state,
            type: p.idType,
            document: p.document,
          },
    created_at: m.createdAt.toISOString(),
  };
}
