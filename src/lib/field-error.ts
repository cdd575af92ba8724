/** The first error of a TanStack Form field as text (schema issues carry it in `message`). */
export function fieldError(errors: ReadonlyArray<unknown>): string | undefined {
  const first = errors.find(Boolean);
  if (typeof first === 'string') return first;
  if (typeof first === 'object' && first !== null && 'message' in first && typeof first.message === 'string')
    return first.message;
  return undefined;
}
