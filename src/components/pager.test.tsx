import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '@/test/render-ui';
import { Pager, type PagerProps, pagerItems } from './pager';

describe('pagerItems', () => {
  it.each([
    [1, 0, []],
    [1, 1, [1]],
    [3, 5, [1, 2, 3, 4, 5]],
    [1, 6, [1, 2, 'gap-end', 6]],
    [6, 6, [1, 'gap-start', 5, 6]],
    [3, 6, [1, 2, 3, 4, 5, 6]],
    [1, 10, [1, 2, 'gap-end', 10]],
    [4, 10, [1, 2, 3, 4, 5, 'gap-end', 10]],
    [5, 10, [1, 'gap-start', 4, 5, 6, 'gap-end', 10]],
    [7, 10, [1, 'gap-start', 6, 7, 8, 9, 10]],
    [10, 10, [1, 'gap-start', 9, 10]],
    [50, 100, [1, 'gap-start', 49, 50, 51, 'gap-end', 100]],
  ] as const)('page %i of %i -> %j', (page, total, expected) => {
    expect(pagerItems(page, total)).toEqual(expected);
  });

  it('clamps a page beyond the end', () => {
    expect(pagerItems(99, 8)).toEqual([1, 'gap-start', 7, 8]);
  });
});

function setup(props: Partial<PagerProps> = {}) {
  const onPageChange = vi.fn();
  const onLimitChange = vi.fn();
  const view = renderUi(
    <Pager
      page={2}
      limit={10}
      total={35}
      totalPages={4}
      onPageChange={onPageChange}
      onLimitChange={onLimitChange}
      {...props}
    />,
  );
  return { ...view, onPageChange, onLimitChange };
}

describe('Pager', () => {
  it('says which rows are shown', () => {
    setup();
    expect(screen.getByText('Showing 11 to 20 of 35 results')).toBeInTheDocument();
  });

  it('shows the last partial page and an empty list', () => {
    const { rerender } = setup({ page: 4 });
    expect(screen.getByText('Showing 31 to 35 of 35 results')).toBeInTheDocument();
    rerender(
      <Pager page={1} limit={10} total={0} totalPages={0} onPageChange={vi.fn()} onLimitChange={vi.fn()} />,
    );
    expect(screen.getByText('Showing 0 to 0 of 0 results')).toBeInTheDocument();
  });

  it('marks the current page and moves by page buttons', async () => {
    const { user, onPageChange } = setup();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 3' })).not.toHaveAttribute('aria-current');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPageChange.mock.calls).toEqual([[3], [3], [1]]);
  });

  it('after a new page, the buttons move from it with the latest handler (decision 061: they are memoised)', async () => {
    const { user, rerender, onPageChange } = setup();
    const later = vi.fn();
    rerender(
      <Pager page={3} limit={10} total={35} totalPages={4} onPageChange={later} onLimitChange={vi.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 2' })).not.toHaveAttribute('aria-current');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    // The current page's button does nothing.
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(later.mock.calls).toEqual([[4], [2], [2]]);
    expect(onPageChange).not.toHaveBeenCalled();
  });

  it('disables previous on the first page and next on the last', () => {
    const { rerender } = setup({ page: 1 });
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
    rerender(
      <Pager page={4} limit={10} total={35} totalPages={4} onPageChange={vi.fn()} onLimitChange={vi.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('shows ellipses, the first and the last page for long lists', () => {
    setup({ page: 10, total: 200, totalPages: 20 });
    const names = screen
      .getAllByRole('button', { name: /^Page \d+$/ })
      .map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual(['Page 1', 'Page 9', 'Page 10', 'Page 11', 'Page 20']);
    expect(screen.getAllByText('…')).toHaveLength(2);
  });

  it('offers 10, 20, 50 and 100 rows and reports a new size', async () => {
    const { user, onLimitChange } = setup();
    const select = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['10', '20', '50', '100']);
    await user.selectOptions(select, '50');
    expect(onLimitChange).toHaveBeenCalledWith(50);
  });
});
