import { describe, expect, it } from 'vitest';
import { glAccountListQuerySchema, glAccountPayloadSchema } from './gl-account';
import { VALIDATION } from './messages';
import { expectEmptyFormIssues, issuesOf, parseOk } from './test/helpers';

const m = VALIDATION.glAccount;
const valid = {
  name: 'Cash at bank',
  type: 'ASSET',
  manual_journal_entries_allowed: false,
  description: ' Main ',
};

describe('glAccountPayloadSchema', () => {
  it('accepts the spec’s create body, ignoring the empty id and status', () => {
    expect(parseOk(glAccountPayloadSchema, { ...valid, id: '', status: '' })).toEqual({
      name: 'Cash at bank',
      type: 'ASSET',
      manual_journal_entries_allowed: false,
      description: 'Main',
    });
  });

  it('gives the spec §5 messages for an empty form', () => {
    const empty = { name: '', type: null, manual_journal_entries_allowed: null, description: '' };
    expectEmptyFormIssues(glAccountPayloadSchema, empty, {
      name: [m.name],
      type: [m.type],
      manual_journal_entries_allowed: [m.manualJournal],
      description: [m.description],
    });
  });

  it('refuses a type outside the five and a too-long name', () => {
    expect(issuesOf(glAccountPayloadSchema, { ...valid, type: 'asset', name: 'x'.repeat(101) })).toEqual({
      type: [m.type],
      name: [VALIDATION.common.tooLong('Name', 100)],
    });
  });
});

describe('glAccountListQuerySchema', () => {
  it('filters by status, empty meaning all, and names a bad one', () => {
    expect(parseOk(glAccountListQuerySchema, { status: 'ACTIVE' })).toEqual({
      page: 1,
      limit: 10,
      status: 'ACTIVE',
      sort: { key: 'created', direction: 'desc' },
    });
    expect(parseOk(glAccountListQuerySchema, { status: '' }).status).toBeUndefined();
    expect(issuesOf(glAccountListQuerySchema, { status: 'on' })).toEqual({
      status: ['status must be one of ACTIVE, INACTIVE'],
    });
  });
});
