/** Keyboard shortcuts (ours, issue 24, decision 046): the `?` dialog's texts. */
export const UI_SHORTCUTS = {
  title: 'Keyboard shortcuts',
  keys: 'Keys',
  action: 'What it does',
  /** In the order the dialog lists them; `keys` are shown as separate keycaps. */
  list: [
    { keys: ['Ctrl', 'K'], action: 'Open the command palette (Cmd+K on a Mac)' },
    { keys: ['/'], action: "Focus the list's search box" },
    { keys: ['j'], action: 'Move to the next row of the list' },
    { keys: ['k'], action: 'Move to the previous row of the list' },
    { keys: ['Enter'], action: 'Open the focused row' },
    { keys: ['?'], action: 'Show this list' },
  ],
  note: 'The shortcuts do nothing while you type in a field or while a dialog is open.',
} as const;
