import { describe, expect, it } from 'vitest';
import { routePreloadFrom } from './route-preload';

/**
 * Shaped like the manifest Vite writes for this project: keys of split route properties, a list's
 * loader with its component (`component---loader`, vite.config.ts), its pending component alone.
 */
const MANIFEST = {
  'index.html': {
    file: 'assets/index-E.js',
    isEntry: true,
    imports: ['_vendor-V.js'],
    css: ['assets/index-E.css'],
  },
  '_vendor-V.js': { file: 'assets/vendor-V.js' },
  '_form-F.js': { file: 'assets/form-F.js', imports: ['_vendor-V.js', '_input-I.js'] },
  '_input-I.js': { file: 'assets/input-I.js' },
  '_table-T.js': { file: 'assets/table-T.js' },
  'src/routes/__root.tsx?tsr-split=component': { file: 'assets/root-R.js' },
  'src/routes/signin.tsx?tsr-split=component': { file: 'assets/signin-S.js', imports: ['_form-F.js'] },
  'src/routes/_authenticated.tsx?tsr-split=component': {
    file: 'assets/shell-A.js',
    imports: ['_vendor-V.js', '_bell-B.js'],
  },
  '_bell-B.js': { file: 'assets/bell-B.js', css: ['assets/console-C.css', 'assets/index-E.css'] },
  'src/routes/_authenticated.tsx?tsr-split=errorComponent': { file: 'assets/shell-error-X.js' },
  'src/routes/_authenticated/index.tsx?tsr-split=component': { file: 'assets/dashboard-D.js' },
  'src/routes/_authenticated/users/index.tsx?tsr-split=component---loader': {
    file: 'assets/users-U.js',
    imports: ['_table-T.js'],
  },
  'src/routes/_authenticated/users/index.tsx?tsr-split=pendingComponent': {
    file: 'assets/users-pending-P.js',
  },
  'src/routes/_authenticated/users/new.tsx?tsr-split=component': { file: 'assets/user-new-N.js' },
  'src/routes/_authenticated/users/$id.tsx?tsr-split=component': { file: 'assets/user-I.js' },
  'src/routes/_authenticated/journal_entry/index.tsx?tsr-split=component': { file: 'assets/journal-J.js' },
  // A loader split on its own (another `defaultBehavior`) is named as well.
  'src/routes/_authenticated/journal_entry/index.tsx?tsr-split=loader': {
    file: 'assets/journal-loader-L.js',
    imports: ['_queries-Q.js'],
  },
  '_queries-Q.js': { file: 'assets/queries-Q.js' },
  'src/routes/_authenticated/currency/currency-detail/$id.tsx?tsr-split=component': {
    file: 'assets/currency-C.js',
  },
};

/** What index.html loads, which the header names first (the entry before the route's chunks). */
const ENTRY = [
  '</assets/index-E.css>; rel=preload; as=style',
  '</assets/index-E.js>; rel=modulepreload',
  '</assets/vendor-V.js>; rel=modulepreload',
];

function files(link: string | undefined): string[] {
  return (link ?? '').split(', ').filter(Boolean);
}

describe('the modulepreload header of a page', () => {
  const preload = routePreloadFrom(MANIFEST);

  it("names the entry and its stylesheet first, then the route's chunk and its imports, each file once", () => {
    expect(files(preload.linkFor('/signin'))).toEqual([
      ...ENTRY,
      '</assets/signin-S.js>; rel=modulepreload',
      '</assets/form-F.js>; rel=modulepreload',
      '</assets/input-I.js>; rel=modulepreload',
    ]);
  });

  it("adds the pathless layout around the route and the stylesheets of its chunks, not the entry's, nor the error chunk", () => {
    expect(files(preload.linkFor('/users'))).toEqual([
      ...ENTRY,
      '</assets/console-C.css>; rel=preload; as=style',
      '</assets/shell-A.js>; rel=modulepreload',
      '</assets/bell-B.js>; rel=modulepreload',
      '</assets/users-U.js>; rel=modulepreload',
      '</assets/table-T.js>; rel=modulepreload',
    ]);
    expect(files(preload.linkFor('/'))).toEqual([
      ...ENTRY,
      '</assets/console-C.css>; rel=preload; as=style',
      '</assets/shell-A.js>; rel=modulepreload',
      '</assets/bell-B.js>; rel=modulepreload',
      '</assets/dashboard-D.js>; rel=modulepreload',
    ]);
  });

  it("names a route's loader chunk with its component's, and never its pending component's", () => {
    expect(files(preload.linkFor('/journal_entry'))).toEqual([
      ...ENTRY,
      '</assets/console-C.css>; rel=preload; as=style',
      '</assets/shell-A.js>; rel=modulepreload',
      '</assets/bell-B.js>; rel=modulepreload',
      '</assets/journal-J.js>; rel=modulepreload',
      '</assets/journal-loader-L.js>; rel=modulepreload',
      '</assets/queries-Q.js>; rel=modulepreload',
    ]);
    expect(preload.linkFor('/users')).not.toContain('users-pending-P.js');
  });

  it('matches a parameter to one segment, prefers a literal segment, and keeps underscores inside a name', () => {
    expect(files(preload.linkFor('/users/new'))).toContain('</assets/user-new-N.js>; rel=modulepreload');
    expect(files(preload.linkFor('/users/42'))).toContain('</assets/user-I.js>; rel=modulepreload');
    expect(files(preload.linkFor('/users/'))).toContain('</assets/users-U.js>; rel=modulepreload');
    expect(files(preload.linkFor('/journal_entry'))).toContain('</assets/journal-J.js>; rel=modulepreload');
    expect(files(preload.linkFor('/currency/currency-detail/7'))).toContain(
      '</assets/currency-C.js>; rel=modulepreload',
    );
  });

  it('names nothing for a path no route serves, a path deeper than its route, or the root layout alone', () => {
    expect(preload.linkFor('/no-such-screen')).toBeUndefined();
    expect(preload.linkFor('/users/42/more')).toBeUndefined();
    expect(preload.linkFor('/signin.')).toBeUndefined();
    expect(routePreloadFrom({ 'index.html': MANIFEST['index.html'] }).linkFor('/signin')).toBeUndefined();
  });
});
