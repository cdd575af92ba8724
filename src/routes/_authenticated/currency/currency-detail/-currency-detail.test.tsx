import { API_ERRORS, CATALOG_ERRORS, VALIDATION } from '@contract/messages';
import { PERMISSIONS, toPermissionMap } from '@contract/permissions';
import { currencyId } from '@mocks/data/currencies';
import { DEMO_USERS } from '@mocks/data/users';
import { db } from '@mocks/db';
import { API, failure } from '@mocks/http';
import { captureRequests, server } from '@mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { SUCCESS } from '@/lib/copy';
import { renderApp } from '@/test/render-app';
import { tableRows } from '@/test/table';

const ETB = `/currency/currency-detail/${currencyId(0)}`;
const EUR = `/currency/currency-detail/${currencyId(2)}`;

const chargeRows = () => tableRows('Charges');

function chargeRow(name: string): HTMLElement {
  const row = within(screen.getByRole('table', { name: 'Charges' }))
    .getAllByRole('row')
    .find((r) => within(r).queryAllByRole('cell')[0]?.textContent === name);
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

/** The JSON bodies of the console's charge writes, in order. */
function chargeBodies(method: 'POST' | 'PUT') {
  const bodies: Record<string, unknown>[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (request.method === method && new URL(request.url).pathname.includes('/charges'))
      bodies.push((await request.clone().json()) as Record<string, unknown>);
  });
  return bodies;
}

async function openAddCharge(path = EUR) {
  const view = renderApp(path);
  await screen.findByRole('heading', { name: 'Charges' });
  await view.user.click(await screen.findByRole('button', { name: 'Add Charge' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Charge' });
  return { ...view, dialog, form: within(dialog) };
}

function cellTexts(row: HTMLElement) {
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
}

type Form = ReturnType<typeof within>;
type User = ReturnType<typeof renderApp>['user'];

async function fillBasics(user: User, form: Form, method: 'Percentage' | 'Flat' = 'Flat') {
  await user.type(form.getByRole('textbox', { name: 'Charge Name' }), 'Euro transfer fee');
  await user.click(form.getByRole('combobox', { name: 'Charge Time' }));
  await user.click(await screen.findByRole('option', { name: 'Transaction Fee' }));
  await user.click(form.getByRole('radio', { name: method }));
}

function rangeInputs(form: Form, n: number) {
  const group = within(form.getByRole('group', { name: `Range ${n}` }));
  return {
    from: group.getByRole('textbox', { name: 'From' }),
    to: group.getByRole('textbox', { name: 'To' }),
    amount: group.getByRole('textbox', { name: 'Amount' }),
  };
}

/** Add Charge open with its name, time and method filled, and the POST bodies it sends from now on. */
async function startCharge(method: 'Percentage' | 'Flat' = 'Flat') {
  const bodies = chargeBodies('POST');
  const view = await openAddCharge();
  await fillBasics(view.user, view.form, method);
  return { ...view, bodies };
}

/** {@link startCharge}, switched to Ranged. */
async function startRanged(method: 'Percentage' | 'Flat' = 'Flat') {
  const view = await startCharge(method);
  await view.user.click(view.form.getByRole('radio', { name: 'Ranged' }));
  return view;
}

/** {@link startCharge} with an Amount of 7 typed under Not Ranged, then switched to Ranged. */
async function startRangedAfterAmount() {
  const view = await startCharge();
  await view.user.click(view.form.getByRole('radio', { name: 'Not Ranged' }));
  await view.user.type(view.form.getByRole('textbox', { name: 'Amount' }), '7');
  await view.user.click(view.form.getByRole('radio', { name: 'Ranged' }));
  return view;
}

/** Opens Update Charge on the ETB charge `name`, and the PUT bodies it sends from now on. */
async function openUpdateCharge(name: string) {
  const bodies = chargeBodies('PUT');
  const { user } = renderApp(ETB);
  await chargeRows();
  await user.click(screen.getByRole('button', { name: `Update ${name}` }));
  const form = within(await screen.findByRole('dialog', { name: 'Update Charge' }));
  return { user, form, bodies };
}

/** Deletes the ETB charge `name` from its row, confirming in the dialog. */
async function deleteCharge(name: string) {
  const { user } = renderApp(ETB);
  await chargeRows();
  await user.click(screen.getByRole('button', { name: `Delete ${name}` }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete charge' });
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
}

/** Types range `n`: its From (replacing the default a later range gets: the previous To + 1), To and Amount. */
async function typeRange(user: User, form: Form, n: number, from: string, to: string, amount: string) {
  const range = rangeInputs(form, n);
  if (n > 1) await user.clear(range.from);
  await user.type(range.from, from);
  await user.type(range.to, to);
  await user.type(range.amount, amount);
  return range;
}

describe('/currency/currency-detail/{id}', () => {
  it('shows the currency on the left and its charges on the right', async () => {
    const requests = captureRequests('/charges');
    renderApp(ETB);
    expect(await screen.findByRole('heading', { name: 'Ethiopian Birr' })).toBeInTheDocument();
    const fields: [string, string][] = [
      ['Name', 'Ethiopian Birr'],
      ['Symbol', 'Br'],
      ['Decimal Places', '2'],
      ['Multiple Of', '0.05'],
      ['Short Name', 'ETB'],
    ];
    for (const [label, value] of fields) {
      const term = screen.getByText(label, { selector: 'dt' });
      expect(term.nextElementSibling?.textContent).toBe(value);
    }
    const rows = await chargeRows();
    expect(rows).toHaveLength(5);
    expect(Object.fromEntries(requests[0]?.searchParams ?? [])).toEqual({
      page: '1',
      limit: '100',
      currency_id: currencyId(0),
    });
    // The charge time and the calculation by their labels (spec §9 names PERCENT Percentage); a
    // percentage has its % suffix; money is grouped with the currency's two places; a ranged charge
    // lists its ranges.
    expect(cellTexts(chargeRow('Wallet transaction fee')).slice(0, 4)).toEqual([
      'Wallet transaction fee',
      'Transaction Fee',
      'Flat',
      '5.00',
    ]);
    expect(within(chargeRow('Card processing fee')).getByText('2.5%')).toBeInTheDocument();
    expect(within(chargeRow('Card processing fee')).getByText('Percentage')).toBeInTheDocument();
    expect(within(chargeRow('Monthly account maintenance')).getByText('Monthly Fee')).toBeInTheDocument();
    expect(
      within(chargeRow('Bank transfer fee')).getByText('1,001.00 – 10,000.00: 15.00'),
    ).toBeInTheDocument();
    expect(
      within(chargeRow('Wallet transaction fee')).getByRole('button', {
        name: 'Update Wallet transaction fee',
      }),
    ).toBeInTheDocument();
    expect(
      within(chargeRow('Wallet transaction fee')).getByRole('button', {
        name: 'Delete Wallet transaction fee',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Charge' })).toBeInTheDocument();
  });

  it('shows the support user no add, update or delete', async () => {
    renderApp(ETB, { user: 'support' });
    await chargeRows();
    expect(screen.queryByRole('button', { name: 'Add Charge' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Update / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
  });

  it('gates add, update and delete each on its own charge permission', async () => {
    const base = [PERMISSIONS.viewCurrency, PERMISSIONS.viewCharge];
    const first = renderApp(ETB, { permissions: toPermissionMap([...base, PERMISSIONS.updateCharge]) });
    await chargeRows();
    expect(screen.getAllByRole('button', { name: /^Update / })).toHaveLength(5);
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Charge' })).not.toBeInTheDocument();
    first.unmount();
    renderApp(ETB, {
      permissions: toPermissionMap([...base, PERMISSIONS.createCharge, PERMISSIONS.deleteCharge]),
    });
    await chargeRows();
    expect(screen.getByRole('button', { name: 'Add Charge' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Delete / })).toHaveLength(5);
    expect(screen.queryByRole('button', { name: /^Update / })).not.toBeInTheDocument();
  });

  it('shows the currency while its charges still load, with a skeleton in their place', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get(
        `${API}/charges`,
        async () => {
          await gate;
          return failure(500, 'Internal server error');
        },
        { once: true },
      ),
    );
    const { user } = renderApp(ETB);
    expect(await screen.findByRole('heading', { name: 'Ethiopian Birr' })).toBeInTheDocument();
    // The history below has its own list states; once it has loaded, the one skeleton is the charges'.
    const history = screen.getByRole('region', { name: 'History' });
    expect(await within(history).findByText('There are no Changes')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Loading' })).toBeInTheDocument();
    release();
    expect(await screen.findByText('Failed to load resources')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await chargeRows()).toHaveLength(5);
  });

  it('shows the empty state, a failed load with Retry, and an unknown currency', async () => {
    const empty = renderApp(EUR);
    expect(await screen.findByText('There are no Charges')).toBeInTheDocument();
    empty.unmount();

    server.use(http.get(`${API}/charges`, () => failure(500, 'Internal server error'), { once: true }));
    const failed = renderApp(ETB);
    expect(await screen.findByText('Failed to load resources')).toBeInTheDocument();
    await failed.user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await chargeRows()).toHaveLength(5);
    failed.unmount();

    renderApp('/currency/currency-detail/00000000-0000-4000-8000-999999999999');
    expect(await screen.findByText('This currency does not exist or was deleted.')).toBeInTheDocument();
  });

  it('shows each §5 charge message when its rule is broken, and sends nothing', async () => {
    const bodies = chargeBodies('POST');
    const { user, form } = await openAddCharge();
    await user.click(form.getByRole('button', { name: 'Add' }));
    for (const message of [
      VALIDATION.charge.name,
      VALIDATION.charge.chargeTime,
      VALIDATION.charge.calculationMethod,
      VALIDATION.charge.rangeStatus,
      VALIDATION.charge.amount,
    ]) {
      expect(await form.findByText(message)).toBeInTheDocument();
    }
    await user.type(form.getByRole('textbox', { name: 'Amount' }), '-3');
    await user.click(form.getByRole('button', { name: 'Add' }));
    expect(await form.findByText(VALIDATION.charge.amount)).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  it('shows a % suffix on the amount for a percentage', async () => {
    const { user, form } = await openAddCharge();
    const amount = form.getByRole('textbox', { name: 'Amount' });
    expect(amount.closest('.mantine-NumberInput-root')?.textContent).not.toContain('%');
    await user.click(form.getByRole('radio', { name: 'Percentage' }));
    expect(amount.closest('.mantine-NumberInput-root')?.textContent).toContain('%');
  });

  it('ranged: From defaults to the previous To + 1, only the last range can be removed, range rules', async () => {
    const { user, form, bodies } = await startRanged();
    // Ranged: the amount is 0 and its input gives way to the ranges, starting with one.
    const first = rangeInputs(form, 1);
    expect(form.getAllByRole('textbox', { name: 'Amount' })).toEqual([first.amount]);
    await user.type(first.from, '100');
    await user.type(first.to, '100');
    await user.type(first.amount, '-1');
    await user.click(form.getByRole('button', { name: 'Add' }));
    expect(await form.findByText(VALIDATION.charge.rangeTo)).toBeInTheDocument();
    expect(form.getByText(VALIDATION.charge.rangeAmount)).toBeInTheDocument();
    await user.clear(first.from);
    await user.type(first.from, '-1');
    expect(await form.findByText(VALIDATION.charge.rangeFrom)).toBeInTheDocument();
    await user.clear(first.from);
    await user.type(first.from, '1');
    await user.clear(first.to);
    await user.type(first.to, '1000');
    await user.clear(first.amount);
    await user.type(first.amount, '5');
    await waitFor(() => expect(form.queryByText(VALIDATION.charge.rangeTo)).toBeNull());
    expect(form.queryByText(VALIDATION.charge.rangeFrom)).toBeNull();

    await user.click(form.getByRole('button', { name: 'Add Range' }));
    expect(rangeInputs(form, 2).from).toHaveValue('1001');
    expect(form.getByRole('button', { name: 'Remove range 2' })).toBeInTheDocument();
    expect(form.queryByRole('button', { name: 'Remove range 1' })).toBeNull();
    await user.type(rangeInputs(form, 2).to, '5000');
    await user.type(rangeInputs(form, 2).amount, '10');
    await user.click(form.getByRole('button', { name: 'Add Range' }));
    expect(rangeInputs(form, 3).from).toHaveValue('5001');
    expect(form.queryByRole('button', { name: 'Remove range 2' })).toBeNull();
    await user.click(form.getByRole('button', { name: 'Remove range 3' }));
    expect(form.queryByRole('group', { name: 'Range 3' })).toBeNull();
    expect(form.getByRole('button', { name: 'Remove range 2' })).toBeInTheDocument();

    await user.click(form.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(SUCCESS.chargeAdded)).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({
      currency_id: currencyId(2),
      name: 'Euro transfer fee',
      charge_type: 'GATEWAY_CHARGE',
      charge_time: 'TRANSACTION_FEE',
      charge_calculation_method: 'FLAT',
      amount: '0',
      is_range: true,
      charge_ranges: [
        { min_amount: '1', max_amount: '1000', charge_amount: '5' },
        { min_amount: '1001', max_amount: '5000', charge_amount: '10' },
      ],
      fee_on_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      fee_interval: null,
    });
    // The list refetches: the new charge shows with its ranges, no reload.
    expect(await screen.findByText('1,001.00 – 5,000.00: 10.00')).toBeInTheDocument();
    expect(chargeRow('Euro transfer fee')).toBeInTheDocument();
  });

  it('refuses overlapping ranges (each From above the previous To), as the server does', async () => {
    const { user, form, bodies } = await startRanged();
    await typeRange(user, form, 1, '1', '100', '1');
    await user.click(form.getByRole('button', { name: 'Add Range' }));
    await typeRange(user, form, 2, '50', '200', '2');
    await user.click(form.getByRole('button', { name: 'Add' }));
    expect(await form.findByText(VALIDATION.charge.rangeOrder)).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  it('refuses a hole between ranges (a From more than 1 above the previous To), as the server does', async () => {
    const { user, form, bodies } = await startRanged();
    await typeRange(user, form, 1, '0', '10', '1');
    await user.click(form.getByRole('button', { name: 'Add Range' }));
    const second = await typeRange(user, form, 2, '500', '1000', '2');
    await user.click(form.getByRole('button', { name: 'Add' }));
    expect(await form.findByText(VALIDATION.charge.rangeGap)).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    // Back to "previous To + 1": the message goes and the charge is sent.
    await user.clear(second.from);
    await user.type(second.from, '11');
    await waitFor(() => expect(form.queryByText(VALIDATION.charge.rangeGap)).toBeNull());
    await user.click(form.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(SUCCESS.chargeAdded)).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({
      charge_ranges: [
        { min_amount: '0', max_amount: '10', charge_amount: '1' },
        { min_amount: '11', max_amount: '1000', charge_amount: '2' },
      ],
    });
  });

  it('a ranged charge needs a range, and a percentage is at most 100', async () => {
    const { user, form, bodies } = await startRanged('Percentage');
    await user.click(form.getByRole('button', { name: 'Remove range 1' }));
    await user.click(form.getByRole('button', { name: 'Add' }));
    expect(await form.findByText(VALIDATION.charge.rangesRequired)).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Add Range' }));
    const range = rangeInputs(form, 1);
    await user.type(range.from, '1');
    await user.type(range.to, '100');
    await user.type(range.amount, '101');
    expect(await form.findByText(VALIDATION.charge.percentMax)).toBeInTheDocument();
    expect(form.queryByText(VALIDATION.charge.rangesRequired)).toBeNull();
    expect(bodies).toHaveLength(0);
  });

  it('Ranged sets the amount to 0 even when one was typed', async () => {
    const { user, form, bodies } = await startRangedAfterAmount();
    await typeRange(user, form, 1, '1', '10', '1');
    await user.click(form.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(SUCCESS.chargeAdded)).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ amount: '0', is_range: true });
  });

  it('back to Not Ranged, the amount typed before Ranged returns instead of the 0', async () => {
    const { user, form, bodies } = await startRangedAfterAmount();
    await user.click(form.getByRole('radio', { name: 'Not Ranged' }));
    expect(form.getByRole('textbox', { name: 'Amount' })).toHaveValue('7');
    await user.click(form.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(SUCCESS.chargeAdded)).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ amount: '7', is_range: false, charge_ranges: [] });
  });

  it('a ranged charge switched to Not Ranged asks for its amount rather than saving 0', async () => {
    const { user, form, bodies } = await openUpdateCharge('Bank transfer fee');
    await user.click(form.getByRole('radio', { name: 'Not Ranged' }));
    expect(form.getByRole('textbox', { name: 'Amount' })).toHaveValue('');
    await user.click(form.getByRole('button', { name: 'Update' }));
    expect(await form.findByText(VALIDATION.charge.amount)).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  it('Not Ranged clears the ranges on submit', async () => {
    const { user, form, bodies } = await startRanged('Percentage');
    await typeRange(user, form, 1, '1', '10', '1');
    await user.click(form.getByRole('radio', { name: 'Not Ranged' }));
    expect(form.queryByRole('group', { name: 'Range 1' })).toBeNull();
    await user.type(form.getByRole('textbox', { name: 'Amount' }), '1.5');
    await user.click(form.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(SUCCESS.chargeAdded)).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ amount: '1.5', is_range: false, charge_ranges: [] });
    expect(await screen.findByText('1.5%')).toBeInTheDocument();
  });

  it('updates a ranged charge from its current values: toast and the list updates', async () => {
    const { user, form, bodies } = await openUpdateCharge('Bank transfer fee');
    expect(form.getByRole('textbox', { name: 'Charge Name' })).toHaveValue('Bank transfer fee');
    expect(form.getByRole('radio', { name: 'Ranged' })).toBeChecked();
    expect(rangeInputs(form, 4).to).toHaveValue('1000000');
    expect(form.getByRole('button', { name: 'Remove range 4' })).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Remove range 4' }));
    await user.clear(form.getByRole('textbox', { name: 'Charge Name' }));
    await user.type(form.getByRole('textbox', { name: 'Charge Name' }), 'Bank transfer fee (tiered)');
    await user.click(form.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(SUCCESS.chargeUpdated)).toBeInTheDocument();
    expect(bodies[0]?.charge_ranges).toHaveLength(3);
    const charges = within(await screen.findByRole('table', { name: 'Charges' }));
    expect(await charges.findByText('Bank transfer fee (tiered)')).toBeInTheDocument();
    expect(charges.queryByText('100,001.00 – 1,000,000.00: 150.00')).toBeNull();
  });

  it('deletes a charge after confirmation: toast and the row leaves the list', async () => {
    await deleteCharge('Refund fee');
    expect(await screen.findByText(SUCCESS.chargeDeleted)).toBeInTheDocument();
    const charges = within(await screen.findByRole('table', { name: 'Charges' }));
    await waitFor(() => expect(charges.queryByText('Refund fee')).toBeNull());
    expect(await chargeRows()).toHaveLength(4);
    expect(db.charges.some((c) => c.name === 'Refund fee')).toBe(false);
    // Ours: the currency's history keeps the deleted charge's record, with who deleted it.
    const history = screen.getByRole('region', { name: 'History' });
    await waitFor(() => expect(history).toHaveTextContent(`Charge deleted by ${DEMO_USERS.admin.name}`));
    expect(history).toHaveTextContent('Charge Name: Refund fee');
  });

  it('a refused delete (409, an account mapping uses the charge) shows the server’s reason and keeps the row', async () => {
    await deleteCharge('Wallet transaction fee');
    expect(await screen.findByText(CATALOG_ERRORS.chargeInUse(1))).toBeInTheDocument();
    expect(screen.queryByText(SUCCESS.chargeDeleted)).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete charge' })).toBeNull());
    expect(chargeRow('Wallet transaction fee')).toBeInTheDocument();
  });

  it('toasts the server’s 403 when it refuses a write the console showed (a permission taken away)', async () => {
    server.use(http.delete(`${API}/charges/:id`, () => failure(403, API_ERRORS.forbidden), { once: true }));
    await deleteCharge('Refund fee');
    expect(await screen.findByText(API_ERRORS.forbidden)).toBeInTheDocument();
    expect(screen.queryByText(SUCCESS.chargeDeleted)).toBeNull();
    expect(chargeRow('Refund fee')).toBeInTheDocument();
  });
});
