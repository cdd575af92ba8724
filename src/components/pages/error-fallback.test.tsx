import { QueryClient } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { AppProviders } from '@/app-providers';
import { UI_KIT } from '@/components/copy';
import { UI_PAGES } from './copy';
import { ErrorFallback } from './error-fallback';

test("a route that fails shows 'Unexpected Application Error!' and Retry loads it again", async () => {
  let attempts = 0;
  const rootRoute = createRootRoute();
  const failing = createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    loader: () => {
      attempts += 1;
      if (attempts === 1) throw new Error('The loader broke');
    },
    component: () => <p>Loaded</p>,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([failing]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
    defaultErrorComponent: ErrorFallback,
  });
  const silenced = console.error;
  console.error = () => {};
  try {
    render(
      <AppProviders queryClient={new QueryClient()} mantineEnv="test">
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByRole('heading', { name: UI_PAGES.unexpectedError })).toBeInTheDocument();
    expect(screen.getByText('The loader broke')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: UI_PAGES.notFound.home })).toHaveAttribute('href', '/');
    await userEvent.setup().click(screen.getByRole('button', { name: UI_KIT.list.retry }));
    expect(await screen.findByText('Loaded')).toBeInTheDocument();
  } finally {
    console.error = silenced;
  }
});
