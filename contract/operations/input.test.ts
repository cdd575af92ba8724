import { describe, expect, it } from 'vitest';
import { API_ERRORS, VALIDATION } from '../messages';
import { accountMappingOperations } from './account-mappings';
import { authOperations } from './auth';
import { chargeOperations } from './charges';
import type { Operation } from './define';
import { fileOperations } from './files';
import { gatewayAccountOperations } from './gateway-accounts';
import { checkInput } from './input';
import { transactionOperations } from './transactions';

function check(
  operation: Operation,
  {
    params = {},
    query = {},
    body,
    contentType = 'application/json',
  }: { params?: Record<string, string>; query?: Record<string, string>; body?: string; contentType?: string },
) {
  return checkInput(operation, { params, query, contentType, text: () => Promise.resolve(body ?? '') });
}

const refused = (message: string) => ({ refusal: { status: 400, message } });

describe('checkInput', () => {
  it.each(['null', '[]', '[{"name":"x"}]', '"charge"', '7', 'true'])(
    'refuses %s where an object is declared, with one message',
    async (body) => {
      expect(await check(chargeOperations.create, { body })).toEqual(refused(API_ERRORS.bodyObject));
    },
  );

  it.each(['null', '{}', '"mapping"', '3'])(
    'answers %s where a list is declared with the list’s own message',
    async (body) => {
      expect(await check(accountMappingOperations.create, { body })).toEqual(
        refused(VALIDATION.accountMapping.atLeastOne),
      );
    },
  );

  it('lets an optional command body be null or absent, and refuses an array there', async () => {
    const command = gatewayAccountOperations.command;
    const request = {
      params: { id: '7c9e6679-7425-40de-944b-e07fc1f90ae7' },
      query: { command: 'activate' },
    };
    expect(await check(command, { ...request, body: 'null' })).toMatchObject({ value: { body: null } });
    expect(await check(command, { ...request, body: '' })).toMatchObject({ value: { body: undefined } });
    expect(await check(command, { ...request, body: '[]' })).toEqual(refused(API_ERRORS.bodyObject));
  });

  it.each([
    ['a%00b.svg', 'control'],
    ['a\u0000b.svg', 'control'],
    ['a%0Ab.svg', 'control'],
    ['a%7Fb.svg', 'control'],
    ['a\ud800.svg', 'unicode'],
  ])('refuses the file path %j', async (path, problem) => {
    const message =
      problem === 'control'
        ? VALIDATION.common.controlCharacters('path')
        : VALIDATION.common.invalidUnicode('path');
    expect(await check(fileOperations.logo, { params: { path } })).toEqual(refused(`path: ${message}`));
  });

  it('takes a file path with spaces, dots and non-ASCII letters as sent', async () => {
    expect(await check(fileOperations.logo, { params: { path: 'M%20001/caf%C3%A9.svg' } })).toMatchObject({
      value: { params: { path: 'M%20001/caf%C3%A9.svg' } },
    });
  });

  it('refuses a NUL in the sign-in form', async () => {
    expect(
      await check(authOperations.login, {
        body: 'username=admin%00%40example.com&password=x',
        contentType: 'application/x-www-form-urlencoded',
      }),
    ).toEqual(refused(`username: ${VALIDATION.common.controlCharacters('Username')}`));
  });

  describe('a query remembered by its query string (queryKey)', () => {
    const list = transactionOperations.list;
    const withKey = (query: Record<string, string>, queryKey: string) =>
      checkInput(list, {
        params: {},
        query,
        queryKey,
        contentType: undefined,
        text: () => Promise.resolve(''),
      });

    it('answers the same value as without the key, frozen through and through', async () => {
      const query = { status: 'success,failed', page: '2', limit: '20' };
      const plain = await check(list, { query });
      const first = await withKey(query, 'status=success,failed&page=2&limit=20');
      const again = await withKey(query, 'status=success,failed&page=2&limit=20');
      expect(first).toEqual(plain);
      expect(again).toEqual(plain);
      if (!('value' in again)) throw new Error('refused');
      const value = again.value.query as { status: unknown; page: number };
      expect(Object.isFrozen(value)).toBe(true);
      expect(Array.isArray(value.status) && Object.isFrozen(value.status)).toBe(true);
      // A handler that changed its input would throw, not change the next request's.
      expect(() => {
        value.page = 3;
      }).toThrow(TypeError);
    });

    it('refuses a bad query again from memory, with the same message', async () => {
      const query = { from: '2026-11-20', to: '2026-11-01' };
      const plain = await check(list, { query });
      expect(plain).toEqual(refused(API_ERRORS.dateRange));
      expect(await withKey(query, 'from=2026-11-20&to=2026-11-01')).toEqual(plain);
      expect(await withKey(query, 'from=2026-11-20&to=2026-11-01')).toEqual(plain);
    });

    it('checks a long query string every time instead of remembering it', async () => {
      const pad = 'x'.repeat(600);
      const answer = await withKey({ page: '2', pad }, `page=2&pad=${pad}`);
      if (!('value' in answer)) throw new Error('refused');
      expect(Object.isFrozen(answer.value.query)).toBe(false);
    });

    it('keeps answers of different query strings apart', async () => {
      const first = await withKey({ page: '1' }, 'page=1');
      const second = await withKey({ page: '4' }, 'page=4');
      expect(first).toMatchObject({ value: { query: { page: 1 } } });
      expect(second).toMatchObject({ value: { query: { page: 4 } } });
    });
  });
});
