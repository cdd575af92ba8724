import { REPORT_KINDS } from '@contract/books';
import { isCalendarDate } from '@contract/fields';
import { PERMISSIONS } from '@contract/permissions';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import * as v from 'valibot';
import { ReportsPage } from '@/features/books/reports';
import { picklistParam } from '@/lib/search-params';

/** A date in the URL; anything but a real YYYY-MM-DD day falls back to the default (today, or the month's first). */
const dateParam = v.fallback(
  v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/), v.check(isCalendarDate))),
  undefined,
);
const idParam = v.fallback(v.optional(v.pipe(v.string(), v.uuid())), undefined);
const pageParam = v.optional(v.fallback(v.pipe(v.number(), v.integer(), v.minValue(1)), 1), 1);

/** `/reports?report&as_of&from&to&gl_account&currency&merchant&page` (issue 23). */
export const reportSearchSchema = v.pipe(
  v.object({
    report: picklistParam(REPORT_KINDS, 'trial-balance'),
    as_of: dateParam,
    from: dateParam,
    to: dateParam,
    gl_account: idParam,
    currency: idParam,
    merchant: idParam,
    page: pageParam,
  }),
  // A range the wrong way round is no range: both fall back.
  v.transform((s) => (s.from && s.to && s.from > s.to ? { ...s, from: undefined, to: undefined } : s)),
);

export const Route = createFileRoute('/_authenticated/reports/')({
  staticData: { permission: PERMISSIONS.viewReports },
  validateSearch: reportSearchSchema,
  search: { middlewares: [stripSearchParams({ report: 'trial-balance' as const, page: 1 })] },
  component: ReportsRoute,
});

function ReportsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ReportsPage
      search={search}
      onChange={(change) => navigate({ search: (old) => ({ ...old, ...change }) })}
    />
  );
}
