// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HoldingJson } from '@modules/investing/contract';
import { renderWithQuery, stubApi } from '@modules/sip/ui/test-api';
import { $currency } from '@site/lib/stores/currency';
import { periodLabel } from './format';
import { HoldingPage } from './HoldingPage';
import { M2, myDistributions, P1, pnl } from './test-fixtures';

beforeEach(() => $currency.set('AED'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const holding: HoldingJson = {
  property: { id: P1, reference: 'MZ-DXB-001', slug: 'marina-gate', title: 'Marina Gate', city: 'Dubai', community: 'Dubai Marina', status: 'funded' },
  units: '600000',
  shares: '60',
  reservedUnits: '0',
  cost: '6000000',
  currentValue: '6300000',
  gain: '300000',
  gainBps: 500,
  ownershipBps: 6000,
  valuation: '10500000',
  valuedOn: '2026-06-30',
  currentSharePrice: '105000',
};

const routes = {
  'GET /api/portfolio': { holdings: [holding], totals: { cost: '6000000', currentValue: '6300000', gain: '300000', gainBps: 500, properties: 1 } },
  'GET /api/distributions': myDistributions,
  [`GET /api/properties/${P1}/pnl`]: pnl(),
};

describe('the holding page', () => {
  it('asks a visitor to sign in and reads nothing else', async () => {
    const calls = stubApi(routes, null);
    renderWithQuery(<HoldingPage propertyId={P1} />);
    expect((await screen.findByRole('link', { name: 'Log in' })).getAttribute('href')).toBe('/login');
    expect(calls.some((c) => c.path === '/api/portfolio')).toBe(false);
  });

  it("shows the investor's shares, value and cost, their distributions from the property and its books; the returns area only when given", async () => {
    const calls = stubApi(routes);
    const { unmount } = renderWithQuery(<HoldingPage propertyId={P1} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Marina Gate' })).toBeTruthy();
    const figures = await screen.findByRole('region', { name: 'Your holding' });
    expect(figures.textContent).toContain('60');
    expect(figures.textContent).toContain('60% of the property');
    expect(figures.textContent).toMatch(/Value\s*AED\s63,000\.00/);
    expect(figures.textContent).toMatch(/Cost\s*AED\s60,000\.00/);
    expect(figures.textContent).toContain('+5% on what you paid');
    const paid = await screen.findByRole('table', { name: 'Your distributions from Marina Gate' });
    const row = within(paid).getByRole('rowheader', { name: new RegExp(periodLabel(M2)) }).closest('tr')!;
    expect(row.textContent).toMatch(/AED\s4,320\.00.*AED\s12\.50.*AED\s4,307\.50/);
    expect(calls.find((c) => c.path === '/api/distributions')?.search).toBe(`?propertyId=${P1}&limit=200`);
    expect(await screen.findByRole('table', { name: /Marina Gate: income and costs by month/ })).toBeTruthy();
    expect(document.querySelector('[data-slot="holding-returns"]')).toBeNull();
    unmount();

    renderWithQuery(
      <HoldingPage propertyId={P1}>
        <p>Returns for this holding</p>
      </HoldingPage>,
    );
    expect((await screen.findByText('Returns for this holding')).closest('[data-slot="holding-returns"]')).toBeTruthy();
  });

  it('says so when the investor no longer holds the property, and still lists its distributions and books', async () => {
    stubApi({ ...routes, 'GET /api/portfolio': { holdings: [], totals: { cost: '0', currentValue: '0', gain: '0', gainBps: 0, properties: 0 } } });
    renderWithQuery(<HoldingPage propertyId={P1} />);
    expect(await screen.findByText(/You don't hold shares of this property now/)).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Marina Gate' })).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'Your distributions from Marina Gate' })).toBeTruthy();
  });

  it('shows a real empty state with no distributions, and a way back without a property in the link', async () => {
    stubApi({ ...routes, 'GET /api/distributions': { items: [], total: 0, totals: { amount: '0', feeNetted: '0', net: '0' } } });
    const { unmount } = renderWithQuery(<HoldingPage propertyId={P1} />);
    expect(await screen.findByText('No distributions from this property yet')).toBeTruthy();
    unmount();
    renderWithQuery(<HoldingPage propertyId={null} />);
    expect((await screen.findByRole('link', { name: 'See my properties' })).getAttribute('href')).toBe('/dashboard');
  });
});
