/**
 * `{kind:key}` references in a case: each is the id of a record found through the API itself (an
 * admin GET), so a case names the same record on the server and in the mocks although their ids
 * differ. Looked up the first time a suite meets the reference (so a record an earlier case created
 * can be named too); from then on it names that record, even once a later case changed or deleted it.
 *
 *   {currency:ETB}          the currency with that name code
 *   {method:CBE}            the payment method with that code
 *   {charge:Refund fee}     the charge with that name
 *   {gl:Owner Equity}       the GL account with that name
 *   {gateway:GW-CBE-01}     the gateway account with that code
 *   {limit:TELEBIRR/WEEKLY} the first limit of that method with that interval
 *   {mapping:TRANSFER_SUSPENSE}  the general mapping of that type in force (no method, no charge);
 *   {mapping:RECEIVE_CONTROL/CBE} one narrowed to a method (by code) or a charge (by name)
 *   {merchant:ACTIVE}       the newest merchant in that status
 *   {merchant-code:ACTIVE}  its merchant_code, {merchant-name:ACTIVE} its business name (not ids:
 *                           for a search)
 *   {merchant-with-accounts:ACTIVE} the newest merchant in that status with bank accounts
 *   {document:ACTIVE}       the path under files/documents/ of the TIN certificate of the newest
 *                           merchant in that status that has one
 *   {transaction:pay-out}   the newest transaction of that status filter (spec §7 values);
 *   {transaction:success/PAYMENT} of those types too; {transaction:pay-out@2} the second newest
 *   {journal-entry:newest}  the newest journal entry
 *   {journal-reference:newest} the transaction reference of the newest entry that has one (for a search)
 *   {user:admin}            a demo user's id, as tokens name it (the `sub` claim)
 *   {role:Finance}          the role with that name
 *   {staff:a@example.org}   the staff user with that e-mail
 *   {api-client:Name}       the API client with that name
 *   {dispute:open}          the newest chargeback of that status filter (open, won, lost)
 */
import type { CaseContext } from './case';

type Lookup = (key: string, get: (path: string) => Promise<unknown>) => Promise<string>;

interface Row {
  id: string;
  [field: string]: unknown;
}

function contents(data: unknown): Row[] {
  if (Array.isArray(data)) return data as Row[];
  return ((data as { contents?: Row[] } | null)?.contents ?? []) as Row[];
}

function found(kind: string, key: string, row: Row | undefined): string {
  if (!row) throw new Error(`no ${kind} ${key} on this side`);
  return row.id;
}

const q = encodeURIComponent;

/** The record a search of the list finds whose `field` is the key. */
function searched(kind: string, list: string, field: string): Lookup {
  return async (key, get) =>
    found(
      kind,
      key,
      contents(await get(`${list}?limit=100&search_term=${q(key)}`)).find((r) => r[field] === key),
    );
}

const LOOKUPS: Record<string, Lookup> = {
  currency: searched('currency', 'currencies', 'name_code'),
  method: searched('payment method', 'payment-methods', 'code'),
  charge: async (key, get) =>
    found(
      'charge',
      key,
      contents(await get('charges?limit=100')).find((r) => r.name === key),
    ),
  gl: searched('GL account', 'gl-accounts', 'name'),
  role: searched('role', 'roles', 'name'),
  staff: searched('staff user', 'users', 'email'),
  'api-client': searched('API client', 'api-clients', 'name'),
  gateway: searched('gateway account', 'gateway-accounts', 'code'),
  limit: async (key, get) => {
    const [code = '', interval] = key.split('/');
    const method = await LOOKUPS.method?.(code, get);
    const limits = contents(await get(`payment-methods/${method}/transaction-limits`));
    return found(
      'transaction limit',
      key,
      limits.find((r) => r.interval === interval),
    );
  },
  mapping: async (key, get) => {
    const [type, narrowedTo] = key.split('/');
    const mappings = contents(await get('account-mappings?limit=100'));
    const names = (r: Row) => ({
      method: (r.payment_method as { name: string } | null)?.name ?? null,
      charge: r.charge_id,
    });
    let methodName: string | null = null;
    let chargeId: string | null = null;
    if (narrowedTo) {
      const methods = contents(await get(`payment-methods?limit=100&search_term=${q(narrowedTo)}`));
      const method = methods.find((m) => m.code === narrowedTo);
      if (method) methodName = method.name as string;
      else chargeId = await (LOOKUPS.charge as Lookup)(narrowedTo, get);
    }
    const row = mappings.find(
      (r) =>
        r.financial_account_type === type &&
        r.in_force === true &&
        names(r).method === methodName &&
        names(r).charge === chargeId,
    );
    return found('account mapping', key, row);
  },
  merchant: async (key, get) =>
    found('merchant', key, contents(await get(`merchants?limit=100&status=${q(key)}`))[0]),
  'merchant-code': async (key, get) => {
    const merchant = contents(await get(`merchants?limit=100&status=${q(key)}`))[0];
    if (!merchant) throw new Error(`no ${key} merchant on this side`);
    return merchant.merchant_code as string;
  },
  'merchant-name': async (key, get) => {
    const named = contents(await get(`merchants?limit=100&status=${q(key)}`)).find(
      (m) => (m.business_detail as { name: string } | null)?.name,
    );
    if (!named) throw new Error(`no ${key} merchant with a name on this side`);
    return (named.business_detail as { name: string }).name;
  },
  document: async (key, get) => {
    for (const merchant of contents(await get(`merchants?limit=100&status=${q(key)}`))) {
      const detail = (await get(`merchants/${merchant.id}`)) as {
        compliance: { tin_certification: string | null } | null;
      };
      const path = detail.compliance?.tin_certification;
      if (path) return path.replace(/^.*?\/documents\//, '');
    }
    throw new Error(`no ${key} merchant with a TIN certificate on this side`);
  },
  'merchant-with-accounts': async (key, get) => {
    for (const merchant of contents(await get(`merchants?limit=100&status=${q(key)}`))) {
      const accounts = (await get(`merchants/${merchant.id}/accounts`)) as { is_empty?: boolean } | null;
      if (accounts && accounts.is_empty === false) return merchant.id;
    }
    throw new Error(`no ${key} merchant with accounts on this side`);
  },
  transaction: async (key, get) => {
    const [filter = '', nth = '1'] = key.split('@');
    const [status = '', types] = filter.split('/');
    const query = `transactions?limit=10&status=${q(status)}${types ? `&types=${q(types)}` : ''}`;
    return found('transaction', key, contents(await get(query))[Number(nth) - 1]);
  },
  dispute: async (key, get) =>
    found('chargeback', key, contents(await get(`disputes?limit=1&status=${q(key)}`))[0]),
  'journal-entry': async (key, get) =>
    found('journal entry', key, contents(await get('journal-entries?limit=1'))[0]),
  'journal-reference': async (_key, get) => {
    const entry = contents(await get('journal-entries?limit=100')).find((e) => e.transaction_reference);
    if (!entry) throw new Error('no journal entry with a transaction reference on this side');
    return entry.transaction_reference as string;
  },
};

const REFERENCE = /\{([a-z-]+):([^}]+)\}/g;

/** The resolver of one side: `get` is an admin GET answering the envelope's data. */
export function createResolver(
  get: (path: string) => Promise<unknown>,
  userIds: (key: string) => Promise<string>,
): CaseContext {
  const seen = new Map<string, string>();

  async function lookup(kind: string, key: string): Promise<string> {
    if (kind === 'user') return userIds(key);
    const find = LOOKUPS[kind];
    if (!find) throw new Error(`unknown reference kind ${kind}`);
    const known = seen.get(`${kind}:${key}`);
    if (known) return known;
    const id = await find(key, get);
    seen.set(`${kind}:${key}`, id);
    return id;
  }

  async function text(value: string): Promise<string> {
    let out = '';
    let last = 0;
    for (const match of value.matchAll(REFERENCE)) {
      const [whole, kind = '', key = ''] = match;
      const id = await lookup(kind, key);
      out += value.slice(last, match.index) + id;
      last = (match.index ?? 0) + whole.length;
    }
    return out + value.slice(last);
  }

  async function resolve<T>(value: T): Promise<T> {
    if (typeof value === 'string') return (await text(value)) as T;
    if (Array.isArray(value)) return (await Promise.all(value.map((item) => resolve(item)))) as T;
    if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
      const entries = await Promise.all(
        Object.entries(value).map(async ([k, item]) => [k, await resolve(item)] as const),
      );
      return Object.fromEntries(entries) as T;
    }
    return value;
  }

  return { resolve, get };
}
