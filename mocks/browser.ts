import { setupWorker } from 'msw/browser';
import { handlers } from './handlers';

/** The MSW worker for a later `npm run dev:mock`: the console against the in-memory backend. */
export const worker = setupWorker(...handlers);
