// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScreeningListJson } from '@modules/kyc/screening-contract';
import { json, mockFetch, renderWithApp } from '../ledger/test-utils';
import ScreeningLists from './ScreeningLists';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const list: ScreeningListJson = {
  id: 'l1',
  name: 'Demo watchlist',
  source: 'demo',
  entryCount: 20,
  sanctionsCount: 12,
  pepCount: 8,
  uploadedBy: null,
  createdAt: '2026-03-01T08:00:00.000Z',
  updatedAt: '2026-03-01T08:00:00.000Z',
};

describe('screening lists on the admin table', () => {
  it('lists, searches and filters on the server, and exports the same selection', async () => {
    const calls = mockFetch({ '/api/admin/screening/lists': () => json({ items: [list], total: 1, threshold: 0.85 }) });
    renderWithApp(<ScreeningLists />, '/admin/kyc?tab=screening');
    const table = await screen.findByRole('table', { name: 'Screening lists' });
    expect(await within(table).findByText('Demo watchlist', { selector: 'span.font-medium' })).toBeTruthy();
    expect(within(table).getByText('12 / 8')).toBeTruthy();
    expect(within(table).getByText('Seeded at first start')).toBeTruthy();
    expect(calls[0]!.url.searchParams.get('sort')).toBe('name');

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'demo' } });
    fireEvent.change(screen.getByLabelText('Source'), { target: { value: 'demo' } });
    await waitFor(() => {
      const last = calls.at(-1)!.url.searchParams;
      expect([last.get('q'), last.get('source')]).toEqual(['demo', 'demo']);
    });
    expect(screen.getByRole('link', { name: /Export CSV/ }).getAttribute('href')).toBe('/api/admin/screening/lists/export?q=demo&sort=name&source=demo');
  });

  it('shows the entries of a list in a dialog, searched on the server, and forgets the search when it closes', async () => {
    const entry = { id: 'e1', name: 'Karim al-Mirqadi', aliases: ['Kareem Mirqadi'], dateOfBirth: '1970', nationality: 'AE', category: 'sanctions' as const, reference: 'DEMO-1', line: 2 };
    const calls = mockFetch({
      '/api/admin/screening/lists': () => json({ items: [list], total: 1, threshold: 0.85 }),
      '/api/admin/screening/lists/l1/entries': () => json({ items: [entry], total: 1 }),
    });
    const { location } = renderWithApp(<ScreeningLists />, '/admin/kyc?tab=screening');
    fireEvent.click(await screen.findByRole('button', { name: 'Entries of Demo watchlist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Demo watchlist' });
    expect(await within(dialog).findByText('Kareem Mirqadi')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Search names, aliases and references'), { target: { value: 'kareem' } });
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/admin/screening/lists/l1/entries' && c.url.searchParams.get('q') === 'kareem')).toBe(true));
    expect(location.history?.at(-1)).toContain('entries.q=kareem');
    expect(within(dialog).getByRole('link', { name: /Export CSV/ }).getAttribute('href')).toBe('/api/admin/screening/lists/l1/entries/export?q=kareem&sort=line');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location.history?.at(-1)).toBe('/admin/kyc?tab=screening');
  });
});
