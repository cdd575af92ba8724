import { createColumnHelper } from '@tanstack/react-table';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '@/test/render-ui';
import { DataTable, type ListTableFeatures } from './data-table';

type Row = { id: string; name: string; url: string };
const helper = createColumnHelper<ListTableFeatures, Row>();
const columns = helper.columns([
  helper.accessor('name', { header: 'Name' }),
  helper.accessor('url', {
    header: 'Link',
    cell: (info) => (
      <a href={info.getValue()} target="_blank" rel="noopener noreferrer">
        site
      </a>
    ),
  }),
]);
const data: Row[] = [
  { id: 'a', name: 'Abebe Coffee', url: 'https://a.example' },
  { id: 'b', name: 'Bole Books', url: 'https://b.example' },
];

describe('DataTable', () => {
  it('renders headers and cells', () => {
    renderUi(<DataTable columns={columns} data={data} label="Things" />);
    const table = screen.getByRole('table', { name: 'Things' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Link']);
    expect(within(table).getByRole('cell', { name: 'Bole Books' })).toBeInTheDocument();
  });

  it('right-aligns a numeric column, header and cells, in tabular digits; other columns keep the default', () => {
    const amounts = createColumnHelper<ListTableFeatures, { id: string; name: string; amount: string }>();
    renderUi(
      <DataTable
        columns={amounts.columns([
          amounts.accessor('name', { header: 'Name' }),
          amounts.accessor('amount', { header: 'Amount', meta: { numeric: true } }),
        ])}
        data={[{ id: 'a', name: 'Abebe Coffee', amount: '1,396.75' }]}
      />,
    );
    const numeric = { textAlign: 'right', fontVariantNumeric: 'tabular-nums' };
    expect(screen.getByRole('columnheader', { name: 'Amount' })).toHaveStyle(numeric);
    expect(screen.getByRole('cell', { name: '1,396.75' })).toHaveStyle(numeric);
    expect(screen.getByRole('columnheader', { name: 'Name' })).not.toHaveStyle({ textAlign: 'right' });
    expect(screen.getByRole('cell', { name: 'Abebe Coffee' })).not.toHaveStyle({ textAlign: 'right' });
  });

  it("shows 'No results found' across all columns when empty", () => {
    renderUi(<DataTable columns={columns} data={[]} />);
    expect(screen.getByRole('cell', { name: 'No results found' })).toHaveAttribute('colspan', '2');
  });

  it('opens a row by click or Enter, but not through a link inside it', async () => {
    const onRowClick = vi.fn();
    const { user } = renderUi(
      <DataTable columns={columns} data={data} onRowClick={onRowClick} getRowId={(r) => r.id} />,
    );
    const row = screen.getByRole('row', { name: /Abebe Coffee/ });
    expect(row).toHaveStyle({ cursor: 'pointer' });
    await user.click(within(row).getByRole('cell', { name: 'Abebe Coffee' }));
    expect(onRowClick).toHaveBeenLastCalledWith(data[0]);

    row.focus();
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenCalledTimes(2);

    const link = within(screen.getByRole('row', { name: /Bole Books/ })).getByRole('link', { name: 'site' });
    link.addEventListener('click', (e) => e.preventDefault());
    await user.click(link);
    expect(onRowClick).toHaveBeenCalledTimes(2);
  });

  it('marks the table busy while the next page loads', () => {
    renderUi(<DataTable columns={columns} data={data} isFetching label="Things" />);
    expect(screen.getByRole('table', { name: 'Things' })).toHaveAttribute('aria-busy', 'true');
  });

  it('draws the header again only when what it shows changes; a sort calls the latest handler (decision 056)', async () => {
    let headerDraws = 0;
    const NameHeader = () => {
      headerDraws++;
      return 'Name';
    };
    // Built per page, as a list with a row number continuing across pages builds its columns.
    const columnsOfPage = () =>
      helper.columns([
        helper.accessor('name', { header: NameHeader }),
        helper.accessor('url', { header: 'Link' }),
      ]);
    const keys = { name: 'name' };
    const first = vi.fn();
    const second = vi.fn();
    const { rerender, user } = renderUi(
      <DataTable
        columns={columnsOfPage()}
        data={data}
        sorting={{ value: 'name.asc', keys, onChange: first }}
      />,
    );
    expect(headerDraws).toBe(1);

    // The next page: new rows, new columns that read the same, a new sorting object with the same order.
    rerender(
      <DataTable
        columns={columnsOfPage()}
        data={[data[1]!]}
        sorting={{ value: 'name.asc', keys, onChange: second }}
      />,
    );
    expect(screen.getByRole('cell', { name: 'Bole Books' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'Abebe Coffee' })).not.toBeInTheDocument();
    expect(headerDraws).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith('name.desc');

    // A new order is drawn.
    rerender(
      <DataTable
        columns={columnsOfPage()}
        data={[data[1]!]}
        sorting={{ value: 'name.desc', keys, onChange: second }}
      />,
    );
    expect(headerDraws).toBe(2);
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');

    // So is a header that changed.
    rerender(
      <DataTable
        columns={helper.columns([
          helper.accessor('name', { header: 'Title' }),
          helper.accessor('url', { header: 'Link' }),
        ])}
        data={[data[1]!]}
        sorting={{ value: 'name.desc', keys, onChange: second }}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Title' })).toHaveAttribute('aria-sort', 'descending');
  });
});
