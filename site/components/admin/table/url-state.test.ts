import { describe, expect, it } from 'vitest';
import { apiQuery, ariaSortFor, isFiltered, nextSort, rangeText, readListState, writeListState, type ListStateSpec } from './url-state';

const spec: ListStateSpec = { filterKeys: ['role', 'from', 'to'], defaultSort: '-createdAt', sortValues: ['createdAt', '-createdAt', 'email', '-email'] };

describe('list state in the URL', () => {
  it('round-trips search, sort, filters and page, leaving defaults out', () => {
    const state = { q: 'aïsha khan', sort: 'email', offset: 50, limit: 100, filters: { role: 'investor', from: '2025-01-01' } };
    const qs = writeListState('', state, spec);
    expect(qs).toBe('q=a%C3%AFsha+khan&sort=email&role=investor&from=2025-01-01&limit=100&offset=50');
    expect(readListState(qs, spec)).toEqual(state);
    expect(writeListState('', { q: '', sort: '-createdAt', offset: 0, limit: 50, filters: {} }, spec)).toBe('');
  });

  it('keeps parameters that are not its own and uses a prefix for a second list', () => {
    const outbox = { ...spec, prefix: 'outbox.' };
    const qs = writeListState('q=mine&view=accounts', { q: 'welcome', sort: '-createdAt', offset: 0, limit: 50, filters: {} }, outbox);
    expect(new URLSearchParams(qs).get('q')).toBe('mine');
    expect(new URLSearchParams(qs).get('view')).toBe('accounts');
    expect(readListState(qs, outbox).q).toBe('welcome');
  });

  it('falls back to the defaults on values it cannot use', () => {
    const s = readListState('sort=password&limit=5000&offset=-3&role=', spec);
    expect(s).toEqual({ q: '', sort: '-createdAt', offset: 0, limit: 50, filters: {} });
  });

  it('gives a filter its default when the URL names none, and keeps the default out of the URL', () => {
    const queue: ListStateSpec = { filterKeys: ['status', 'risk'], filterDefaults: { status: 'pending' }, defaultSort: 'submittedAt' };
    const initial = readListState('', queue);
    expect(initial.filters).toEqual({ status: 'pending' });
    expect(isFiltered(initial, queue)).toBe(false);
    expect(apiQuery(initial).get('status')).toBe('pending');
    const all = { ...initial, filters: { status: 'all' } };
    expect(writeListState('', all, queue)).toBe('status=all');
    expect(isFiltered(readListState('status=all', queue), queue)).toBe(true);
    // Choosing no filter at all is written as an empty value, read back as no filter; the default value leaves the URL clean.
    const none = writeListState('status=all', { ...initial, filters: { status: '' } }, queue);
    expect(none).toBe('status=');
    expect(readListState(none, queue).filters).toEqual({ status: '' });
    expect(apiQuery(readListState(none, queue)).has('status')).toBe(false);
    expect(isFiltered(readListState(none, queue), queue)).toBe(true);
    expect(writeListState('status=', initial, queue)).toBe('');
  });

  it('builds the API query with the contract names', () => {
    const p = apiQuery({ q: 'x', sort: '-email', offset: 100, limit: 50, filters: { role: 'admin' } });
    expect(p.toString()).toBe('q=x&sort=-email&role=admin&limit=50&offset=100');
  });

  it('flips the direction of the sorted field and starts a new one at its first direction', () => {
    expect(nextSort('email', 'email')).toBe('-email');
    expect(nextSort('-email', 'email')).toBe('email');
    expect(nextSort('-createdAt', 'email')).toBe('email');
    expect(nextSort('email', 'createdAt', 'desc')).toBe('-createdAt');
    expect(ariaSortFor('-email', 'email')).toBe('descending');
    expect(ariaSortFor('email', 'email')).toBe('ascending');
    expect(ariaSortFor('email', 'createdAt')).toBe('none');
    expect(ariaSortFor('email', undefined)).toBeUndefined();
  });

  it('says which rows a page holds', () => {
    expect(rangeText(0, 50, 1234)).toBe('1–50 of 1,234');
    expect(rangeText(1200, 34, 1234)).toBe('1,201–1,234 of 1,234');
    expect(rangeText(0, 0, 0)).toBe('0 of 0');
  });
});
