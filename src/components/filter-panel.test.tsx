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
  it('is a group of radios named by their labels, reporting the chosen value', async () => {
    const onChange = vi.fn();
    const { user } = renderUi(
      <FilterPanel label="Filter" value="all" options={options} onChange={onChange} />,
    );
    expect(screen.getByRole('radio', { name: 'All' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Inactive' }));
    expect(onChange).toHaveBeenCalledWith('inactive');
  });
});
