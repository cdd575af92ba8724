import { FINANCIAL_ACCOUNT_TYPES, type FinancialAccountType } from '@contract/account-mapping';
import { add, compare, fractionDigits, isPositive, negate, sub, sum } from '@contract/decimal';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeFee } from './fees';
import {
  accountMovements,
  assertBalanced,
  buildJournal,
  gatewayBalanceDelta,
  InvalidLedgerEventError,
  isBalanced,
  type Journal,
  type JournalLine,
  type MappingRow,
  MissingMappingError,
  type MoneyEvent,
  planPostings,
  resolveMapping,
  reverseLines,
} from './ledger';

const CBE = 'pm-cbe';
const TELEBIRR = 'pm-telebirr';
const FEE_CHARGE = 'charge-1';

let seq = 0;
function mapping(
  type: FinancialAccountType,
  gl: string,
  over: Partial<Pick<MappingRow, 'payment_method_id' | 'charge_id' | 'created_at' | 'id'>> = {},
): MappingRow {
  seq += 1;
  return {
    id: `m-${String(seq).padStart(4, '0')}`,
    financial_account_type: type,
    payment_method_id: null,
    gl_account_id: gl,
    charge_id: null,
    created_at: '2026-01-01T00:00:00Z',
    ...over,
  };
}

/** One generic mapping per type, plus a CBE control account and an income account for one charge. */
const MAPPINGS: MappingRow[] = [
  mapping('RECEIVE_CONTROL', 'gl-control'),
  mapping('RECEIVE_REFERENCE', 'gl-reference'),
  mapping('INCOME_FROM_CHARGE', 'gl-income'),
  mapping('TRANSFER_SUSPENSE', 'gl-suspense'),
  mapping('LIABILITY_TRANSFER', 'gl-payable'),
  mapping('RECEIVE_CONTROL', 'gl-control-cbe', { payment_method_id: CBE }),
  mapping('INCOME_FROM_CHARGE', 'gl-income-charge-1', { charge_id: FEE_CHARGE }),
];

const simple = (lines: JournalLine[]) =>
  lines.map((l) => `${l.entry_type} ${l.financial_account_type} ${l.gl_account_id} ${l.amount}`);

describe('postings per event', () => {
  it('payment received: control takes the amount, the merchant payable the net, income the fee', () => {
    const journal = buildJournal(
      {
        type: 'PAYMENT_RECEIVED',
        amount: '1000.00',
        fee: '25.000000',
        payment_method_id: CBE,
        charge_id: FEE_CHARGE,
        reference: 'TX-1',
      },
      MAPPINGS,
    );
    expect(journal.event_type).toBe('PAYMENT_RECEIVED');
    expect(journal.description).toBe('Payment TX-1 received: 1000, fee 25, 975 payable to the merchant');
    expect(simple(journal.lines)).toEqual([
      'DEBIT RECEIVE_CONTROL gl-control-cbe 1000',
      'CREDIT LIABILITY_TRANSFER gl-payable 975',
      'CREDIT INCOME_FROM_CHARGE gl-income-charge-1 25',
    ]);
  });

  it('omits zero lines: no fee (and then no income mapping is needed), or a fee of the whole amount', () => {
    const withoutIncome = MAPPINGS.filter((m) => m.financial_account_type !== 'INCOME_FROM_CHARGE');
    const noFee = buildJournal(
      { type: 'PAYMENT_RECEIVED', amount: '10', fee: '0', payment_method_id: TELEBIRR, charge_id: null },
      withoutIncome,
    );
    expect(simple(noFee.lines)).toEqual([
      'DEBIT RECEIVE_CONTROL gl-control 10',
      'CREDIT LIABILITY_TRANSFER gl-payable 10',
    ]);
    const allFee = buildJournal(
      { type: 'PAYMENT_RECEIVED', amount: '0.05', fee: '0.05', payment_method_id: null, charge_id: null },
      MAPPINGS,
    );
    expect(simple(allFee.lines)).toEqual([
      'DEBIT RECEIVE_CONTROL gl-control 0.05',
      'CREDIT INCOME_FROM_CHARGE gl-income 0.05',
    ]);
  });

  it('payout requested, approved, rejected', () => {
    const base = { amount: '300.5', payment_method_id: CBE, reference: 'PO-9' };
    const request = buildJournal({ ...base, type: 'PAYOUT_REQUESTED' }, MAPPINGS);
    expect(simple(request.lines)).toEqual([
      'DEBIT LIABILITY_TRANSFER gl-payable 300.5',
      'CREDIT TRANSFER_SUSPENSE gl-suspense 300.5',
    ]);
    expect(request.description).toBe('Payout PO-9 requested: 300.5 held in transfer suspense');
    const approval = buildJournal({ ...base, type: 'PAYOUT_APPROVED' }, MAPPINGS);
    expect(simple(approval.lines)).toEqual([
      'DEBIT TRANSFER_SUSPENSE gl-suspense 300.5',
      'CREDIT RECEIVE_CONTROL gl-control-cbe 300.5',
    ]);
    const rejection = buildJournal({ ...base, type: 'PAYOUT_REJECTED' }, MAPPINGS);
    expect(rejection.lines).toEqual(reverseLines(request.lines));
    expect(rejection.description).toBe('Payout PO-9 rejected: 300.5 returned to the merchant payable');
    // An internal payout (no payment method) uses the generic control account.
    const internal = buildJournal({ ...base, payment_method_id: null, type: 'PAYOUT_APPROVED' }, MAPPINGS);
    expect(internal.lines[1]?.gl_account_id).toBe('gl-control');
  });

  it('clears the suspense the request used, even after the mappings changed', () => {
    const base = { amount: '80', payment_method_id: CBE };
    const request = buildJournal({ ...base, type: 'PAYOUT_REQUESTED' }, MAPPINGS);
    const stored = request.lines.map(({ gl_account_id, entry_type }) => ({
      gl_account_id,
      entry_type,
      amount: '80.000000',
    }));
    const changed = [
      ...MAPPINGS,
      mapping('TRANSFER_SUSPENSE', 'gl-suspense-new', { created_at: '2026-05-01T00:00:00Z' }),
      mapping('LIABILITY_TRANSFER', 'gl-payable-new', { created_at: '2026-05-01T00:00:00Z' }),
    ];
    const rejected = buildJournal({ ...base, type: 'PAYOUT_REJECTED', request_lines: stored }, changed);
    expect(simple(rejected.lines)).toEqual([
      'DEBIT TRANSFER_SUSPENSE gl-suspense 80',
      'CREDIT LIABILITY_TRANSFER gl-payable 80',
    ]);
    const approved = buildJournal({ ...base, type: 'PAYOUT_APPROVED', request_lines: stored }, changed);
    expect(simple(approved.lines)).toEqual([
      'DEBIT TRANSFER_SUSPENSE gl-suspense 80',
      'CREDIT RECEIVE_CONTROL gl-control-cbe 80',
    ]);
    // Without the request's lines, the new mapping is looked up.
    expect(buildJournal({ ...base, type: 'PAYOUT_REJECTED' }, changed).lines[0]?.gl_account_id).toBe(
      'gl-suspense-new',
    );
    expect(() =>
      buildJournal({ ...base, amount: '81', type: 'PAYOUT_REJECTED', request_lines: stored }, changed),
    ).toThrow(InvalidLedgerEventError);
    expect(() =>
      buildJournal({ ...base, type: 'PAYOUT_APPROVED', request_lines: stored.slice(0, 1) }, changed),
    ).toThrow('the request lines are not a payout request of 80');
  });

  it('gateway balance follows the money at the gateway', () => {
    const base = { amount: '12.34', payment_method_id: CBE };
    expect(gatewayBalanceDelta({ ...base, type: 'PAYMENT_RECEIVED', fee: '1', charge_id: null })).toBe(
      '12.34',
    );
    expect(gatewayBalanceDelta({ ...base, type: 'PAYOUT_REQUESTED' })).toBe('0');
    expect(gatewayBalanceDelta({ ...base, type: 'PAYOUT_APPROVED' })).toBe('-12.34');
    expect(gatewayBalanceDelta({ ...base, type: 'PAYOUT_REJECTED' })).toBe('0');
  });

  it('refuses events that cannot be posted', () => {
    const pay = (amount: string, fee: string): MoneyEvent => ({
      type: 'PAYMENT_RECEIVED',
      amount,
      fee,
      payment_method_id: null,
      charge_id: null,
    });
    expect(() => buildJournal(pay('0', '0'), MAPPINGS)).toThrow('amount "0" must be positive');
    expect(() => buildJournal(pay('-5', '0'), MAPPINGS)).toThrow('amount "-5" must be positive');
    expect(() => buildJournal(pay('1.0000001', '0'), MAPPINGS)).toThrow('does not fit numeric(24,6)');
    expect(() => buildJournal(pay('1000000000000000000', '0'), MAPPINGS)).toThrow('does not fit');
    expect(() => buildJournal(pay('5', '6'), MAPPINGS)).toThrow('fee 6 is more than the amount 5');
    expect(() => buildJournal(pay('5', '-1'), MAPPINGS)).toThrow('fee "-1" must be zero or more');
    expect(() => buildJournal(pay('abc', '0'), MAPPINGS)).toThrow(InvalidLedgerEventError);
    expect(() => gatewayBalanceDelta(pay('0', '0'))).toThrow(InvalidLedgerEventError);
  });

  it('balance checks: two lines at least, positive amounts, debits equal credits', () => {
    const line = (entry_type: 'DEBIT' | 'CREDIT', amount: string) => ({
      gl_account_id: 'g',
      entry_type,
      amount,
    });
    expect(isBalanced([line('DEBIT', '1'), line('CREDIT', '1.000')])).toBe(true);
    expect(isBalanced([line('DEBIT', '1'), line('CREDIT', '0.99')])).toBe(false);
    expect(isBalanced([line('DEBIT', '0'), line('CREDIT', '0')])).toBe(false);
    expect(isBalanced([line('DEBIT', '-1'), line('DEBIT', '1')])).toBe(false);
    expect(isBalanced([])).toBe(false);
    expect(() => assertBalanced([line('DEBIT', '2'), line('CREDIT', '1')])).toThrow(
      'journal does not balance: debits 2, credits 1',
    );
  });
});

describe('missing mappings', () => {
  it('throws a typed error naming the type and payment method; nothing is returned', () => {
    const noSuspense = MAPPINGS.filter((m) => m.financial_account_type !== 'TRANSFER_SUSPENSE');
    let caught: unknown;
    try {
      buildJournal({ type: 'PAYOUT_REQUESTED', amount: '5', payment_method_id: CBE }, noSuspense);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(MissingMappingError);
    expect(caught).toMatchObject({
      financial_account_type: 'TRANSFER_SUSPENSE',
      payment_method_id: CBE,
      event_type: 'PAYOUT_REQUESTED',
      message: `No account mapping for TRANSFER_SUSPENSE (payment method ${CBE}): PAYOUT_REQUESTED cannot be posted`,
    });
  });

  it('a mapping narrowed to another payment method or charge does not serve', () => {
    const narrow = [
      mapping('RECEIVE_CONTROL', 'gl-a', { payment_method_id: CBE }),
      mapping('LIABILITY_TRANSFER', 'gl-b'),
      mapping('INCOME_FROM_CHARGE', 'gl-c', { charge_id: 'other-charge' }),
    ];
    const event: MoneyEvent = {
      type: 'PAYMENT_RECEIVED',
      amount: '10',
      fee: '1',
      payment_method_id: TELEBIRR,
      charge_id: FEE_CHARGE,
    };
    expect(() => buildJournal(event, narrow)).toThrow(
      'No account mapping for RECEIVE_CONTROL (payment method pm-telebirr, charge charge-1)',
    );
    expect(() => buildJournal({ ...event, payment_method_id: CBE }, narrow)).toThrow(
      'No account mapping for INCOME_FROM_CHARGE',
    );
  });
});

describe('resolveMapping: most specific, then newest, then id', () => {
  const ctx = { payment_method_id: CBE, charge_id: FEE_CHARGE };
  const generic = mapping('INCOME_FROM_CHARGE', 'generic', { created_at: '2026-09-01T00:00:00Z' });
  const byCharge = mapping('INCOME_FROM_CHARGE', 'by-charge', { charge_id: FEE_CHARGE });
  const byMethod = mapping('INCOME_FROM_CHARGE', 'by-method', { payment_method_id: CBE });
  const both = mapping('INCOME_FROM_CHARGE', 'both', { payment_method_id: CBE, charge_id: FEE_CHARGE });
  const bothOlder = mapping('INCOME_FROM_CHARGE', 'both-older', {
    payment_method_id: CBE,
    charge_id: FEE_CHARGE,
    created_at: '2025-01-01T00:00:00Z',
  });
  const otherType = mapping('RECEIVE_CONTROL', 'control', { payment_method_id: CBE, charge_id: FEE_CHARGE });

  it('orders payment method and charge > payment method > charge > generic, whatever the input order', () => {
    const all = [generic, byCharge, byMethod, both, bothOlder, otherType];
    fc.assert(
      fc.property(fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length }), (rows) => {
        const pick = (drop: MappingRow[]) =>
          resolveMapping(
            rows.filter((r) => !drop.includes(r)),
            'INCOME_FROM_CHARGE',
            ctx,
          )?.gl_account_id;
        expect(pick([])).toBe('both');
        expect(pick([both])).toBe('both-older');
        expect(pick([both, bothOlder])).toBe('by-method');
        expect(pick([both, bothOlder, byMethod])).toBe('by-charge');
        expect(pick([both, bothOlder, byMethod, byCharge])).toBe('generic');
        expect(pick([both, bothOlder, byMethod, byCharge, generic])).toBeUndefined();
      }),
      { numRuns: 50 },
    );
  });

  it('same specificity and time: the greater id wins; Date and string times compare alike', () => {
    const a = mapping('RECEIVE_CONTROL', 'a', { id: 'id-a', created_at: new Date('2026-01-01T00:00:00Z') });
    const b = mapping('RECEIVE_CONTROL', 'b', { id: 'id-b', created_at: '2026-01-01T00:00:00.000Z' });
    expect(resolveMapping([a, b], 'RECEIVE_CONTROL', { payment_method_id: null })?.gl_account_id).toBe('b');
    expect(resolveMapping([b, a], 'RECEIVE_CONTROL', { payment_method_id: null })?.gl_account_id).toBe('b');
  });
});

// ---------------------------------------------------------------------------------------------
// Random sequences of money events

type Command =
  | { kind: 'collect'; amount: string; pct: string; pm: string | null; gw: number; charged: boolean }
  | { kind: 'request'; share: number; pm: string | null; gw: number }
  | { kind: 'approve'; pick: number }
  | { kind: 'reject'; pick: number }
  | { kind: 'remap'; type: FinancialAccountType; gl: string; pm: string | null };

const PMS = [CBE, TELEBIRR, null] as const;
/**
 * The platform's gateway accounts per payment method (a transaction names one of its method's):
 * two at CBE, so postings of one method must still be told apart by account.
 */
const GATEWAYS_OF = new Map<string | null, readonly string[]>([
  [CBE, ['gw-cbe-1', 'gw-cbe-2']],
  [TELEBIRR, ['gw-telebirr']],
  [null, ['gw-internal']],
]);
function gatewayOf(pm: string | null, pick: number): string {
  const gateways = GATEWAYS_OF.get(pm) ?? [];
  const gateway = gateways[pick % gateways.length];
  if (gateway === undefined) throw new Error(`no gateway account for ${pm}`);
  return gateway;
}
const GLS = ['gl-1', 'gl-2', 'gl-3', 'gl-4', 'gl-5', 'gl-6'] as const;

const moneyArb = fc
  .tuple(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.integer({ min: 0, max: 2 }))
  .map(([units, scale]) => {
    const digits = units.toString().padStart(scale + 1, '0');
    return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  });

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('collect' as const),
      amount: moneyArb,
      pct: fc.constantFrom('0', '0.5', '1.5', '2', '3.75', '10', '100'),
      pm: fc.constantFrom(...PMS),
      gw: fc.nat(),
      charged: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('request' as const),
      share: fc.integer({ min: 1, max: 100 }),
      pm: fc.constantFrom(...PMS),
      gw: fc.nat(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('approve' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reject' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('remap' as const),
      type: fc.constantFrom<FinancialAccountType>(
        'TRANSFER_SUSPENSE',
        'LIABILITY_TRANSFER',
        'RECEIVE_CONTROL',
      ),
      gl: fc.constantFrom(...GLS),
      pm: fc.constantFrom(...PMS),
    }),
  },
);

/** Extra, narrower mappings on top of one generic mapping per type. */
const mappingsArb = fc
  .array(
    fc.record({
      type: fc.constantFrom(...FINANCIAL_ACCOUNT_TYPES),
      pm: fc.constantFrom(...PMS),
      charge: fc.constantFrom(FEE_CHARGE, null),
      gl: fc.constantFrom(...GLS),
      day: fc.integer({ min: 1, max: 28 }),
    }),
    { maxLength: 8 },
  )
  .map((extra) => [
    ...FINANCIAL_ACCOUNT_TYPES.map((t) => mapping(t, `gl-${t.toLowerCase()}`)),
    ...extra.map((e) =>
      mapping(e.type, e.gl, {
        payment_method_id: e.pm,
        charge_id: e.charge,
        created_at: `2026-02-${String(e.day).padStart(2, '0')}T00:00:00Z`,
      }),
    ),
  ]);

interface Pending {
  amount: string;
  pm: string | null;
  gateway: string;
  lines: JournalLine[];
}

/**
 * The caller's side, in memory: posts a journal and the change of the transaction's gateway account
 * together, or neither. `posted` keeps which gateway account each journal's transaction names (the
 * database's journals.transaction_id -> transactions.gateway_account_id).
 */
class Books {
  readonly journals: Journal[] = [];
  readonly posted: { gateway: string; journal: Journal }[] = [];
  readonly running = new Map<string, string>();
  /** total_balance per gateway account. */
  readonly gateway = new Map<string, string>();

  post(event: MoneyEvent, mappings: readonly MappingRow[], gateway: string): Journal {
    const journal = buildJournal(event, mappings);
    const delta = gatewayBalanceDelta(event);
    this.journals.push(journal);
    this.posted.push({ gateway, journal });
    for (const [gl, movement] of accountMovements(journal.lines)) {
      this.running.set(gl, add(this.running.get(gl) ?? '0', movement));
    }
    this.gateway.set(gateway, add(this.gateway.get(gateway) ?? '0', delta));
    return journal;
  }
}

const linesOf = (journals: readonly Journal[], type?: FinancialAccountType) =>
  journals.flatMap((j) => j.lines).filter((l) => type === undefined || l.financial_account_type === type);
const creditMinusDebit = (lines: readonly JournalLine[]) =>
  sum(lines.map((l) => (l.entry_type === 'CREDIT' ? l.amount : negate(l.amount))));

describe('ledger properties over random event sequences', () => {
  it('every journal balances; running totals, type totals and gateway balances add up', () => {
    fc.assert(
      fc.property(
        mappingsArb,
        fc.array(commandArb, { minLength: 5, maxLength: 60, size: 'medium' }),
        (initial, commands) => {
          const mappings = [...initial];
          const books = new Books();
          const pending: Pending[] = [];
          let received = '0';
          /** Per gateway account: collected into it less paid out of it, kept apart from the books. */
          const receivedBy = new Map<string, string>();
          const moveReceived = (gateway: string, amount: string) =>
            receivedBy.set(gateway, add(receivedBy.get(gateway) ?? '0', amount));
          let fees = '0';
          let available = '0';
          let remaps = 0;

          for (const cmd of commands) {
            if (cmd.kind === 'collect') {
              const charge = {
                id: FEE_CHARGE,
                charge_time: 'TRANSACTION_FEE' as const,
                charge_calculation_method: 'PERCENT' as const,
                amount: cmd.pct,
                is_range: false,
                charge_ranges: [],
                fee_on_date: null,
              };
              const { fee, charge_id } = computeFee({
                amount: cmd.amount,
                currency: { decimal_places: 2, in_multiples_of: '0.05' },
                charges: cmd.charged ? [charge] : [],
              });
              const gateway = gatewayOf(cmd.pm, cmd.gw);
              const journal = books.post(
                { type: 'PAYMENT_RECEIVED', amount: cmd.amount, fee, payment_method_id: cmd.pm, charge_id },
                mappings,
                gateway,
              );
              expect(journal.lines.length).toBe(isPositive(fee) && compare(fee, cmd.amount) < 0 ? 3 : 2);
              received = add(received, cmd.amount);
              moveReceived(gateway, cmd.amount);
              fees = add(fees, fee);
              available = add(available, sub(cmd.amount, fee));
            } else if (cmd.kind === 'request') {
              // A merchant withdraws a share of what it has (rounded down to the cent).
              const [int = '0', frac = ''] = available.split('.');
              const availableCents = BigInt(int + frac.padEnd(2, '0').slice(0, 2));
              const wanted = (availableCents * BigInt(cmd.share)) / 100n;
              if (wanted === 0n) continue;
              const amount = sub(`${wanted / 100n}.${String(wanted % 100n).padStart(2, '0')}`, '0');
              const gateway = gatewayOf(cmd.pm, cmd.gw);
              const journal = books.post(
                { type: 'PAYOUT_REQUESTED', amount, payment_method_id: cmd.pm },
                mappings,
                gateway,
              );
              pending.push({ amount, pm: cmd.pm, gateway, lines: journal.lines });
              available = sub(available, amount);
            } else if (cmd.kind === 'approve' || cmd.kind === 'reject') {
              if (pending.length === 0) continue;
              const [req] = pending.splice(cmd.pick % pending.length, 1);
              if (!req) continue;
              const journal = books.post(
                {
                  type: cmd.kind === 'approve' ? 'PAYOUT_APPROVED' : 'PAYOUT_REJECTED',
                  amount: req.amount,
                  payment_method_id: req.pm,
                  request_lines: req.lines,
                },
                mappings,
                // A decision moves the gateway account the request's transaction names.
                req.gateway,
              );
              if (cmd.kind === 'reject') {
                expect(journal.lines).toEqual(reverseLines(req.lines));
                available = add(available, req.amount);
              } else {
                received = sub(received, req.amount);
                moveReceived(req.gateway, negate(req.amount));
              }
            } else {
              // Staff add a newer mapping: later events follow it, pending requests do not.
              remaps += 1;
              const created_at = new Date(Date.UTC(2027, 0, 1, 0, 0, remaps)).toISOString();
              mappings.push(mapping(cmd.type, cmd.gl, { payment_method_id: cmd.pm, created_at }));
            }
          }

          // Each journal: balanced, positive amounts with at most 6 decimals, two lines at least.
          for (const j of books.journals) {
            expect(isBalanced(j.lines)).toBe(true);
            expect(j.lines.every((l) => fractionDigits(l.amount) <= 6)).toBe(true);
          }
          // Running totals per GL account equal the sum of their postings; the trial balance is zero.
          const recomputed = accountMovements(linesOf(books.journals));
          for (const [gl, total] of recomputed) expect(compare(books.running.get(gl) ?? '0', total)).toBe(0);
          expect(books.running.size).toBe(recomputed.size);
          expect(sum([...recomputed.values()])).toBe('0');
          // Per financial account type, the books say what happened.
          expect(negate(creditMinusDebit(linesOf(books.journals, 'RECEIVE_CONTROL')))).toBe(received);
          expect(creditMinusDebit(linesOf(books.journals, 'INCOME_FROM_CHARGE'))).toBe(fees);
          expect(creditMinusDebit(linesOf(books.journals, 'LIABILITY_TRANSFER'))).toBe(available);
          expect(creditMinusDebit(linesOf(books.journals, 'TRANSFER_SUSPENSE'))).toBe(
            sum(pending.map((p) => p.amount)),
          );
          expect(linesOf(books.journals, 'RECEIVE_REFERENCE')).toEqual([]);
          // Suspense per GL account: exactly the requests still pending that were parked there.
          const suspenseByGl = accountMovements(linesOf(books.journals, 'TRANSFER_SUSPENSE'));
          for (const [gl, movement] of suspenseByGl) {
            const parked = pending.filter((p) =>
              p.lines.some((l) => l.entry_type === 'CREDIT' && l.gl_account_id === gl),
            );
            expect(negate(movement)).toBe(sum(parked.map((p) => p.amount)));
          }
          // Each gateway account: its balance is its own postings, the RECEIVE_CONTROL debits less
          // credits of the journals of its transactions (docs/ledger.md), and the money it took in
          // less the money paid out of it. A sum over the accounts would hide one account's loss
          // in another's gain.
          const gateways = new Set([...books.gateway.keys(), ...books.posted.map((p) => p.gateway)]);
          for (const gateway of gateways) {
            const own = books.posted
              .filter((p) => p.gateway === gateway)
              .flatMap((p) => p.journal.lines)
              .filter((l) => l.financial_account_type === 'RECEIVE_CONTROL');
            const balance = books.gateway.get(gateway) ?? '0';
            expect({ gateway, balance }).toEqual({ gateway, balance: negate(creditMinusDebit(own)) });
            expect({ gateway, balance }).toEqual({ gateway, balance: receivedBy.get(gateway) ?? '0' });
          }
          expect([...receivedBy.keys()].every((g) => gateways.has(g))).toBe(true);
          // And over all of them: the money received less the money paid out.
          expect(sum([...books.gateway.values()])).toBe(received);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('the gateway delta of every event equals its RECEIVE_CONTROL movement', () => {
    const eventArb: fc.Arbitrary<MoneyEvent> = fc.oneof(
      fc
        .tuple(moneyArb, fc.integer({ min: 0, max: 1 }), fc.constantFrom(...PMS))
        .map(([amount, share, pm]) => ({
          type: 'PAYMENT_RECEIVED' as const,
          amount,
          // The smallest amount is 0.01, so a one-cent fee always fits.
          fee: share === 0 ? '0' : '0.01',
          payment_method_id: pm,
          charge_id: null,
        })),
      fc
        .tuple(
          fc.constantFrom(
            'PAYOUT_REQUESTED' as const,
            'PAYOUT_APPROVED' as const,
            'PAYOUT_REJECTED' as const,
          ),
          moneyArb,
          fc.constantFrom(...PMS),
        )
        .map(([type, amount, pm]) => ({ type, amount, payment_method_id: pm })),
    );
    fc.assert(
      fc.property(eventArb, (event) => {
        const control = buildJournal(event, MAPPINGS).lines.filter(
          (l) => l.financial_account_type === 'RECEIVE_CONTROL',
        );
        expect(gatewayBalanceDelta(event)).toBe(negate(creditMinusDebit(control)));
      }),
      { numRuns: 200 },
    );
  });

  it('a missing mapping throws MissingMappingError for that type and the books stay untouched', () => {
    const eventArb: fc.Arbitrary<MoneyEvent> = fc
      .tuple(
        fc.constantFrom(
          'PAYMENT_RECEIVED' as const,
          'PAYOUT_REQUESTED' as const,
          'PAYOUT_APPROVED' as const,
          'PAYOUT_REJECTED' as const,
        ),
        moneyArb,
        fc.constantFrom(...PMS),
      )
      .map(
        ([type, amount, pm]): MoneyEvent =>
          type === 'PAYMENT_RECEIVED'
            ? { type, amount, fee: '0.01', payment_method_id: pm, charge_id: FEE_CHARGE }
            : { type, amount, payment_method_id: pm },
      );
    fc.assert(
      fc.property(eventArb, fc.nat(), (event, pick) => {
        const needed = [...new Set(planPostings(event).map((p) => p.financial_account_type))];
        const missing = needed[pick % needed.length] as FinancialAccountType;
        const books = new Books();
        let error: unknown;
        try {
          books.post(
            event,
            MAPPINGS.filter((m) => m.financial_account_type !== missing),
            gatewayOf(event.payment_method_id, 0),
          );
        } catch (e) {
          error = e;
        }
        expect(error).toBeInstanceOf(MissingMappingError);
        expect((error as MissingMappingError).financial_account_type).toBe(missing);
        expect(books.journals).toEqual([]);
        expect(books.running.size).toBe(0);
        expect(books.gateway.size).toBe(0);
      }),
      { numRuns: 200 },
    );
  });
});
