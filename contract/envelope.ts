import * as v from 'valibot';

/**
 * Every response of the API is wrapped in this envelope (spec §7). `data` is null on errors and
 * `errorMessage` is null on success; the console shows `errorMessage` for 400, 401 and 409 (spec §8).
 */
export function envelopeSchema<T extends v.GenericSchema>(data: T) {
  return v.object({
    success: v.boolean(),
    status: v.number(),
    data,
    errorMessage: v.nullable(v.string()),
  });
}

export const errorEnvelopeSchema = v.object({
  success: v.literal(false),
  status: v.number(),
  data: v.null(),
  errorMessage: v.string(),
});

/**
 * The `errorMessage` of a 400 for a request the contract's schemas refuse: each offending field
 * once, as `field: message` (its first issue), joined with '; ' ('limit: limit must be an integer
 * from 1 to 100'). An item of a body that is itself an array is written `[2].gl_account_id`, so
 * the console can point at the staged row; deeper positions keep dots (`charge_ranges.1.min_amount`).
 * The server and the mock API both answer with it.
 */
export function issuesMessage(issues: readonly v.BaseIssue<unknown>[]): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const issue of issues) {
    const path =
      issue.path
        ?.map((item, at) => (at === 0 && typeof item.key === 'number' ? `[${item.key}]` : String(item.key)))
        .join('.') ?? '';
    if (seen.has(path)) continue;
    seen.add(path);
    parts.push(path ? `${path}: ${issue.message}` : issue.message);
  }
  return parts.join('; ');
}

export type Envelope<T> = { success: boolean; status: number; data: T; errorMessage: string | null };
export type ErrorEnvelope = v.InferOutput<typeof errorEnvelopeSchema>;

/** Paged lists: `{ contents, total, total_pages }` (spec §3). */
export function pagedSchema<T extends v.GenericSchema>(item: T) {
  return v.object({
    contents: v.array(item),
    total: v.pipe(v.number(), v.integer(), v.minValue(0)),
    total_pages: v.pipe(v.number(), v.integer(), v.minValue(0)),
  });
}

export type Paged<T> = { contents: T[]; total: number; total_pages: number };

export function totalPages(total: number, limit: number): number {
  return Math.ceil(total / limit);
}
