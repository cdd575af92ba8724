/**
 * The sign-in page (spec §2), single sign-on (ours, decision 032) and the sign-out page shown while
 * the session ends.
 */
export const UI_AUTH = {
  signin: {
    heading: 'Welcome back!',
    subtitle: 'Sign in to your admin account',
    email: 'Email address',
    password: 'Password',
    submit: 'Sign in',
    submitting: 'Signing in...',
  },
  sso: {
    button: (label: string) => `Sign in with ${label}`,
    or: 'or',
    leaving: 'Going to your identity provider...',
    completing: 'Signing you in...',
    failedTitle: 'Single sign-on did not complete',
  },
  logout: { title: 'Signing out...', body: 'You are being logged out of the system.' },
} as const;
