// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminPropertyListItem } from '@modules/properties/admin-list-contract';
import { json, mockFetch, renderWithApp } from '@site/components/admin/ledger/test-utils';
import Properties from '@site/components/admin/screens/Properties';

const ID = '5b0c7a43-6d4e-4a59-9a4f-2f3d1c0e9b11';
const villa = {
  id: ID,
  reference: 'MZ-DXB-0007',
  slug: 'al-barari-villa',
  title: 'Al Barari garden villa',
  summary: '',
  community: 'Al Barari',
  city: 'Dubai',
  propertyType: 'villa',
  bedrooms: 4,
  bathrooms: 5,
  sizeSqft: 5200,
  status: 'funding',
  sharePrice: '50000',
  totalShares: '1000000000',
  sharesSold: '250000000',
  fundedBps: 2500,
  fundedPercent: 25,
  fundingTarget: '500000000',
  fundingDeadline: '2026-12-31',
  valuation: '650000000',
  grossYieldBps: 720,
  netYieldBps: 610,
  projectedAppreciationBps: 400,
  cover: null,
  publishedAt: '2026-10-01T06:00:00.000Z',
  createdAt: '2026-09-20T06:00:00.000Z',
} as AdminPropertyListItem;

beforeEach(() => {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('admin properties', () => {
  it('lists from the server with the address’s search and filters, sorts by column, and opens a property keeping the list’s state', async () => {
    const calls = mockFetch({
      '/api/admin/properties': () => json({ items: [villa], total: 61, limit: 50, offset: 0 }),
      '/api/admin/properties/stats': () => json({ byStatus: { draft: 2, coming_soon: 1, funding: 5, funded: 3, exited: 1, closed: 0 }, portfolioValue: '0', raised: '0', averageNetYieldBps: 610 }),
      [`/api/admin/properties/${ID}`]: () => json({ message: 'Property not found', error: 'not_found' }, 404),
    });
    const { location } = renderWithApp(<Properties />, '/admin/properties?q=barari&city=Dubai');
    const table = await screen.findByRole('table', { name: 'Properties' });
    await within(table).findByText('Al Barari garden villa');
    const list = () => calls.filter((c) => c.url.pathname === '/api/admin/properties').at(-1)!.url.searchParams;
    expect([list().get('q'), list().get('city'), list().get('sort'), list().get('limit')]).toEqual(['barari', 'Dubai', 'status', '50']);
    expect(screen.getByRole('link', { name: /Export CSV/ }).getAttribute('href')).toBe('/api/admin/properties/export?q=barari&sort=status&city=Dubai');

    await act(async () => {
      fireEvent.click(within(table).getByRole('button', { name: /^Net yield/ }));
    });
    expect(list().get('sort')).toBe('-netYield');
    expect(within(table).getByRole('columnheader', { name: /Net yield/ }).getAttribute('aria-sort')).toBe('descending');

    fireEvent.click(within(table).getByRole('button', { name: 'Al Barari garden villa' }));
    await waitFor(() => expect(location.history.at(-1)).toBe(`/admin/properties?q=barari&city=Dubai&sort=-netYield&property=${ID}`));
    fireEvent.click(await screen.findByRole('button', { name: 'Back to all properties' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/admin/properties?q=barari&city=Dubai&sort=-netYield'));
    expect(await screen.findByRole('table', { name: 'Properties' })).toBeTruthy();
  });
});
