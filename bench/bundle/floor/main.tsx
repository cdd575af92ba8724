// The floor the bundle budget is measured against: the console's own providers and styles around
// a router with one empty route. Whatever a real page loads beyond this is the page's cost.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import { createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders, createQueryClient } from '@/app-providers';

const router = createRouter({ routeTree: createRootRoute({ component: () => null }) });
const queryClient = createQueryClient();
const root = document.getElementById('root');
if (!root) throw new Error('no #root');

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
