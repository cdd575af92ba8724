/** How the screens that keep a record's change history open it (a tab, a row button). */
export const UI_HISTORY_ENTRY = {
  title: 'History',
  /** A record's history: the modal's title and the name of the row button that opens it. */
  historyOf: (name: string) => `History of ${name}`,
} as const;
