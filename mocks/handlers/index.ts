import { authHandlers } from './auth';
import { merchantHandlers } from './merchants';
import { transactionHandlers } from './transactions';

/** Every resource's handlers; add each new resource here. */
export const handlers = [...authHandlers, ...merchantHandlers, ...transactionHandlers];
