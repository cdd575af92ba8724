import { screen } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { renderUi } from '@/test/render-ui';
import { FilterPanel } from './filter-panel';

const options = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'inactive', label: 'Inactive' },
] as const;

/** happy-dom's window is 1024px wide (beside the list); this makes it `width` for one test. */
function screenWidth(width: number) {
  type HappyWindow = { happyDOM?: { setViewport(viewport: { width: number; height: number }): void } };
  const happyDOM = (window as unknown as HappyWindow).happyDOM;
  if (!happyDOM) throw new Error('This test needs the happy-dom environment');
  happyDOM.setViewport({ width, height: 844 });
  onTestFinished(() => happyDOM.setViewport({ width: 1024, height: 768 }));
}

describe('FilterPanel', () => {
  it.each([390, 768])('folds into a labelled select at %ipx, reporting the chosen value', async (width) => {
    screenWidth(width);
    const onChange = vi.fn();
    const { user } = renderUi(
      <FilterPanel label="Filter" value="pending" options={options} onChange={onChange} />,
    );
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'Filter' });
    expect(select).toHaveValue('pending');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['All', 'Pending', 'Inactive']);
    await user.selectOptions(select, 'Inactive');
    expect(onChange).toHaveBeenCalledExactlyOnceWith('inactive');
  });

  it('is a named group of radios, reporting the chosen value', async () => {
    const onChange = vi.fn();
    const { user } = renderUi(
      <FilterPanel label="Filter" value="all" options={options} onChange={onChange} />,
    );
    expect(screen.getByRole('radiogroup', { name: 'Filter' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'All' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Pending' })).not.toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Inactive' }));
    expect(onChange).toHaveBeenCalledWith('inactive');
  });

  it('shows a click at once, before the URL has the new value, and follows the URL when it changes', async () => {
    const onChange = vi.fn();
    const { user, rerender } = renderUi(
      <FilterPanel label="Filter" value="all" options={options} onChange={onChange} />,
    );
    await user.click(screen.getByRole('radio', { name: 'Pending' }));
    // The parent has not passed the new value yet (the router is still settling the navigation).
    expect(screen.getByRole('radio', { name: 'Pending' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'All' })).not.toBeChecked();
    expect(onChange).toHaveBeenCalledExactlyOnceWith('pending');
    // A click on the choice already shown asks for nothing more.
    await user.click(screen.getByRole('radio', { name: 'Pending' }));
    expect(onChange).toHaveBeenCalledOnce();
    // The URL moves elsewhere (Clear all, the back button): its value wins.
    rerender(<FilterPanel label="Filter" value="inactive" options={options} onChange={onChange} />);
    expect(screen.getByRole('radio', { name: 'Inactive' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Pending' })).not.toBeChecked();
  });

  it('enters at the chosen radio with Tab and moves with the arrow keys', async () => {
    const onChange = vi.fn();
    const { user } = renderUi(
      <FilterPanel label="Filter" value="pending" options={options} onChange={onChange} />,
    );
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Pending' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Inactive' })).toHaveFocus();
    expect(onChange).toHaveBeenLastCalledWith('inactive');
    await user.keyboard('{ArrowDown}');
    expect(onChange).toHaveBeenLastCalledWith('all');
    await user.keyboard('{ArrowUp}');
    expect(onChange).toHaveBeenLastCalledWith('inactive');
  });
});
