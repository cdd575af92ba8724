import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '@/test/render-ui';
import { StatusBadge } from './status-badge';

const colors = { ACTIVE: 'green', PENDING_VERIFICATION: 'violet' };

describe('StatusBadge', () => {
  it('shows a readable label in the mapped colour, grey for unknown values', () => {
    renderUi(
      <>
        <StatusBadge value="PENDING_VERIFICATION" colors={colors} />
        <StatusBadge value="DELETED" colors={colors} />
        <StatusBadge value="ACTIVE" colors={colors} label={() => 'Verified'} />
      </>,
    );
    expect(screen.getByText('Pending Verification').closest('[data-status]')).toHaveStyle({
      '--badge-color': 'var(--mantine-color-violet-light-color)',
    });
    expect(screen.getByText('Deleted').closest('[data-status]')).toHaveStyle({
      '--badge-color': 'var(--mantine-color-gray-light-color)',
    });
    expect(screen.getByText('Verified')).toBeInTheDocument();
  });
});
