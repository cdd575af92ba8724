import { Badge, MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '@/test/render-ui';
import { elementShape } from '@/test/same-element';
import { cssVariablesResolver, theme } from '@/theme';
import { StatusBadge } from './status-badge';
import classes from './status-badge.module.css';

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

  it('shows nothing without a value', () => {
    const { container } = renderUi(<StatusBadge value={null} colors={colors} />);
    expect(container.querySelector('[data-status]')).toBeNull();
  });

  /** The one element rendered, inside the console's own theme. */
  function shapeOf(ui: ReactElement) {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
        {children}
      </MantineProvider>
    );
    const { container, unmount } = render(<div data-testid="holder">{ui}</div>, { wrapper });
    const element = container.querySelector('[data-testid="holder"]')?.firstElementChild;
    if (!element) throw new Error('nothing rendered');
    const shape = elementShape(element);
    unmount();
    return shape;
  }

  // Every colour the status maps use, grey for unknown values, and the theme's own green.
  it.each(['green', 'red', 'blue', 'violet', 'yellow', 'gray', 'approve'])(
    "draws what Mantine's light Badge drew for %s (decision 061)",
    (color) => {
      const mantine = (
        <Badge
          variant="light"
          color={color}
          radius="sm"
          tt="none"
          data-status="ACTIVE"
          className={classes.badge}
          style={{
            '--status-shade-9': `var(--mantine-color-${color}-9)`,
            '--status-shade-1': `var(--mantine-color-${color}-1)`,
          }}
          styles={{ root: { overflow: 'visible', whiteSpace: 'nowrap' }, label: { overflow: 'visible' } }}
        >
          Active
        </Badge>
      );
      expect(shapeOf(<StatusBadge value="ACTIVE" colors={{ ACTIVE: color }} />)).toEqual(shapeOf(mantine));
    },
  );
});
