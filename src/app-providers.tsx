import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type DefaultOptions, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { TOAST_AUTO_CLOSE_MS, TOAST_POSITION } from '@/lib/notify';
import { historyRefreshingMutationCache } from '@/queries/change-history';
import type { AppRouter } from '@/router';
import { cssVariablesResolver, theme } from '@/theme';
import classes from './app-providers.module.css';

/** The console's query client; tests pass their own query defaults (an endless gcTime). */
export function createQueryClient(queries: DefaultOptions['queries'] = {}): QueryClient {
  const client: QueryClient = new QueryClient({
    mutationCache: historyRefreshingMutationCache(() => client),
    defaultOptions: {
      queries: {
        // fetchData already toasts every failure; retries would repeat the toast, and lists offer Retry.
        retry: false,
        ...queries,
      },
    },
  });
  return client;
}

interface ProvidersProps {
  queryClient: QueryClient;
  /** 'test' turns off Mantine's transitions and portals (tests only). */
  mantineEnv?: 'default' | 'test';
}

/** Everything around the router; main.tsx and the tests' renderApp use this same tree. */
export function AppProviders({
  queryClient,
  mantineEnv,
  children,
}: ProvidersProps & { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={mantineEnv ?? 'default'}>
      <Notifications
        position={TOAST_POSITION}
        autoClose={TOAST_AUTO_CLOSE_MS}
        classNames={{ root: classes.notifications }}
      />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

export function App({ router, ...providers }: ProvidersProps & { router: AppRouter }) {
  return (
    <AppProviders {...providers}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
