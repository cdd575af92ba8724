import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { loginPayloadSchema } from './auth';
import { chargePayloadSchema } from './charge';
import { PG_INTEGER_MAX, pageQuerySchema, plainText, textProblem } from './common';
import { currencyPayloadSchema } from './currency';
import { dateInput, queryDate, requiredText } from './fields';
import { glAccountPayloadSchema } from './gl-account';
import { VALIDATION } from './messages';
import { paymentMethodPayloadSchema } from './payment-method';
import { issuesOf, parseOk } from './test/helpers';
import { transactionExportQuerySchema } from './transaction';
import { transactionLimitPayloadSchema, transactionLimitUpdatePayloadSchema } from './transaction-limit';

const c = VALIDATION.common;
const NUL = '\u0000';

describe('textProblem', () => {
  it.each([
    ['plain', null],
    ['accents é, emoji 😀 and CJK 漢字', null],
    [`a${NUL}b`, 'control'],
    ['tab\there', 'control'],
    ['line\nbreak', 'control'],
    ['bell\u0007', 'control'],
    ['delete\u007f', 'control'],
    ['lone high \ud800 surrogate', 'unicode'],
    ['lone low \udc00 surrogate', 'unicode'],
    ['high at the end \ud83d', 'unicode'],
  ])('%j on one line: %s', (text, problem) => {
    expect(textProblem(text)).toBe(problem);
  });

  it('lets multi-line text keep tabs and line breaks, and nothing else', () => {
    expect(textProblem('one\r\ntwo\tthree', true)).toBeNull();
    expect(textProblem(`one\n${NUL}`, true)).toBe('control');
    expect(textProblem('\u000b', true)).toBe('control');
    expect(textProblem('\udfff', true)).toBe('unicode');
  });

  it('answers the check with a message naming the field', () => {
    const schema = v.object({ note: v.pipe(v.string(), plainText<string>('Note')) });
    expect(issuesOf(schema, { note: `x${NUL}` })).toEqual({ note: [c.controlCharacters('Note')] });
    expect(issuesOf(schema, { note: '\ud800' })).toEqual({ note: [c.invalidUnicode('Note')] });
  });
});

describe('text fields', () => {
  const name = v.object({ name: requiredText('Name is required', 'Name', 10) });

  it('trim, then refuse a blank, then a control character, then a long text', () => {
    expect(parseOk(name, { name: ' Birr\n' }).name).toBe('Birr');
    expect(issuesOf(name, { name: ' \n ' })).toEqual({ name: ['Name is required'] });
    expect(issuesOf(name, { name: NUL })).toEqual({ name: [c.controlCharacters('Name')] });
    // The API answers the first message of a field.
    expect(issuesOf(name, { name: `a${NUL}${'b'.repeat(20)}` }).name?.[0]).toBe(c.controlCharacters('Name'));
  });

  it('keep line breaks in a GL account description, not in its name', () => {
    const account = { name: 'Cash', type: 'ASSET', manual_journal_entries_allowed: true };
    expect(parseOk(glAccountPayloadSchema, { ...account, description: 'one\ntwo' }).description).toBe(
      'one\ntwo',
    );
    expect(issuesOf(glAccountPayloadSchema, { ...account, name: 'C\nash', description: `x${NUL}` })).toEqual({
      name: [c.controlCharacters('Name')],
      description: [c.controlCharacters('Description')],
    });
  });

  it('refuse NUL and control characters in search terms and references', () => {
    expect(issuesOf(pageQuerySchema, { search_term: `a${NUL}b` })).toEqual({
      search_term: ['search_term must not contain control characters'],
    });
    expect(issuesOf(transactionExportQuerySchema, { reference: 'T\ud800' })).toEqual({
      reference: ['reference must be valid Unicode text'],
    });
    expect(parseOk(pageQuerySchema, { search_term: ' Abebe ' }).search_term).toBe('Abebe');
  });

  it('refuse control characters and overlong values in the sign-in form, keeping its messages', () => {
    expect(issuesOf(loginPayloadSchema, { username: '', password: '' })).toEqual({
      username: [VALIDATION.signin.username],
      password: [VALIDATION.signin.password],
    });
    expect(
      issuesOf(loginPayloadSchema, { username: `admin${NUL}@example.com`, password: `x${NUL}` }),
    ).toEqual({
      username: [c.controlCharacters('Username')],
      password: [c.controlCharacters('Password')],
    });
    expect(
      issuesOf(loginPayloadSchema, { username: `${'a'.repeat(255)}`, password: 'x'.repeat(1025) }),
    ).toEqual({
      username: [c.tooLong('Username', 254)],
      password: [c.tooLong('Password', 1024)],
    });
  });

  it('refuse a supported currency code with control characters or longer than a name code', () => {
    const method = {
      name: 'Bank',
      type: 'BANK',
      url: 'https://bank.example',
      logo: '/logos/bank.svg',
      code: 'BNK',
      account_number_length: 13,
    };
    expect(issuesOf(paymentMethodPayloadSchema, { ...method, supported_currencies: [`E${NUL}TB`] })).toEqual({
      'supported_currencies.0': [c.controlCharacters('Supported Currency')],
    });
    expect(
      issuesOf(paymentMethodPayloadSchema, { ...method, supported_currencies: ['X'.repeat(11)] }),
    ).toEqual({
      'supported_currencies.0': [c.tooLong('Supported Currency', 10)],
    });
  });
});

describe('numbers within their column', () => {
  const method = {
    name: 'Bank',
    type: 'BANK',
    url: 'https://bank.example',
    logo: '/logos/bank.svg',
    code: 'BNK',
    supported_currencies: ['ETB'],
  };
  const tooLarge = c.numberTooLarge('Account Number Length', PG_INTEGER_MAX);

  it.each([PG_INTEGER_MAX + 1, 999999999999, 1.5e300, '9'.repeat(40), `${PG_INTEGER_MAX + 1}`])(
    'refuses account_number_length %s beyond an integer column',
    (n) => {
      expect(issuesOf(paymentMethodPayloadSchema, { ...method, account_number_length: n })).toEqual({
        account_number_length: [tooLarge],
      });
    },
  );

  it('takes account_number_length up to an integer column’s largest value', () => {
    expect(
      parseOk(paymentMethodPayloadSchema, { ...method, account_number_length: `${PG_INTEGER_MAX}` })
        .account_number_length,
    ).toBe(PG_INTEGER_MAX);
  });

  it('keeps the currency’s own message for too many decimal places, however many', () => {
    const currency = { name: 'Birr', in_multiples_of: 1, display_symbol: 'Br', name_code: 'ETB' };
    for (const n of [7, 1e12, '9'.repeat(40)])
      expect(issuesOf(currencyPayloadSchema, { ...currency, decimal_places: n })).toEqual({
        decimal_places: [VALIDATION.currency.decimalPlacesMax],
      });
  });
});

describe('fee_interval', () => {
  const charge = {
    currency_id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    name: 'Monthly fee',
    charge_time: 'MONTHLY_FEE',
    charge_calculation_method: 'FLAT',
    amount: 5,
    is_range: false,
    fee_on_date: '2026-11-21',
  };
  const interval = (fee_interval: unknown) =>
    v.safeParse(chargePayloadSchema, { ...charge, fee_interval }).output as { fee_interval: unknown };

  it.each([
    [1, 1],
    ['12', 12],
    [' 3 ', 3],
    [PG_INTEGER_MAX, PG_INTEGER_MAX],
    ['', null],
    [null, null],
  ])('takes %j as %j', (sent, kept) => {
    expect(parseOk(chargePayloadSchema, { ...charge, fee_interval: sent }).fee_interval).toBe(kept);
    expect(interval(sent).fee_interval).toBe(kept);
  });

  it.each(['1e5', '0x10', '1,000', '+5', '-1', '0', '1.5', 'NaN', 0, -3, 2.5, Number.NaN])(
    'refuses %j as no positive whole number',
    (sent) => {
      expect(issuesOf(chargePayloadSchema, { ...charge, fee_interval: sent })).toEqual({
        fee_interval: [VALIDATION.charge.feeInterval],
      });
    },
  );

  it.each([1.5e300, 1e40, '9'.repeat(40), PG_INTEGER_MAX + 1])('refuses %j as too large', (sent) => {
    expect(issuesOf(chargePayloadSchema, { ...charge, fee_interval: sent })).toEqual({
      fee_interval: [c.numberTooLarge('Fee interval', PG_INTEGER_MAX)],
    });
  });

  it('refuses a body that is no object without reading a field of it', () => {
    for (const body of [null, [], 'charge', 7])
      expect(v.safeParse(chargePayloadSchema, body).success).toBe(false);
  });
});

describe('dates', () => {
  it('refuse the year 0, which PostgreSQL does not have', () => {
    const query = v.object({ from: queryDate('from') });
    expect(issuesOf(query, { from: '0000-01-01' })).toEqual({
      from: ['from must be a date in YYYY-MM-DD form'],
    });
    expect(parseOk(query, { from: '0001-01-01' }).from).toBe('0001-01-01');
    expect(issuesOf(v.object({ d: dateInput('bad date') }), { d: '0000-12-31' })).toEqual({
      d: ['bad date'],
    });
  });
});

describe('a refused amount is not read by the checks across fields', () => {
  const limit = { interval: 'DAILY', payment_method_id: '7c9e6679-7425-40de-944b-e07fc1f90ae7' };
  const charge = {
    currency_id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    name: 'Fee',
    charge_time: 'TRANSACTION_FEE',
    charge_calculation_method: 'PERCENT',
    is_range: false,
  };
  const huge = '9'.repeat(250);

  it.each([1.5e300, huge, `${huge}.5`])(
    'a percent charge amount of %s is too large, not a thrown error',
    (amount) => {
      expect(issuesOf(chargePayloadSchema, { ...charge, amount })).toEqual({
        amount: [c.amountTooLarge('Amount')],
      });
    },
  );

  it('nor are a range’s From and To', () => {
    const ranges = [{ min_amount: 1, max_amount: 1.5e300, charge_amount: 1 }];
    expect(
      issuesOf(chargePayloadSchema, { ...charge, amount: 0, is_range: true, charge_ranges: ranges }),
    ).toEqual({
      'charge_ranges.0.max_amount': [c.amountTooLarge('To')],
    });
  });

  it.each([1.5e300, huge])('a limit amount of %s is refused, not a thrown error', (max_amount) => {
    expect(issuesOf(transactionLimitPayloadSchema, { ...limit, min_amount: 1, max_amount })).toEqual({
      max_amount: [VALIDATION.transactionLimit.maxAmountInvalid],
    });
    expect(
      issuesOf(transactionLimitUpdatePayloadSchema, { ...limit, min_amount: huge, max_amount: 5 }),
    ).toEqual({
      min_amount: [VALIDATION.transactionLimit.minAmount],
    });
  });
});
