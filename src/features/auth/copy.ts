/** The sign-in page (spec §2) and the sign-out page shown while the session ends. */
export const UI_AUTH = {
  signin: {
    heading: 'Welcome back!',
    subtitle: 'Sign in to your admin account',
    email: 'Email address',
    password: 'Password',
    submit: 'Sign in',
    submitting: 'Signing in...',
  },
  logout: { title: 'Signing out...', body: 'You are being logged out of the system.' },
} as const;
