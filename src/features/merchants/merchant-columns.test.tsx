import { buildMerchant } from '@mocks/data/merchants';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable } from '@/components/data-table';
import { MERCHANT_FILTER_STATUS } from '@/queries/merchants';
import { renderUi } from '@/test/render-ui';
import { merchantColumns } from './merchant-columns';
import { MERCHANT_FILTER_OPTIONS } from './merchant-filters';

describe('merchantColumns', () => {
  it('numbers rows from the page offset and names a merchant without business detail by its legal name', () => {
    const withSite = buildMerchant(1); // www.… without a scheme
    const noDetail = buildMerchant(33);
    renderUi(<DataTable columns={merchantColumns(20)} data={[withSite, noDetail]} label="Merchants" />);
    const [first, second] = within(screen.getByRole('table')).getAllByRole('row').slice(1) as HTMLElement[];

    expect(within(first as HTMLElement).getAllByRole('cell')[0]).toHaveTextContent('21');
    const link = within(first as HTMLElement).getByRole('link', { name: 'www.bole-books.et' });
    expect(link).toHaveAttribute('href', 'https://www.bole-books.et');
    expect(link).toHaveAttribute('target', '_blank');

    const cells = within(second as HTMLElement)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(noDetail.status).toBe('ACTIVE');
    // Not 'ME' (the code's initials) and '---': the compliance record's name, and why it stands there.
    expect(cells).toEqual([
      '22',
      'NE',
      'Nekemte Mobile PLCNo business details',
      'MER-1034',
      '---',
      '---',
      '---',
      'Active',
    ]);
  });

  it("falls back to the contact person's name, then to a person icon and 'No business details' alone", () => {
    const contactOnly = { ...buildMerchant(33), compliance: null };
    const nameless = { ...buildMerchant(33), compliance: null, contact_person: null };
    renderUi(<DataTable columns={merchantColumns(0)} data={[contactOnly, nameless]} label="Merchants" />);
    const [first, second] = within(screen.getByRole('table')).getAllByRole('row').slice(1) as HTMLElement[];
    const cellsOf = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cellsOf(first as HTMLElement).slice(1, 3)).toEqual(['ME', 'Meron AlemuNo business details']);
    expect(cellsOf(second as HTMLElement).slice(1, 3)).toEqual(['', 'No business details']);
    // Mantine's placeholder person icon instead of an empty circle.
    expect(
      within(second as HTMLElement)
        .getAllByRole('cell')[1]
        ?.querySelector('svg'),
    ).not.toBeNull();
  });

  it.each([
    ['ACTIVE', 'Active', 'green'],
    ['PENDING', 'Pending', 'blue'],
    ['PENDING_VERIFICATION', 'Pending Verification', 'violet'],
    ['INACTIVE', 'Inactive', 'red'],
    ['DELETED', 'Deleted', 'gray'],
  ] as const)('shows %s as a readable %s badge in %s', (status, label, color) => {
    renderUi(<DataTable columns={merchantColumns(0)} data={[{ ...buildMerchant(0), status }]} />);
    expect(screen.getByText(label).closest('[data-status]')).toHaveStyle({
      '--badge-color': `var(--mantine-color-${color}-light-color)`,
    });
  });
});

describe('merchant filters', () => {
  it('lists the spec panel in order and maps each to the status sent (spec §4)', () => {
    expect(MERCHANT_FILTER_OPTIONS.map((o) => o.label)).toEqual([
      'All',
      'Pending',
      'Pending Verification',
      'Verified',
      'Inactive',
    ]);
    expect(MERCHANT_FILTER_OPTIONS.map((o) => MERCHANT_FILTER_STATUS[o.value])).toEqual([
      undefined,
      'PENDING',
      'PENDING_VERIFICATION',
      'ACTIVE',
      'INACTIVE',
    ]);
  });
});
