import { isoDateSchema } from '@contract/common';
import * as v from 'valibot';

/**
 * `?from&to` of the Dashboard: both real calendar days with `from` on or before `to`, or neither
 * (the server's default, the last 30 days). Anything else (one bound, a reversed range, 2026-02-30,
 * text) falls back to the default instead of showing an error.
 */
const day = v.fallback(v.optional(isoDateSchema), undefined);

export const dashboardSearchSchema = v.pipe(
  v.object({ from: v.optional(day), to: v.optional(day) }),
  v.transform(({ from, to }) =>
    from && to && from <= to ? { from, to } : { from: undefined, to: undefined },
  ),
);

export type DashboardSearch = v.InferOutput<typeof dashboardSearchSchema>;
