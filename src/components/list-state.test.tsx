import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '@/test/render-ui';
import { ListState, type ListStateProps } from './list-state';

const base: Omit<ListStateProps, 'children'> = {
  status: 'success',
  isEmpty: false,
  isFiltered: false,
  dataType: 'Merchants',
  onRetry: () => undefined,
};

/** Stands in for a query: starts failed, and each Retry asks `load` for the next status. */
function RetryHarness({ load }: { load: () => ListStateProps['status'] }) {
  const [status, setStatus] = useState<ListStateProps['status']>('error');
  return (
    <ListState {...base} status={status} onRetry={() => setStatus(load())}>
      <p>loaded rows</p>
    </ListState>
  );
}

describe('ListState', () => {
  it('shows skeleton rows while the first load runs', () => {
    renderUi(
      <ListState {...base} status="pending" skeleton={{ rows: 3, columns: 2 }}>
        <p>table</p>
      </ListState>,
    );
    expect(screen.getByRole('table', { name: 'Loading' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByText('table')).not.toBeInTheDocument();
  });

  it('shows the empty state when nothing exists and nothing narrows the list', () => {
    renderUi(
      <ListState {...base} isEmpty>
        <p>table</p>
      </ListState>,
    );
    expect(screen.getByText('There are no Merchants')).toBeInTheDocument();
    expect(screen.queryByText('table')).not.toBeInTheDocument();
  });

  it('shows the table (with its own "No results found") when a search finds nothing', () => {
    renderUi(
      <ListState {...base} isEmpty isFiltered>
        <p>table</p>
      </ListState>,
    );
    expect(screen.getByText('table')).toBeInTheDocument();
    expect(screen.queryByText('There are no Merchants')).not.toBeInTheDocument();
  });

  it('shows the error with a Retry that re-runs the load until it succeeds', async () => {
    const load = vi.fn<() => ListStateProps['status']>().mockReturnValueOnce('success');
    const { user } = renderUi(<RetryHarness load={load} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load resources');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByText('loaded rows')).toBeInTheDocument();
    expect(screen.queryByText('Failed to load resources')).not.toBeInTheDocument();
  });
});
