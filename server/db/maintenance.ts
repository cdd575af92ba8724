/**
 * Upkeep that a PostgreSQL server's background workers would do and PGlite has nobody to do:
 * folding the transaction count deltas (per scope and per customer name), the daily totals and the
 * journal entry sums, and VACUUM so that counts can be index-only scans (docs/decisions/007,
 * docs/performance.md). Run after seeding and on a timer from main.ts.
 */
import { sql } from 'drizzle-orm';
import { deleteStaleSignInAttempts, RATE_LIMIT_DEFAULTS } from '../auth/rate-limit';
import type { DatabaseHandle, Executor } from './connect';
import { queryRows } from './connect';
import { deleteOldSessions } from './queries/second-factor';

/**
 * Folds `transaction_count_deltas` into one row per (scope, status, type); groups that net to zero
 * leave no row. Returns the number of rows folded.
 */
export function compactTransactionCounts(db: Executor): Promise<number> {
  return foldRows(
    db,
    'transaction_count_deltas',
    ['scope_id', 'status', 'type'],
    ['delta'],
    'sum(delta) <> 0',
  );
}

/**
 * Folds `transaction_name_count_deltas` (a search's counts per customer name, decision 063) into
 * one row per (name, status, type); groups that net to zero leave no row. Only the groups of more
 * than one row are rewritten: the table holds a row per name, status and type, and a round's writes
 * touch few of them. Returns the rows folded.
 */
export function compactTransactionNameCounts(db: Executor): Promise<number> {
  return foldRows(
    db,
    'transaction_name_count_deltas',
    ['customer_name', 'status', 'type'],
    ['delta'],
    'sum(delta) <> 0',
    { repeatedOnly: true },
  );
}

/**
 * Folds `transaction_daily_totals` into one row per (day, currency, status); groups left with no
 * transactions leave no row. Returns the number of rows folded.
 */
export function compactTransactionDailyTotals(db: Executor): Promise<number> {
  return foldRows(
    db,
    'transaction_daily_totals',
    ['day', 'currency_id', 'status'],
    ['transactions', 'amount'],
    'sum(transactions) <> 0 OR sum(amount) <> 0',
  );
}

/**
 * Folds `journal_entry_sums` into one row per (currency, GL account, entry type, description
 * template). Returns the rows folded.
 */
export function compactJournalEntrySums(db: Executor): Promise<number> {
  return foldRows(
    db,
    'journal_entry_sums',
    ['currency_id', 'gl_account_id', 'entry_type', 'description_template_id'],
    ['entries', 'amount'],
  );
}

/**
 * Folds `journal_entry_value_sums` (the search's sums per kept variable value, decision 055) into
 * one row per group. Returns the rows folded.
 */
export function compactJournalEntryValueSums(db: Executor): Promise<number> {
  return foldRows(
    db,
    'journal_entry_value_sums',
    ['description_template_id', 'variable', 'value', 'currency_id', 'gl_account_id', 'entry_type'],
    ['entries', 'amount'],
    undefined,
    // The amount bounds (decision 070): a null one (unbounded) stays null.
    { extremes: { least_amount: 'least', greatest_amount: 'greatest' } },
  );
}

/**
 * Folds `journal_entry_reference_sums` (the search's sums per reference prefix, decision 058) into
 * one row per group, keeping the oldest and newest entry's time. Returns the rows folded.
 */
export function compactJournalEntryReferenceSums(db: Executor): Promise<number> {
  return foldRows(
    db,
    'journal_entry_reference_sums',
    [
      'description_template_id',
      'reference_prefix',
      'variable_prefix',
      'currency_id',
      'gl_account_id',
      'entry_type',
    ],
    ['entries', 'amount'],
    undefined,
    { extremes: { first_at: 'min', last_at: 'max' }, repeatedOnly: true },
  );
}

/**
 * Folds `journal_entry_daily_sums` (the reports' sums, decision 037) into one row per (day,
 * currency, GL account, entry type). Returns the rows folded.
 */
export function compactJournalEntryDailySums(db: Executor): Promise<number> {
  return foldRows(
    db,
    'journal_entry_daily_sums',
    ['day', 'currency_id', 'gl_account_id', 'entry_type'],
    ['entries', 'amount'],
  );
}

/** How foldRows treats a table beyond summing: `extremes` kept as their least or greatest. */
interface FoldOptions {
  /** `least` and `greatest`: min and max, but null when any of the group's rows is (unbounded). */
  extremes?: Readonly<Record<string, 'min' | 'max' | 'least' | 'greatest'>>;
  /**
   * Fold only the groups of more than one row, found by a scan of the table, and leave the rest
   * untouched: for a table of many groups that a round changes few of (the reference prefix sums,
   * 52,000 rows at 1M), where rewriting every row each round left as many dead rows behind and had
   * the next VACUUM rewrite them again.
   */
  repeatedOnly?: boolean;
}

/**
 * Replaces a table's rows by one per key with the sums of `summed` (and the least or greatest of
 * `extremes`), in one statement: readers see either the rows or their sums, never both or neither.
 * Rows appended by transactions still open are invisible to the DELETE and stay for the next run.
 * Names are our own constants, never input.
 */
async function foldRows(
  db: Executor,
  table: string,
  keys: readonly string[],
  summed: readonly string[],
  keep?: string,
  { extremes = {}, repeatedOnly = false }: FoldOptions = {},
): Promise<number> {
  const columns = [...keys, ...summed, ...Object.keys(extremes)].join(', ');
  const sums = [
    ...summed.map((column) => `sum(${column})`),
    ...Object.entries(extremes).map(([column, aggregate]) =>
      aggregate === 'least' || aggregate === 'greatest'
        ? `CASE WHEN count(${column}) = count(*) THEN ${aggregate === 'least' ? 'min' : 'max'}(${column}) END`
        : `${aggregate}(${column})`,
    ),
  ].join(', ');
  const rows = await queryRows<{ folded: number }>(
    db,
    // A row is never updated, only appended or folded, so its ctid names it for the DELETE; one
    // already folded by another round is skipped by the DELETE and so not summed twice.
    sql.raw(`WITH ${
      repeatedOnly
        ? `repeated AS (
          SELECT unnest(array_agg(ctid)) AS row FROM ${table} GROUP BY ${keys.join(', ')} HAVING count(*) > 1
        ), folded AS (
          DELETE FROM ${table} WHERE ctid = ANY (ARRAY(SELECT row FROM repeated)) RETURNING ${columns}
        )`
        : `folded AS (
          DELETE FROM ${table} RETURNING ${columns}
        )`
    }, summed AS (
          INSERT INTO ${table} (${columns})
          SELECT ${keys.join(', ')}, ${sums} FROM folded
          GROUP BY ${keys.join(', ')}${keep ? ` HAVING ${keep}` : ''}
          RETURNING 1
        )
        SELECT (SELECT count(*) FROM folded)::int AS folded`),
  );
  return rows[0]?.folded ?? 0;
}

/**
 * Sums the ledger into `journal_entry_sums` afresh, one row per group. Exact only while nobody
 * posts meanwhile: for a bulk load that holds journal_entries locked (withJournalSumsDeferred).
 */
export async function rebuildJournalEntrySums(db: Executor): Promise<void> {
  await db.execute(sql`DELETE FROM journal_entry_sums`);
  await db.execute(sql`DELETE FROM journal_entry_daily_sums`);
  // A journal without a transaction (manual) names its currency itself (migration 0020). One pass
  // over the ledger feeds both tables: the daily sums have no template, the whole-ledger sums do.
  await db.execute(sql`
    WITH lines AS (
      SELECT e.entry_date, coalesce(j.currency_id, t.currency_id) AS currency_id, e.gl_account_id,
        e.entry_type, j.description_template_id, count(*) AS entries, sum(e.amount) AS amount
      FROM journal_entries e
      JOIN journals j ON j.id = e.journal_id
      LEFT JOIN transactions t ON t.id = j.transaction_id
      GROUP BY 1, 2, 3, 4, 5
    ), daily AS (
      INSERT INTO journal_entry_daily_sums (day, currency_id, gl_account_id, entry_type, entries, amount)
      SELECT entry_date, currency_id, gl_account_id, entry_type, sum(entries), sum(amount)
      FROM lines GROUP BY 1, 2, 3, 4
    )
    INSERT INTO journal_entry_sums (currency_id, gl_account_id, entry_type, description_template_id, entries, amount)
    SELECT currency_id, gl_account_id, entry_type, description_template_id, sum(entries), sum(amount)
    FROM lines GROUP BY 1, 2, 3, 4`);
  // And the sums per kept variable value (migration 0029) and per reference prefix (0030).
  await db.execute(sql`SELECT journal_entry_value_sums_rebuild()`);
  await db.execute(sql`SELECT journal_entry_reference_sums_rebuild()`);
  // The gram sums (migration 0036) are emptied and every entry put back in their pending table, for
  // foldJournalEntryGrams to fold in batches: summing the grams here cost minutes at 1M (decision 067).
  await db.execute(sql`SELECT journal_entry_gram_pending_rebuild()`);
}

/** Pending rows (journal, GL account, side) one fold statement moves into the gram sums at most. */
export const GRAM_FOLD_BATCH = 5000;

/**
 * Moves up to `batch` of the oldest rows of `journal_entry_gram_pending` into
 * `journal_entry_gram_sums` in one statement (`journal_entry_gram_sums_fold()`, migration 0036,
 * decision 067): a journal's entries are in one table or the other in every snapshot. Returns the
 * rows moved, or -1 when another fold (another server) holds the fold's advisory lock.
 */
export async function foldJournalEntryGrams(db: Executor, batch = GRAM_FOLD_BATCH): Promise<number> {
  const rows = await queryRows<{ moved: number }>(
    db,
    sql`SELECT journal_entry_gram_sums_fold(${batch}::int) AS moved`,
  );
  return rows[0]?.moved ?? 0;
}

/**
 * Folds batch after batch until the pending table is empty (a batch comes back short), another fold
 * holds the lock, or `budgetMs` has passed. Returns the rows moved.
 */
export async function foldPendingJournalEntryGrams(
  db: Executor,
  options: { batch?: number; budgetMs?: number } = {},
): Promise<number> {
  return (await foldGramRound(db, options)).moved;
}

/** One round of `foldPendingJournalEntryGrams`, and whether it left nothing pending behind it. */
async function foldGramRound(
  db: Executor,
  { batch = GRAM_FOLD_BATCH, budgetMs = Number.POSITIVE_INFINITY }: { batch?: number; budgetMs?: number },
): Promise<{ moved: number; caughtUp: boolean }> {
  const started = performance.now();
  let moved = 0;
  for (;;) {
    const batchMoved = await foldJournalEntryGrams(db, batch);
    if (batchMoved > 0) moved += batchMoved;
    // -1: another server's fold holds the lock, and its rounds vacuum after their own backlog.
    if (batchMoved < batch) return { moved, caughtUp: batchMoved >= 0 };
    if (performance.now() - started >= budgetMs) return { moved, caughtUp: false };
  }
}

/**
 * Rows folded after which, once the pending table is empty, the two gram tables are vacuumed. The
 * fold deletes every pending row it moves and rewrites the sums it adds to: after a backlog (a
 * migration or a bulk load, 2.3M rows at 1M) the pending table is a heap of dead rows that every
 * short search reads (1.7-3.5 s until vacuumed, 10-120 ms after, at 1M and load 9-10), and autovacuum may come
 * much later when its workers are busy elsewhere (none came in 8 minutes while a seed ran beside).
 */
export const GRAM_VACUUM_AFTER = 50_000;

/**
 * VACUUM (ANALYZE) of the gram sums, their pending table, and the amount prefix sums the same fold
 * rewrites (migration 0040, decision 073): outside a transaction.
 */
export async function vacuumGramTables(db: Executor): Promise<void> {
  await db.execute(
    sql`VACUUM (ANALYZE) journal_entry_gram_pending, journal_entry_gram_sums, journal_entry_amount_prefix_sums`,
  );
}

/**
 * Runs `foldPendingJournalEntryGrams` every `intervalMs`, each round for at most `budgetMs` (a
 * backlog, after migration 0036 or a bulk load, is folded over many rounds, leaving the server time
 * between them), and vacuums the two tables when a round catches up after `vacuumAfter` rows.
 * Rounds never overlap; a failed round is logged and the next tries again; the timer does not keep
 * the process alive. Another server's rounds take turns through the fold's lock. Returns a stop
 * function.
 */
export function scheduleGramFold(
  handle: DatabaseHandle,
  {
    intervalMs,
    budgetMs,
    vacuumAfter = GRAM_VACUUM_AFTER,
  }: { intervalMs: number; budgetMs: number; vacuumAfter?: number },
  log: (message: string) => void = console.warn,
): () => void {
  let movedSinceVacuum = 0;
  return scheduleRounds(
    intervalMs,
    'journal gram fold',
    async () => {
      const { moved, caughtUp } = await foldGramRound(handle.db, { budgetMs });
      movedSinceVacuum += moved;
      if (!caughtUp || movedSinceVacuum < vacuumAfter) return;
      movedSinceVacuum = 0;
      await vacuumGramTables(handle.db);
    },
    log,
  );
}

/**
 * Runs `round` every `intervalMs`: rounds never overlap (a tick while one runs is skipped), a failed
 * round is logged under `what` and the next one tries again, and the timer does not keep the process
 * alive. Returns a stop function.
 */
export function scheduleRounds(
  intervalMs: number,
  what: string,
  round: () => Promise<unknown>,
  log: (message: string) => void,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    round()
      .catch((error: unknown) =>
        log(`${what} failed: ${error instanceof Error ? error.message : String(error)}`),
      )
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Runs a bulk load of journal entries with the sums trigger off, then sums the ledger once: per
 * statement, the trigger's lookup of each entry's journal and transaction cost more than the insert
 * itself (a 1M-transaction seed took twice as long). ALTER TABLE locks journal_entries until the
 * surrounding transaction ends, so no one else posts in between.
 */
export async function withJournalSumsDeferred<R>(db: Executor, load: () => Promise<R>): Promise<R> {
  await db.execute(sql`ALTER TABLE journal_entries DISABLE TRIGGER journal_entries_sums_insert`);
  try {
    return await load();
  } finally {
    await db.execute(sql`ALTER TABLE journal_entries ENABLE TRIGGER journal_entries_sums_insert`);
    await rebuildJournalEntrySums(db);
  }
}

/**
 * Runs a bulk load of transactions with the name counts' insert trigger off, then counts the
 * transactions once (`transaction_name_count_deltas_rebuild()`, migration 0031): per insert batch
 * of thousands the trigger appends nearly a row per transaction (most (name, status, type) groups
 * occur once in a batch), which the fold would then have to read back. ALTER TABLE locks
 * transactions until the surrounding transaction ends, so no one else writes in between.
 */
export async function withTransactionNameCountsDeferred<R>(db: Executor, load: () => Promise<R>): Promise<R> {
  await db.execute(sql`ALTER TABLE transactions DISABLE TRIGGER transactions_name_count_insert`);
  try {
    return await load();
  } finally {
    await db.execute(sql`ALTER TABLE transactions ENABLE TRIGGER transactions_name_count_insert`);
    await db.execute(sql`SELECT transaction_name_count_deltas_rebuild()`);
  }
}

/** Changed rows (inserted, updated or deleted) after which a table is vacuumed again. */
const VACUUM_MIN_CHANGES = 1000;
const VACUUM_CHANGE_FRACTION = 0.02;

/**
 * VACUUM (ANALYZE) every table with more changes since its last vacuum than
 * 1000 + 2 % of its rows: the all-visible map is what lets `count(*)` skip the heap. Must run
 * outside a transaction. Returns the tables vacuumed.
 */
export async function vacuumChangedTables(db: Executor, options: { all?: boolean } = {}): Promise<string[]> {
  const rows = await queryRows<{ name: string; changes: number; live: number }>(
    db,
    sql`SELECT relname AS name,
               (n_ins_since_vacuum + n_dead_tup)::float8 AS changes,
               n_live_tup::float8 AS live
        FROM pg_stat_user_tables WHERE schemaname = 'public'`,
  );
  const names = rows
    .filter((r) => options.all || r.changes > VACUUM_MIN_CHANGES + VACUUM_CHANGE_FRACTION * r.live)
    .map((r) => r.name)
    .sort();
  if (names.length === 0) return [];
  await db.execute(
    sql.raw(`VACUUM (ANALYZE) ${names.map((n) => `"${n.replaceAll('"', '""')}"`).join(', ')}`),
  );
  return names;
}

/** Whether this database has background workers that vacuum by themselves. */
async function hasAutovacuum(handle: DatabaseHandle): Promise<boolean> {
  // PGlite runs PostgreSQL single-user: the setting may read 'on' but no launcher runs.
  if (handle.kind === 'pglite') return false;
  const rows = await queryRows<{ on: boolean }>(
    handle.db,
    sql`SELECT current_setting('autovacuum') = 'on' AS on`,
  );
  return rows[0]?.on === true;
}

/**
 * One round of upkeep: fold the count and sum rows, delete the sign-in attempts no rate-limit window
 * counts any more and the sessions past their history, then vacuum what changed unless autovacuum will.
 */
export async function runMaintenance(
  handle: DatabaseHandle,
): Promise<{ folded: number; pruned: number; vacuumed: string[] }> {
  const folded =
    (await compactTransactionCounts(handle.db)) +
    (await compactTransactionNameCounts(handle.db)) +
    (await compactTransactionDailyTotals(handle.db)) +
    (await compactJournalEntrySums(handle.db)) +
    (await compactJournalEntryValueSums(handle.db)) +
    (await compactJournalEntryReferenceSums(handle.db)) +
    (await compactJournalEntryDailySums(handle.db));
  const pruned =
    (await deleteStaleSignInAttempts(handle.db, new Date(Date.now() - RATE_LIMIT_DEFAULTS.windowMs))) +
    // Sessions stay listed on a person's page for 30 days after they expire (decision 029).
    (await deleteOldSessions(handle.db, new Date()));
  const vacuumed = (await hasAutovacuum(handle)) ? [] : await vacuumChangedTables(handle.db);
  return { folded, pruned, vacuumed };
}

/**
 * Runs `runMaintenance` every `intervalMs` (the timer does not keep the process alive). Rounds
 * never overlap; a failed round is logged and the next one tries again. Returns a stop function.
 */
export function scheduleMaintenance(
  handle: DatabaseHandle,
  intervalMs: number,
  log: (message: string) => void = console.warn,
): () => void {
  return scheduleRounds(intervalMs, 'database maintenance', () => runMaintenance(handle), log);
}
