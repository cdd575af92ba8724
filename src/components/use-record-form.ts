import { useMemo, useState } from 'react';

interface Create<TPayload> {
  mutateAsync: (payload: TPayload) => Promise<unknown>;
}
interface Update<TPayload> {
  mutateAsync: (variables: { id: string; payload: TPayload }) => Promise<unknown>;
}

/**
 * The add/edit form of a list screen: closed, open to add (no record) or open to edit a record.
 * `save` creates or updates the record accordingly, returning the mutation's promise (the dialog
 * closes on success and stays open with the server's message on a refusal).
 */
export function useRecordForm<TRecord extends { id: string }, TPayload>(
  create: Create<TPayload>,
  update: Update<TPayload>,
) {
  const [form, setForm] = useState<{ record: TRecord | null } | null>(null);
  const record = form?.record ?? null;
  // Stable, so a table's memoised columns can take `edit`.
  const actions = useMemo(
    () => ({
      add: () => setForm({ record: null }),
      edit: (next: TRecord) => setForm({ record: next }),
      close: () => setForm(null),
    }),
    [],
  );
  return {
    ...actions,
    opened: form !== null,
    /** The record being edited; null when adding or closed. */
    record,
    save: (payload: TPayload) =>
      record ? update.mutateAsync({ id: record.id, payload }) : create.mutateAsync(payload),
  };
}
