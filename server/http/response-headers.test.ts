import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../config';
import { CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from './response-headers';

const directives = new Map(
  CONTENT_SECURITY_POLICY.split('; ').map((directive) => {
    const [name = '', ...values] = directive.split(' ');
    return [name, values] as const;
  }),
);

describe('the Content-Security-Policy', () => {
  it('runs scripts only from our own files: no inline script, no eval, no other origin', () => {
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'self'"]);
  });

  it('forbids framing, with X-Frame-Options for browsers that ignore frame-ancestors', () => {
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(SECURITY_HEADERS['X-Frame-Options']).toBe('DENY');
    expect(SECURITY_HEADERS['X-Content-Type-Options']).toBe('nosniff');
    expect(SECURITY_HEADERS['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
  });

  it('holds for the console: its page loads every script from a file (the policy would block an inline one)', () => {
    const html = readFileSync(join(PROJECT_ROOT, 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes = '', body = ''] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });
});
