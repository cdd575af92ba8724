import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { type RenderAppOptions, renderApp } from '@/test/render-app';
import { columnHeaders, tableRows } from '@/test/table';

/** A gateway account's fields as the spec names them: the detail's, and the list's columns between Logo and Actions. */
export const GATEWAY_ACCOUNT_FIELDS = [
  'Code',
  'Payment Method',
  'Account Number',
  'Total Balance',
  'Routing Code',
  'Status',
];

/** The spec's columns of a transactions table (the Transactions list and a merchant's Transactions tab). */
export const TRANSACTION_COLUMNS = [
  'Date',
  'Reference',
  'Customer Name',
  'Amount',
  'Type',
  'Currency',
  'Payment Method',
  'Status',
];

export interface RenderListOptions extends RenderAppOptions {
  /** The table's accessible name. */
  table: string;
  /** The page's heading, awaited (and asserted) before the table when given. */
  heading?: string;
  /** How long the table may take to show (Testing Library's default when not given). */
  timeout?: number;
}

/**
 * Opens a list screen at `path` (signed in as admin unless told): its heading shows when one is
 * named, then its table; returns the table's body rows and its column headers' texts.
 */
export async function renderList(path: string, { table, heading, timeout, ...options }: RenderListOptions) {
  const view = renderApp(path, options);
  if (heading !== undefined)
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
  const rows = await tableRows(table, timeout);
  return { ...view, rows, columns: columnHeaders(table) };
}

/**
 * Opens the list at `path` (signed in as admin), waits for its table, and opens the dialog named
 * `title` from the page's button of the same name ('Add Currency'); returns the view and the dialog.
 */
export async function openListDialog(path: string, table: string, title: string) {
  const view = renderApp(path);
  await tableRows(table);
  await view.user.click(screen.getByRole('button', { name: title }));
  const dialog = await screen.findByRole('dialog', { name: title });
  return { ...view, dialog };
}

/**
 * Opens `path` with its first load failing (the test's handler): 'Failed to load resources' shows,
 * and Retry is clicked; the test asserts what the second load shows.
 */
export async function retryAfterFailure(path: string, options?: RenderAppOptions) {
  const view = renderApp(path, options);
  expect(await screen.findByText('Failed to load resources')).toBeInTheDocument();
  await view.user.click(screen.getByRole('button', { name: 'Retry' }));
  return view;
}

/** Opens the list at `path` searching for nothing-like-this: its table shows No results found, not the empty state. */
export async function expectNoResults(path: string, table: string, empty: string) {
  renderApp(`${path}?search=nothing-like-this`);
  const found = await screen.findByRole('table', { name: table });
  expect(await within(found).findByText('No results found')).toBeInTheDocument();
  expect(screen.queryByText(empty)).not.toBeInTheDocument();
}
