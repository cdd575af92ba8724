/** Ours: the user menu's theme choice (the spec's header has only the name, e-mail and Logout). */
export const UI_SHELL = {
  userMenu: 'User menu',
  logout: 'Logout',
  /** The own account page (issue 21, decision 029). */
  account: 'My account',
  theme: 'Theme',
  schemes: { light: 'Light', dark: 'Dark', auto: 'System' },
} as const;
