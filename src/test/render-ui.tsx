import { MantineProvider } from '@mantine/core';
import { type RenderOptions, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';

/** Renders one component of the kit inside Mantine, for component tests that need no router. */
export function renderUi(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider env="test">{children}</MantineProvider>
  );
  return { user: userEvent.setup(), ...render(ui, { wrapper, ...options }) };
}
