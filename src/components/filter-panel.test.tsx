import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '@/test/render-ui';
import { FilterPanel } from './filter-panel';

const options = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'inactive', label: 'Inactive' },
] as const;

describe('FilterPanel', () => {
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
