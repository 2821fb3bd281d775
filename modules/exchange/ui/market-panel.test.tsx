// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $currency } from '@site/lib/stores/currency';
import { MarketData } from './MarketPanel';
import { book, renderWithQuery, Reply, stubApi } from './test-api';

beforeEach(() => $currency.set('AED'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('property page market data', () => {
  it('shows the last price, best bid and ask and 24h volume, and links to trade the property', async () => {
    stubApi({ 'GET /api/exchange/properties/p1/book': book });
    renderWithQuery(<MarketData propertyId="p1" title="Marina Gate two-bedroom" />);
    const last = await screen.findByText('Last price');
    const panel = last.closest('section')!;
    const text = panel.textContent!.replace(/\s/g, ' ');
    expect(text).toContain('Last priceAED 1,010.00');
    expect(text).toContain('24h volumeAED 3,030.003 shares');
    expect(text).toContain('Best bidAED 990.00');
    expect(text).toContain('Best askAED 1,020.00');
    expect(screen.getByRole('link', { name: /^Trade on the exchange\W+Marina Gate two-bedroom$/ }).getAttribute('href')).toBe('/exchange?property=p1');
  });

  it('says so when the property is not open for trading', async () => {
    stubApi({ 'GET /api/exchange/properties/p1/book': new Reply(409, { error: 'not_tradable', message: 'Marina Gate two-bedroom is not open for trading on the exchange.' }) });
    renderWithQuery(<MarketData propertyId="p1" title="Marina Gate two-bedroom" />);
    expect(await screen.findByText('Marina Gate two-bedroom is not open for trading on the exchange.')).toBeTruthy();
  });

  it('asks a visitor to log in, without asking for market data', async () => {
    const calls = stubApi({}, null);
    renderWithQuery(<MarketData propertyId="p1" title="Marina Gate two-bedroom" />);
    expect((await screen.findByRole('link', { name: 'Log in to see the market' })).getAttribute('href')).toBe('/login');
    expect(calls.some((c) => c.path.startsWith('/api/exchange'))).toBe(false);
  });
});
