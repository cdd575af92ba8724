/** The console's own pages: not found, forbidden, the error fallback and the under-construction page. */
export const UI_PAGES = {
  underConstruction: 'This page is currently under construction. Please check back later!',
  notFound: {
    title: 'Page not found',
    body: 'Sorry, we couldn’t find the page you’re looking for.',
    home: 'Go back home',
  },
  unexpectedError: 'Unexpected Application Error!',
  /** Ours: the spec's guard has no page for a missing permission (docs/spec-deviations.md). */
  forbidden: {
    title: 'Access denied',
    body: 'You do not have permission to view this page. Ask an administrator if you need access.',
    home: 'Go back home',
  },
} as const;
