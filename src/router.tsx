import type { Permission } from '@contract/permissions';
import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { ErrorFallback } from '@/components/pages/error-fallback';
import { NotFoundPage } from '@/components/pages/not-found';
import { PendingPage } from '@/components/pages/pending-page';
import { routeTree } from './routeTree.gen';

/** What every route's beforeLoad and loader receive. */
export interface RouterContext {
  queryClient: QueryClient;
}

export function createAppRouter(queryClient: QueryClient, options: { history?: RouterHistory } = {}) {
  return createRouter({
    routeTree,
    context: { queryClient },
    ...(options.history ? { history: options.history } : {}),
    defaultPreload: 'intent',
    // React Query owns freshness; the router always asks it.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PendingPage,
    defaultErrorComponent: ErrorFallback,
    defaultNotFoundComponent: NotFoundPage,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
  interface StaticDataRouteOption {
    /** The permission a screen needs (spec §2 route table); the authenticated layout enforces it. */
    permission?: Permission;
  }
}
