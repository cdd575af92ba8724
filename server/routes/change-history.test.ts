/**
 * The catalogue's change history through the real app: each write records exactly one event (or
 * none), in its own transaction, and `GET change-history` reads a subject's events back, newest
 * first, to callers who may read the subject.
 */
import { type ChangeEvent, changeEventSchema, type FieldChange } from '@contract/change-history';
import { pagedSchema } from '@contract/envelope';
import { API_ERRORS } from '@contract/messages';
import { ALL_PERMISSIONS, PERMISSIONS, type Permission, toPermissionMap } from '@contract/permissions';
import { asc, eq, gt, max, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeEvents, charges, currencies, users } from '../db/schema';
import { DEMO_USERS } from '../db/seed/demo-users';
import { describeApi, insertMerchant, readEnvelope } from '../test/api';
import { currencyBody, jsonCall, paymentMethodBody, rowCount, TWO_BANDS, UNKNOWN_ID } from '../test/catalog';
import { refusal } from '../test/db';
import { expectStatus } from '../test/expect';

const HISTORY = '/api/v1/change-history';
const METHODS = '/api/v1/payment-methods';
const LIMITS = '/api/v1/transaction-limits';
const CURRENCIES = '/api/v1/currencies';
const CHARGES = '/api/v1/charges';
const GATEWAY = '/api/v1/gateway-accounts';
const GL = '/api/v1/gl-accounts';
const MAPPINGS = '/api/v1/account-mappings';

const pageSchema = pagedSchema(changeEventSchema);
const withId = v.object({ id: v.string() });

/** The caller of most writes: a token of our own, so its subject and name are known. */
const WRITER = { id: '00000000-0000-4000-8000-00000000c0de', name: 'Hana Recorder' };
const PNG = 'data:image/png;base64,iVBORw0KGgo=';

/** One change_events row as the wire names it, with the owners the wire leaves out. */
type Recorded = Omit<ChangeEvent, 'id'> & { owner_ids: string[] };

describeApi('change history', (api) => {
  let writer: string;
  let sequence = 0;
  let signed = 0;

  async function tokenAs(who: { id: string; name: string }, permissions: readonly Permission[]) {
    signed += 1;
    const { token } = await api.tokens.sign({
      id: who.id,
      email: `history-${signed}@example.com`,
      name: who.name,
      preferredUsername: `history-${signed}`,
      permissions: toPermissionMap(permissions),
    });
    return token;
  }
  const tokenWith = (permissions: readonly Permission[]) =>
    tokenAs({ id: '00000000-0000-4000-8000-0000000000aa', name: 'Reader' }, permissions);

  beforeAll(async () => {
    writer = await tokenAs(WRITER, ALL_PERMISSIONS);
  });

  async function lastEventId(): Promise<number> {
    const [row] = await api.database.db.select({ last: max(changeEvents.id) }).from(changeEvents);
    return row?.last ?? 0;
  }

  async function eventsAfter(mark: number): Promise<Recorded[]> {
    const rows = await api.database.db
      .select()
      .from(changeEvents)
      .where(gt(changeEvents.id, mark))
      .orderBy(asc(changeEvents.id));
    return rows.map((row) => ({
      at: row.at.toISOString(),
      subject: row.subject,
      subject_id: row.subjectId,
      owner_ids: row.ownerIds,
      action: row.action,
      by: row.actorId === null || row.actorName === null ? null : { id: row.actorId, name: row.actorName },
      changes: row.changes,
    }));
  }

  /** A JSON call a second after the last one; answers its status, body and the events it recorded. */
  async function write(method: string, path: string, body?: unknown, token = writer) {
    api.clock.advance(1000);
    const mark = await lastEventId();
    const response = await jsonCall(api, method, path, token, body);
    const envelope = await readEnvelope(response);
    return {
      status: response.status,
      data: envelope.data,
      error: envelope.errorMessage,
      events: await eventsAfter(mark),
    };
  }

  /** A write that must succeed with `status`; answers the id of what it wrote. */
  async function written(status: number, method: string, path: string, body?: unknown) {
    const result = await write(method, path, body);
    expect(result.status, `${method} ${path}: ${result.error}`).toBe(status);
    return { ...result, id: v.parse(withId, result.data).id };
  }

  /** A write that must be refused with `status`, leaving change_events as it was. */
  async function refused(status: number, method: string, path: string, body?: unknown, token = writer) {
    const before = await rowCount(api, changeEvents);
    const result = await write(method, path, body, token);
    expect(result.status, `${method} ${path}: ${result.error}`).toBe(status);
    expect(result.events).toEqual([]);
    expect(await rowCount(api, changeEvents)).toBe(before);
    return result.error;
  }

  /** The event a write made just now (the clock has not moved since). */
  function event(
    subject: Recorded['subject'],
    subjectId: string,
    action: Recorded['action'],
    changes: FieldChange[],
    extra: { owner?: string; owners?: string[]; by?: { id: string; name: string } } = {},
  ): Recorded {
    return {
      at: api.clock().toISOString(),
      subject,
      subject_id: subjectId,
      owner_ids: extra.owners ?? (extra.owner ? [extra.owner] : []),
      action,
      by: extra.by ?? WRITER,
      changes,
    };
  }

  async function history(subject: string, subjectId: string, query = '', token = writer) {
    const response = await api.call(`${HISTORY}?subject=${subject}&subject_id=${subjectId}${query}`, {
      token,
    });
    return { response, body: await readEnvelope(response, pageSchema) };
  }

  /** A history page as recorded: the wire's events without their ids (checked to descend). */
  function listed(contents: readonly ChangeEvent[]) {
    const ids = contents.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(ids.length);
    return contents.map(({ id: _id, ...rest }) => rest);
  }
  const onWire = ({ owner_ids: _owners, ...rest }: Recorded) => rest;

  const methodBody = (overrides: Record<string, unknown> = {}) =>
    paymentMethodBody('History Bank', 'HB-', overrides);
  const limitBody = (methodId: string, interval: string, min: string, max: string | number) => ({
    payment_method_id: methodId,
    interval,
    min_amount: min,
    max_amount: max,
  });
  const coinBody = (overrides: Record<string, unknown> = {}) =>
    currencyBody('History coin', 'H', (n) => `HC${n}`, overrides);
  const glBody = (overrides: Record<string, unknown> = {}) => {
    sequence += 1;
    return {
      name: `History GL ${sequence}`,
      type: 'ASSET',
      manual_journal_entries_allowed: true,
      description: 'Kept for the history tests',
      ...overrides,
    };
  };
  const seededMethod = (code: string) => {
    const found = api.catalog.paymentMethods.find((p) => p.code === code);
    if (!found) throw new Error(`no payment method ${code}`);
    return found;
  };
  const seededGl = (name: string) => {
    const found = api.catalog.glAccounts.find((g) => g.name === name);
    if (!found) throw new Error(`no GL account ${name}`);
    return found.id;
  };

  describe('payment methods', () => {
    it('records a create with every field, an edit with only what changed, an unchanged PUT not at all', async () => {
      const body = methodBody();
      const created = await written(201, 'POST', METHODS, body);
      const id = created.id;
      expect(created.events).toEqual([
        event('payment_method', id, 'CREATE', [
          { field: 'name', from: null, to: body.name },
          { field: 'code', from: null, to: body.code },
          { field: 'type', from: null, to: 'BANK' },
          { field: 'url', from: null, to: 'https://bank.example' },
          { field: 'logo', from: null, to: '/api/v1/files/logos/payment-methods/TEST.svg' },
          { field: 'account_number_length', from: null, to: 13 },
          { field: 'supported_currencies', from: null, to: ['ETB'] },
          { field: 'status', from: null, to: 'ACTIVE' },
        ]),
      ]);

      const renamed = { ...body, name: 'Renamed Bank', supported_currencies: ['etb', ' USD'] };
      const edited = await written(200, 'PUT', `${METHODS}/${id}`, renamed);
      expect(edited.events).toEqual([
        event('payment_method', id, 'UPDATE', [
          { field: 'name', from: body.name, to: 'Renamed Bank' },
          { field: 'supported_currencies', from: ['ETB'], to: ['ETB', 'USD'] },
        ]),
      ]);

      const unchanged = await written(200, 'PUT', `${METHODS}/${id}`, renamed);
      expect(unchanged.events).toEqual([]);

      // An uploaded logo is recorded by its fingerprint, not its bytes.
      const logo = await written(200, 'PUT', `${METHODS}/${id}`, { ...renamed, logo: PNG });
      expect(logo.events).toEqual([
        event('payment_method', id, 'UPDATE', [
          {
            field: 'logo',
            from: '/api/v1/files/logos/payment-methods/TEST.svg',
            to: 'uploaded image (b9764a8c)',
          },
        ]),
      ]);

      const { response, body: page } = await history('payment_method', id);
      expect(response.status).toBe(200);
      expect(page.data.total).toBe(3);
      expect(page.data.total_pages).toBe(1);
      expect(listed(page.data.contents)).toEqual(
        [...logo.events, ...edited.events, ...created.events].map(onWire),
      );
    });

    it('records ACTIVATE and DEACTIVATE with the status; a repeated command records nothing', async () => {
      const { id } = await written(201, 'POST', METHODS, methodBody());
      const off = await written(200, 'POST', `${METHODS}/${id}?command=deactivate`);
      expect(off.events).toEqual([
        event('payment_method', id, 'DEACTIVATE', [{ field: 'status', from: 'ACTIVE', to: 'INACTIVE' }]),
      ]);
      await refused(409, 'POST', `${METHODS}/${id}?command=deactivate`);
      const on = await written(200, 'POST', `${METHODS}/${id}?command=activate`);
      expect(on.events).toEqual([
        event('payment_method', id, 'ACTIVATE', [{ field: 'status', from: 'INACTIVE', to: 'ACTIVE' }]),
      ]);
      await refused(409, 'POST', `${METHODS}/${id}?command=activate`);
    });

    it('records nothing for a refused write', async () => {
      const body = methodBody();
      const { id } = await written(201, 'POST', METHODS, body);
      await refused(400, 'POST', METHODS, {});
      await refused(400, 'POST', METHODS, methodBody({ supported_currencies: ['XYZ'] }));
      await refused(409, 'POST', METHODS, methodBody({ code: 'CBE' }));
      await refused(409, 'POST', METHODS, methodBody({ code: body.code }));
      await refused(409, 'PUT', `${METHODS}/${id}`, { ...body, name: 'Taken code', code: 'AWASH' });
      await refused(400, 'PUT', `${METHODS}/${id}`, { ...body, name: '  ' });
      await refused(400, 'PUT', `${METHODS}/${id}`, { ...body, supported_currencies: ['GBP'] });
      await refused(404, 'PUT', `${METHODS}/${UNKNOWN_ID}`, methodBody());
      await refused(404, 'POST', `${METHODS}/${UNKNOWN_ID}?command=deactivate`);
      await refused(400, 'POST', `${METHODS}/${id}?command=toggle`);
      await refused(403, 'POST', METHODS, methodBody(), await api.tokenFor('support'));
      await refused(401, 'POST', METHODS, methodBody(), '');
      expect((await history('payment_method', id)).body.data.total).toBe(1);
    });
  });

  describe('transaction limits', () => {
    it('records each write under the limit, filed in its payment method’s history; readable after delete', async () => {
      const method = await written(201, 'POST', METHODS, methodBody());
      const created = await written(201, 'POST', LIMITS, limitBody(method.id, 'DAILY', '100', '5000'));
      const id = created.id;
      const owner = { owner: method.id };
      expect(created.events).toEqual([
        event(
          'transaction_limit',
          id,
          'CREATE',
          [
            { field: 'interval', from: null, to: 'DAILY' },
            { field: 'min_amount', from: null, to: '100' },
            { field: 'max_amount', from: null, to: '5000' },
            { field: 'status', from: null, to: 'ACTIVE' },
          ],
          owner,
        ),
      ]);
      const edited = await written(
        200,
        'PUT',
        `${LIMITS}/${id}`,
        limitBody(method.id, 'WEEKLY', '100', 6000),
      );
      expect(edited.events).toEqual([
        event(
          'transaction_limit',
          id,
          'UPDATE',
          [
            { field: 'interval', from: 'DAILY', to: 'WEEKLY' },
            { field: 'max_amount', from: '5000', to: '6000' },
          ],
          owner,
        ),
      ]);
      const unchanged = await written(
        200,
        'PUT',
        `${LIMITS}/${id}`,
        limitBody(method.id, 'WEEKLY', '100', '6000'),
      );
      expect(unchanged.events).toEqual([]);
      const off = await written(200, 'POST', `${LIMITS}/${id}?command=deactivate`);
      expect(off.events).toEqual([
        event(
          'transaction_limit',
          id,
          'DEACTIVATE',
          [{ field: 'status', from: 'ACTIVE', to: 'INACTIVE' }],
          owner,
        ),
      ]);
      const on = await written(200, 'POST', `${LIMITS}/${id}?command=activate`);
      expect(on.events).toEqual([
        event(
          'transaction_limit',
          id,
          'ACTIVATE',
          [{ field: 'status', from: 'INACTIVE', to: 'ACTIVE' }],
          owner,
        ),
      ]);
      const deleted = await written(200, 'DELETE', `${LIMITS}/${id}`);
      expect(deleted.events).toEqual([
        event(
          'transaction_limit',
          id,
          'DELETE',
          [
            { field: 'interval', from: 'WEEKLY', to: null },
            { field: 'min_amount', from: '100', to: null },
            { field: 'max_amount', from: '6000', to: null },
            { field: 'status', from: 'ACTIVE', to: null },
          ],
          owner,
        ),
      ]);

      // The limit is gone; its history is still there, on its own and in its method's.
      const own = await history('transaction_limit', id);
      expect(own.response.status).toBe(200);
      const limitEvents = [deleted, on, off, edited, created].flatMap((w) => w.events);
      expect(listed(own.body.data.contents)).toEqual(limitEvents.map(onWire));
      const ofMethod = await history('payment_method', method.id);
      expect(ofMethod.body.data.total).toBe(6);
      expect(listed(ofMethod.body.data.contents)).toEqual([...limitEvents, ...method.events].map(onWire));
      // Another method's history does not show them.
      const other = await written(201, 'POST', METHODS, methodBody());
      expect(listed((await history('payment_method', other.id)).body.data.contents)).toEqual(
        other.events.map(onWire),
      );
    });

    it('records nothing for a refused write', async () => {
      const method = await written(201, 'POST', METHODS, methodBody());
      const { id } = await written(201, 'POST', LIMITS, limitBody(method.id, 'DAILY', '1', '10'));
      await refused(400, 'POST', LIMITS, {});
      await refused(400, 'POST', LIMITS, limitBody(method.id, 'DAILY', '10', '9'));
      await refused(400, 'POST', LIMITS, limitBody(UNKNOWN_ID, 'DAILY', '1', '9'));
      await refused(409, 'POST', LIMITS, limitBody(method.id, 'DAILY', '5', '50'));
      const second = await written(201, 'POST', LIMITS, limitBody(method.id, 'DAILY', '20', '30'));
      await refused(409, 'PUT', `${LIMITS}/${second.id}`, limitBody(method.id, 'DAILY', '5', '30'));
      await refused(400, 'PUT', `${LIMITS}/${second.id}`, limitBody(method.id, 'DAILY', '50', '30'));
      await refused(404, 'PUT', `${LIMITS}/${UNKNOWN_ID}`, limitBody(method.id, 'DAILY', '1', '2'));
      await refused(409, 'POST', `${LIMITS}/${id}?command=activate`);
      await refused(404, 'POST', `${LIMITS}/${UNKNOWN_ID}?command=activate`);
      await refused(404, 'DELETE', `${LIMITS}/${UNKNOWN_ID}`);
      await refused(400, 'DELETE', `${LIMITS}/nope`);
      // An inactive limit may not come back over an active one.
      await written(200, 'POST', `${LIMITS}/${id}?command=deactivate`);
      await written(201, 'POST', LIMITS, limitBody(method.id, 'DAILY', '5', '15'));
      await refused(409, 'POST', `${LIMITS}/${id}?command=activate`);
      await refused(403, 'DELETE', `${LIMITS}/${id}`, undefined, await api.tokenFor('support'));
    });
  });

  describe('currencies and charges', () => {
    const flatCharge = (currencyId: string, overrides: Record<string, unknown> = {}) => ({
      currency_id: currencyId,
      name: 'History fee',
      charge_time: 'TRANSACTION_FEE',
      charge_calculation_method: 'FLAT',
      amount: '7.5',
      is_range: false,
      ...overrides,
    });

    it('records currency and charge writes; a currency’s history shows its charges only with view-charge', async () => {
      const body = coinBody();
      const currency = await written(201, 'POST', CURRENCIES, body);
      const currencyId = currency.id;
      expect(currency.events).toEqual([
        event('currency', currencyId, 'CREATE', [
          { field: 'name', from: null, to: body.name },
          { field: 'name_code', from: null, to: body.name_code },
          { field: 'display_symbol', from: null, to: 'H' },
          { field: 'decimal_places', from: null, to: 2 },
          { field: 'in_multiples_of', from: null, to: '0.01' },
        ]),
      ]);
      const edited = await written(200, 'PUT', `${CURRENCIES}/${currencyId}`, {
        ...body,
        display_symbol: 'Hc',
        decimal_places: 3,
      });
      expect(edited.events).toEqual([
        event('currency', currencyId, 'UPDATE', [
          { field: 'display_symbol', from: 'H', to: 'Hc' },
          { field: 'decimal_places', from: 2, to: 3 },
        ]),
      ]);
      const same = { ...body, display_symbol: 'Hc', decimal_places: 3 };
      expect((await written(200, 'PUT', `${CURRENCIES}/${currencyId}`, same)).events).toEqual([]);

      const today = api.clock().toISOString().slice(0, 10);
      const charge = await written(201, 'POST', CHARGES, flatCharge(currencyId));
      const chargeId = charge.id;
      const owner = { owner: currencyId };
      expect(charge.events).toEqual([
        event(
          'charge',
          chargeId,
          'CREATE',
          [
            { field: 'name', from: null, to: 'History fee' },
            { field: 'currency', from: null, to: body.name_code },
            { field: 'charge_time', from: null, to: 'TRANSACTION_FEE' },
            { field: 'charge_calculation_method', from: null, to: 'FLAT' },
            { field: 'amount', from: null, to: '7.5' },
            { field: 'is_range', from: null, to: false },
            { field: 'charge_ranges', from: null, to: [] },
            { field: 'fee_on_date', from: null, to: today },
          ],
          owner,
        ),
      ]);
      const ranged = flatCharge(currencyId, {
        ...TWO_BANDS,
        fee_on_date: today,
      });
      const chargeEdited = await written(200, 'PUT', `${CHARGES}/${chargeId}`, ranged);
      expect(chargeEdited.events).toEqual([
        event(
          'charge',
          chargeId,
          'UPDATE',
          [
            { field: 'charge_calculation_method', from: 'FLAT', to: 'PERCENT' },
            { field: 'amount', from: '7.5', to: '0' },
            { field: 'is_range', from: false, to: true },
            { field: 'charge_ranges', from: [], to: ['1 to 100: 2', '101 to 1000: 1.5'] },
          ],
          owner,
        ),
      ]);
      expect((await written(200, 'PUT', `${CHARGES}/${chargeId}`, ranged)).events).toEqual([]);

      // In use by its charge: refused, nothing recorded.
      await refused(409, 'DELETE', `${CURRENCIES}/${currencyId}`);
      const chargeDeleted = await written(200, 'DELETE', `${CHARGES}/${chargeId}`);
      expect(chargeDeleted.events).toEqual([
        event(
          'charge',
          chargeId,
          'DELETE',
          [
            { field: 'name', from: 'History fee', to: null },
            { field: 'currency', from: body.name_code, to: null },
            { field: 'charge_time', from: 'TRANSACTION_FEE', to: null },
            { field: 'charge_calculation_method', from: 'PERCENT', to: null },
            { field: 'amount', from: '0', to: null },
            { field: 'is_range', from: true, to: null },
            { field: 'charge_ranges', from: ['1 to 100: 2', '101 to 1000: 1.5'], to: null },
            { field: 'fee_on_date', from: today, to: null },
          ],
          owner,
        ),
      ]);
      const currencyDeleted = await written(200, 'DELETE', `${CURRENCIES}/${currencyId}`);
      expect(currencyDeleted.events).toEqual([
        event('currency', currencyId, 'DELETE', [
          { field: 'name', from: body.name, to: null },
          { field: 'name_code', from: body.name_code, to: null },
          { field: 'display_symbol', from: 'Hc', to: null },
          { field: 'decimal_places', from: 3, to: null },
          { field: 'in_multiples_of', from: '0.01', to: null },
        ]),
      ]);
      const [gone] = await api.database.db.select().from(currencies).where(eq(currencies.id, currencyId));
      expect(gone).toBeUndefined();

      // Gone, and still readable: with view-charge the charge's events are included.
      const currencyEvents = [currencyDeleted, edited, currency].flatMap((w) => w.events);
      const chargeEvents = [chargeDeleted, chargeEdited, charge].flatMap((w) => w.events);
      const full = await history('currency', currencyId);
      expect(full.body.data.total).toBe(6);
      expect(listed(full.body.data.contents)).toEqual(
        [currencyDeleted, chargeDeleted, chargeEdited, charge, edited, currency]
          .flatMap((w) => w.events)
          .map(onWire),
      );
      const currencyOnly = await tokenWith([PERMISSIONS.viewCurrency]);
      const without = await history('currency', currencyId, '', currencyOnly);
      expect(without.response.status).toBe(200);
      expect(without.body.data).toMatchObject({ total: 3, total_pages: 1 });
      expect(listed(without.body.data.contents)).toEqual(currencyEvents.map(onWire));
      const both = await tokenWith([PERMISSIONS.viewCurrency, PERMISSIONS.viewCharge]);
      expect((await history('currency', currencyId, '', both)).body.data.total).toBe(6);
      // The charge's own history takes view-charge.
      const ofCharge = await history('charge', chargeId, '', await tokenWith([PERMISSIONS.viewCharge]));
      expect(listed(ofCharge.body.data.contents)).toEqual(chargeEvents.map(onWire));
      expect((await history('charge', chargeId, '', currencyOnly)).response.status).toBe(403);
    });

    it('files a charge moved to another currency under both currencies', async () => {
      const from = await written(201, 'POST', CURRENCIES, coinBody());
      const toBody = coinBody();
      const to = await written(201, 'POST', CURRENCIES, toBody);
      const charge = await written(201, 'POST', CHARGES, flatCharge(from.id));
      const moved = await written(200, 'PUT', `${CHARGES}/${charge.id}`, flatCharge(to.id));
      expect(moved.events).toEqual([
        event(
          'charge',
          charge.id,
          'UPDATE',
          [{ field: 'currency', from: expect.any(String), to: toBody.name_code }],
          {
            owners: [from.id, to.id],
          },
        ),
      ]);
      const ofOld = await history('currency', from.id);
      expect(listed(ofOld.body.data.contents)).toEqual(
        [...moved.events, ...charge.events, ...from.events].map(onWire),
      );
      const ofNew = await history('currency', to.id);
      expect(listed(ofNew.body.data.contents)).toEqual([...moved.events, ...to.events].map(onWire));
    });

    it('records the payment methods a new name code is carried into, in the same write', async () => {
      const body = coinBody();
      const currency = await written(201, 'POST', CURRENCIES, body);
      const listing = await written(
        201,
        'POST',
        METHODS,
        methodBody({ supported_currencies: ['ETB', body.name_code] }),
      );
      const other = await written(201, 'POST', METHODS, methodBody());
      const renamed = await written(200, 'PUT', `${CURRENCIES}/${currency.id}`, {
        ...body,
        name_code: 'HCX',
      });
      expect(renamed.events).toEqual([
        event('currency', currency.id, 'UPDATE', [{ field: 'name_code', from: body.name_code, to: 'HCX' }]),
        event('payment_method', listing.id, 'UPDATE', [
          { field: 'supported_currencies', from: ['ETB', body.name_code], to: ['ETB', 'HCX'] },
        ]),
      ]);
      const ofOther = await history('payment_method', other.id);
      expect(ofOther.body.data.total).toBe(1);
      // An edit that keeps the code records the currency alone.
      const again = await written(200, 'PUT', `${CURRENCIES}/${currency.id}`, {
        ...body,
        name: 'Renamed coin',
        name_code: 'HCX',
      });
      expect(again.events.map((e) => e.subject)).toEqual(['currency']);
    });

    it('records nothing for a refused write', async () => {
      const etb = api.catalog.currencies.find((c) => c.nameCode === 'ETB')?.id ?? '';
      const body = coinBody();
      const { id } = await written(201, 'POST', CURRENCIES, body);
      await refused(400, 'POST', CURRENCIES, {});
      await refused(409, 'POST', CURRENCIES, coinBody({ name_code: 'etb' }));
      await refused(409, 'PUT', `${CURRENCIES}/${id}`, { ...body, name_code: 'USD' });
      await refused(400, 'PUT', `${CURRENCIES}/${id}`, { ...body, decimal_places: -1 });
      await refused(404, 'PUT', `${CURRENCIES}/${UNKNOWN_ID}`, coinBody());
      await refused(404, 'DELETE', `${CURRENCIES}/${UNKNOWN_ID}`);
      await refused(409, 'DELETE', `${CURRENCIES}/${etb}`);

      const mapped = api.catalog.accountMappings.find((m) => m.chargeId !== null)?.chargeId;
      if (!mapped) throw new Error('the seed maps no charge');
      await refused(400, 'POST', CHARGES, {});
      await refused(400, 'POST', CHARGES, flatCharge(UNKNOWN_ID));
      await refused(404, 'PUT', `${CHARGES}/${UNKNOWN_ID}`, flatCharge(etb));
      await refused(400, 'PUT', `${CHARGES}/${mapped}`, flatCharge(UNKNOWN_ID));
      await refused(409, 'DELETE', `${CHARGES}/${mapped}`);
      await refused(404, 'DELETE', `${CHARGES}/${UNKNOWN_ID}`);
      const [stillThere] = await api.database.db.select().from(charges).where(eq(charges.id, mapped));
      expect(stillThere).toBeDefined();
    });
  });

  describe('gateway accounts', () => {
    it('records create, edit and the status commands; nothing for an unchanged PUT or a refusal', async () => {
      const telebirr = seededMethod('TELEBIRR');
      sequence += 1;
      const body = {
        code: `GW-HIST-${sequence}`,
        payment_method_id: telebirr.id,
        account_number: '091100000777',
        routing_code: 'ETHIO-TELEBIRR',
      };
      const created = await written(201, 'POST', GATEWAY, body);
      const id = created.id;
      expect(created.events).toEqual([
        event('gateway_account', id, 'CREATE', [
          { field: 'code', from: null, to: body.code },
          { field: 'payment_method', from: null, to: telebirr.name },
          { field: 'account_number', from: null, to: '091100000777' },
          { field: 'routing_code', from: null, to: 'ETHIO-TELEBIRR' },
          { field: 'status', from: null, to: 'ACTIVE' },
        ]),
      ]);
      const changed = { ...body, account_number: '091100000778', routing_code: 'ETHIO-TB-2' };
      const edited = await written(200, 'PUT', `${GATEWAY}/${id}`, changed);
      expect(edited.events).toEqual([
        event('gateway_account', id, 'UPDATE', [
          { field: 'account_number', from: '091100000777', to: '091100000778' },
          { field: 'routing_code', from: 'ETHIO-TELEBIRR', to: 'ETHIO-TB-2' },
        ]),
      ]);
      expect((await written(200, 'PUT', `${GATEWAY}/${id}`, changed)).events).toEqual([]);
      const off = await written(200, 'POST', `${GATEWAY}/${id}?command=deactivate`, { isActive: true });
      expect(off.events).toEqual([
        event('gateway_account', id, 'DEACTIVATE', [{ field: 'status', from: 'ACTIVE', to: 'INACTIVE' }]),
      ]);
      const on = await written(200, 'POST', `${GATEWAY}/${id}?command=activate`);
      expect(on.events).toEqual([
        event('gateway_account', id, 'ACTIVATE', [{ field: 'status', from: 'INACTIVE', to: 'ACTIVE' }]),
      ]);

      await refused(409, 'POST', `${GATEWAY}/${id}?command=activate`);
      await refused(400, 'POST', `${GATEWAY}/${id}?command=deactivate`, { isActive: 'yes' });
      await refused(404, 'POST', `${GATEWAY}/${UNKNOWN_ID}?command=activate`);
      await refused(409, 'POST', GATEWAY, { ...body, account_number: '091100000779' });
      await refused(409, 'PUT', `${GATEWAY}/${id}`, { ...changed, code: 'GW-BOA-01' });
      await refused(400, 'POST', GATEWAY, { ...body, code: 'GW-HIST-X', account_number: '0911' });
      await refused(400, 'PUT', `${GATEWAY}/${id}`, { ...changed, payment_method_id: UNKNOWN_ID });
      await refused(404, 'PUT', `${GATEWAY}/${UNKNOWN_ID}`, changed);

      const read = await history(
        'gateway_account',
        id,
        '',
        await tokenWith([PERMISSIONS.viewGatewayAccount]),
      );
      expect(listed(read.body.data.contents)).toEqual(
        [on, off, edited, created].flatMap((w) => w.events).map(onWire),
      );
    });
  });

  describe('GL accounts', () => {
    it('records create and edit; nothing for an unchanged PUT or a refusal', async () => {
      const body = glBody();
      const created = await written(201, 'POST', GL, body);
      const id = created.id;
      expect(created.events).toEqual([
        event('gl_account', id, 'CREATE', [
          { field: 'name', from: null, to: body.name },
          { field: 'type', from: null, to: 'ASSET' },
          { field: 'description', from: null, to: 'Kept for the history tests' },
          { field: 'manual_journal_entries_allowed', from: null, to: true },
          { field: 'status', from: null, to: 'ACTIVE' },
        ]),
      ]);
      const changed = { ...body, description: 'Changed', manual_journal_entries_allowed: false };
      const edited = await written(200, 'PUT', `${GL}/${id}`, { ...changed, id });
      expect(edited.events).toEqual([
        event('gl_account', id, 'UPDATE', [
          { field: 'description', from: 'Kept for the history tests', to: 'Changed' },
          { field: 'manual_journal_entries_allowed', from: true, to: false },
        ]),
      ]);
      expect((await written(200, 'PUT', `${GL}/${id}`, changed)).events).toEqual([]);

      await refused(409, 'POST', GL, glBody({ name: body.name }));
      await refused(409, 'PUT', `${GL}/${id}`, { ...changed, name: 'Owner Equity' });
      await refused(400, 'PUT', `${GL}/${id}`, { ...changed, id: UNKNOWN_ID });
      await refused(400, 'POST', GL, {});
      await refused(404, 'PUT', `${GL}/${UNKNOWN_ID}`, changed);
      await refused(403, 'POST', GL, glBody(), await api.tokenFor('support'));
    });
  });

  describe('account mappings', () => {
    it('records one CREATE per created mapping, by the caller; none for a list refused for one item', async () => {
      const finance = await api.tokenFor('finance');
      const [financeUser] = await api.database.db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(eq(users.email, DEMO_USERS.finance.email));
      if (!financeUser) throw new Error('no finance user');
      expect(financeUser.name).toBe('Dawit Haile');
      const method = seededMethod('CBE');
      const charge = api.catalog.charges[0];
      if (!charge) throw new Error('no seeded charge');
      const [chargeRow] = await api.database.db
        .select({ amount: charges.amount, currency: currencies.name })
        .from(charges)
        .innerJoin(currencies, eq(currencies.id, charges.currencyId))
        .where(eq(charges.id, charge.id));
      if (!chargeRow) throw new Error('no charge row');

      api.clock.advance(1000);
      const mark = await lastEventId();
      const response = await jsonCall(api, 'POST', MAPPINGS, finance, [
        {
          financial_account_type: 'RECEIVE_CONTROL',
          gl_account_id: seededGl('Settlement Bank Accounts'),
          payment_method_id: method.id,
          charge_id: '',
        },
        {
          financial_account_type: 'INCOME_FROM_CHARGE',
          gl_account_id: seededGl('Gateway Fee Income'),
          charge_id: charge.id,
        },
      ]);
      expect(response.status).toBe(201);
      const { data } = await readEnvelope(response, v.array(withId));
      const [first, second] = data.map((m) => m.id);
      if (!first || !second) throw new Error('two mappings expected');
      const by = { by: { id: financeUser.id, name: 'Dawit Haile' } };
      expect(await eventsAfter(mark)).toEqual([
        event(
          'account_mapping',
          first,
          'CREATE',
          [
            { field: 'financial_account_type', from: null, to: 'RECEIVE_CONTROL' },
            { field: 'payment_method', from: null, to: method.name },
            { field: 'gl_account', from: null, to: 'Settlement Bank Accounts' },
          ],
          by,
        ),
        event(
          'account_mapping',
          second,
          'CREATE',
          [
            { field: 'financial_account_type', from: null, to: 'INCOME_FROM_CHARGE' },
            { field: 'gl_account', from: null, to: 'Gateway Fee Income' },
            { field: 'charge', from: null, to: `${chargeRow.amount} ${chargeRow.currency}` },
          ],
          by,
        ),
      ]);
      const read = await history('account_mapping', second, '', finance);
      expect(read.response.status).toBe(200);
      expect(read.body.data.contents).toHaveLength(1);
      expect(read.body.data.contents[0]?.by).toEqual({ id: financeUser.id, name: 'Dawit Haile' });

      const good = { financial_account_type: 'TRANSFER_SUSPENSE', gl_account_id: seededGl('Owner Equity') };
      await refused(400, 'POST', MAPPINGS, [
        good,
        { ...good, financial_account_type: 'RECEIVE_REFERENCE', gl_account_id: UNKNOWN_ID },
      ]);
      await refused(400, 'POST', MAPPINGS, [good, { ...good, payment_method_id: UNKNOWN_ID }]);
      await refused(400, 'POST', MAPPINGS, [
        good,
        { ...good, gl_account_id: seededGl('Legacy Clearing Account') },
      ]);
      await refused(400, 'POST', MAPPINGS, [good, good]);
      await refused(400, 'POST', MAPPINGS, []);
    });
  });

  describe('merchants', () => {
    it("reads a merchant's status changes as its history, newest first, by who made them", async () => {
      const id = await insertMerchant(api, { code: 'HIST-M1', status: 'ACTIVE' });
      const patch = (command: string) =>
        api.call(`/api/v1/merchants/${id}?command=${command}`, { method: 'PATCH', token: writer });
      api.clock.advance(1000);
      expect((await patch('deactivate')).status).toBe(200);
      const deactivatedAt = api.clock().toISOString();
      api.clock.advance(1000);
      expect((await patch('activate')).status).toBe(200);
      const activatedAt = api.clock().toISOString();
      // A command the status does not offer changes nothing and reads as nothing.
      expect((await patch('activate')).status).toBe(409);

      const read = await history('merchant', id);
      expect(read.response.status).toBe(200);
      expect(read.body.data.total).toBe(2);
      expect(listed(read.body.data.contents)).toEqual([
        {
          at: activatedAt,
          subject: 'merchant',
          subject_id: id,
          action: 'ACTIVATE',
          by: WRITER,
          changes: [{ field: 'status', from: 'INACTIVE', to: 'ACTIVE' }],
        },
        {
          at: deactivatedAt,
          subject: 'merchant',
          subject_id: id,
          action: 'DEACTIVATE',
          by: WRITER,
          changes: [{ field: 'status', from: 'ACTIVE', to: 'INACTIVE' }],
        },
      ]);
      const paged = await history('merchant', id, '&limit=1&page=2');
      expect(paged.body.data).toMatchObject({ total: 2, total_pages: 2 });
      expect(paged.body.data.contents.map((e) => e.action)).toEqual(['DEACTIVATE']);
      expect(
        (await history('merchant', id, '', await tokenWith([PERMISSIONS.viewPaymentMethod]))).response.status,
      ).toBe(403);
      expect(
        (await history('merchant', id, '', await tokenWith([PERMISSIONS.viewMerchant]))).response.status,
      ).toBe(200);
    });
  });

  describe('GET /change-history', () => {
    it('answers newest first, 20 to a page unless asked, with total and total_pages', async () => {
      const body = glBody();
      const created = await written(201, 'POST', GL, body);
      const writes = [created];
      for (let n = 1; n <= 21; n++)
        writes.push(
          await written(200, 'PUT', `${GL}/${created.id}`, { ...body, description: `Version ${n}` }),
        );
      const expected = writes
        .reverse()
        .flatMap((w) => w.events)
        .map(onWire);
      expect(expected).toHaveLength(22);
      expect(expected[0]?.changes).toEqual([{ field: 'description', from: 'Version 20', to: 'Version 21' }]);

      const first = await history('gl_account', created.id);
      expect(first.body.data).toMatchObject({ total: 22, total_pages: 2 });
      expect(listed(first.body.data.contents)).toEqual(expected.slice(0, 20));
      const second = await history('gl_account', created.id, '&page=2');
      expect(listed(second.body.data.contents)).toEqual(expected.slice(20));

      const seen: ChangeEvent[] = [];
      for (let page = 1; page <= 5; page++) {
        const { body: paged } = await history('gl_account', created.id, `&page=${page}&limit=5`);
        expect(paged.data).toMatchObject({ total: 22, total_pages: 5 });
        expect(paged.data.contents).toHaveLength(page < 5 ? 5 : 2);
        seen.push(...paged.data.contents);
      }
      expect(listed(seen)).toEqual(expected);
      expect(seen.map((e) => e.id)).toEqual([
        ...first.body.data.contents.map((e) => e.id),
        ...second.body.data.contents.map((e) => e.id),
      ]);
      const beyond = await history('gl_account', created.id, '&page=6&limit=5');
      expect(beyond.body.data).toEqual({ contents: [], total: 22, total_pages: 5 });
      const all = await history('gl_account', created.id, '&limit=100');
      expect(all.body.data.total_pages).toBe(1);
      expect(listed(all.body.data.contents)).toEqual(expected);

      // The id is a UUID in any case; the subject must match too.
      const upper = await history('gl_account', created.id.toUpperCase(), '&limit=1');
      expect(upper.body.data.contents).toEqual(all.body.data.contents.slice(0, 1));
      expect((await history('currency', created.id)).body.data).toEqual({
        contents: [],
        total: 0,
        total_pages: 0,
      });
      expect((await history('payment_method', UNKNOWN_ID)).body.data.total).toBe(0);
    });

    it('answers 401 without a token and 403 without the permission that reads the subject', async () => {
      const anonymous = await api.call(`${HISTORY}?subject=currency&subject_id=${UNKNOWN_ID}`);
      await expectStatus(anonymous, 401, API_ERRORS.unauthenticated);

      const needs: [string, Permission][] = [
        ['payment_method', PERMISSIONS.viewPaymentMethod],
        ['transaction_limit', PERMISSIONS.viewPaymentMethod],
        ['currency', PERMISSIONS.viewCurrency],
        ['charge', PERMISSIONS.viewCharge],
        ['gateway_account', PERMISSIONS.viewGatewayAccount],
        ['gl_account', PERMISSIONS.viewGlAccount],
        ['account_mapping', PERMISSIONS.viewAccountMapping],
        ['merchant', PERMISSIONS.viewMerchant],
      ];
      for (const [subject, permission] of needs) {
        const holder = await history(subject, UNKNOWN_ID, '', await tokenWith([permission]));
        expect(holder.response.status, subject).toBe(200);
        const others = ALL_PERMISSIONS.filter((p) => p.name !== permission.name);
        const refusedRead = await history(subject, UNKNOWN_ID, '', await tokenWith(others));
        expect(refusedRead.response.status, subject).toBe(403);
        expect(refusedRead.body.errorMessage).toBe(API_ERRORS.forbidden);
      }
      // The demo finance user reads the ledger's histories, not the catalogue's.
      const finance = await api.tokenFor('finance');
      expect((await history('gl_account', UNKNOWN_ID, '', finance)).response.status).toBe(200);
      expect((await history('payment_method', UNKNOWN_ID, '', finance)).response.status).toBe(403);
    });

    it('answers 400 naming the field for a bad subject, subject_id, page or limit', async () => {
      const message = async (query: string) => {
        const response = await api.call(`${HISTORY}?${query}`, { token: writer });
        expect(response.status, query).toBe(400);
        return (await readEnvelope(response)).errorMessage;
      };
      expect(await message(`subject=nope&subject_id=${UNKNOWN_ID}`)).toBe(
        'subject: subject must be one of payment_method, transaction_limit, currency, charge, gateway_account, gl_account, account_mapping, merchant',
      );
      expect(await message('subject=currency&subject_id=not-a-uuid')).toBe(
        'subject_id: subject_id must be a UUID',
      );
      expect(await message(`subject=currency&subject_id=${UNKNOWN_ID}&limit=101`)).toBe(
        'limit: limit must be an integer from 1 to 100',
      );
      expect(await message(`subject=currency&subject_id=${UNKNOWN_ID}&limit=0`)).toBe(
        'limit: limit must be an integer from 1 to 100',
      );
      expect(await message(`subject=currency&subject_id=${UNKNOWN_ID}&page=0`)).toBe(
        'page: page must be a positive integer',
      );
      expect(await message(`subject_id=${UNKNOWN_ID}`)).toMatch(/^subject: /);
      expect(await message('subject=currency')).toMatch(/^subject_id: /);
    });
  });

  describe('the change_events table', () => {
    it('is append-only: an UPDATE, DELETE or TRUNCATE through the database fails and changes nothing', async () => {
      await written(201, 'POST', GL, glBody());
      const db = api.database.db;
      const before = await db.select().from(changeEvents).orderBy(asc(changeEvents.id));
      expect(before.length).toBeGreaterThan(0);
      const last = before.at(-1)?.id ?? 0;
      expect(await refusal(db.execute(sql`UPDATE change_events SET actor_name = 'Mallory'`))).toBe(
        'The change history is append-only: UPDATE of change_events refused',
      );
      expect(
        await refusal(db.update(changeEvents).set({ changes: [] }).where(eq(changeEvents.id, last))),
      ).toBe('The change history is append-only: UPDATE of change_events refused');
      expect(await refusal(db.execute(sql`DELETE FROM change_events`))).toBe(
        'The change history is append-only: DELETE of change_events refused',
      );
      expect(await refusal(db.delete(changeEvents).where(eq(changeEvents.id, last)))).toBe(
        'The change history is append-only: DELETE of change_events refused',
      );
      expect(await refusal(db.execute(sql`TRUNCATE change_events`))).toBe(
        'The change history is append-only: TRUNCATE of change_events refused',
      );
      expect(await db.select().from(changeEvents).orderBy(asc(changeEvents.id))).toEqual(before);
    });
  });
});
