// Mantine's styles in two parts: what the signed-out pages paint with, and the console's rest,
// which arrives with the console shell (src/styles/first-paint.css says why).
import '@/styles/first-paint.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createQueryClient } from '@/app-providers';
import { isForbiddenError } from '@/lib/permissions';
import { createAppRouter } from '@/router';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// `npm run dev:mock`: answer /api/v1 from the in-memory MSW backend. Dead code in production builds.
if (import.meta.env.DEV && import.meta.env.VITE_MOCK_API === '1') {
  const { worker } = await import('@mocks/browser');
  await worker.start({ onUnhandledRequest: 'bypass' });
}

createRoot(root, {
  onCaughtError(error, info) {
    // A missing permission is expected control flow (the guard's 403 page), not a defect to log.
    if (isForbiddenError(error)) return;
    console.error(error, info.componentStack);
  },
}).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);
