import { authHandlers } from './auth';
import { merchantHandlers } from './merchants';

/** Every resource's handlers; add each new resource here. */
export const handlers = [...authHandlers, ...merchantHandlers];
