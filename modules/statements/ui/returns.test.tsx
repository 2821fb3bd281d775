// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQuery, Reply, stubApi } from '@modules/sip/ui/test-api';
import { $currency } from '@site/lib/stores/currency';
import type { HoldingReturnsJson, IncomeCalendarJson, ReturnsFiguresJson, ReturnsJson } from '../contract';
import { HoldingReturns } from './HoldingReturns';
import { IncomeCalendar } from './IncomeCalendar';
import { ReturnsCard } from './ReturnsCard';

const figures = (over: Partial<ReturnsFiguresJson> = {}): ReturnsFiguresJson => ({
  invested: '200000',
  currentValue: '180000',
  saleProceeds: '58472',
  income: '50000',
  feesPaid: { purchase: '0', sale: '328', platform: '1550', total: '1878' },
  valueChange: '38472',
  totalReturn: '86922',
  incomeReturnBps: 2500,
  valueChangeBps: 1924,
  totalReturnBps: 4346,
  xirrBps: 3110,
  xirrReason: null,
  since: '2026-09-05',
  ...over,
});
const holding = (over: Partial<HoldingReturnsJson> = {}): HoldingReturnsJson => ({
  ...figures(),
  property: { id: 'p1', reference: 'MZ-1', slug: 'marina-heights', title: 'Marina Heights', status: 'funded' },
  units: '15000',
  held: true,
  ...over,
});
/** Text with Intl's no-break spaces as plain spaces. */
const plain = (el: Element | null) => (el?.textContent ?? '').replace(/\s/g, ' ');
const returns: ReturnsJson = { asOf: '2026-11-20', portfolio: figures(), holdings: [holding()] };
const calendar: IncomeCalendarJson = {
  asOf: '2026-11-20',
  months: [
    { period: '2026-09', kind: 'paid', total: '0', byProperty: [] },
    { period: '2026-10', kind: 'paid', total: '50000', byProperty: [{ propertyId: 'p1', title: 'Marina Heights', amount: '50000' }] },
    { period: '2026-11', kind: 'paid', total: '0', byProperty: [] },
    { period: '2026-12', kind: 'expected', total: '37500', byProperty: [{ propertyId: 'p1', title: 'Marina Heights', amount: '37500' }] },
    { period: '2027-01', kind: 'expected', total: '37500', byProperty: [{ propertyId: 'p1', title: 'Marina Heights', amount: '37500' }] },
  ],
  basis: [{ propertyId: 'p1', title: 'Marina Heights', units: '15000', method: 'last_distribution', perMonth: '37500', explanation: 'Your 1.5 shares × the last distribution (2026-09: AED 250.00 a share).' }],
  paidTotal: '50000',
  expectedTotal: '225000',
};

beforeEach(() => $currency.set('AED'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ReturnsCard', () => {
  it('shows income, value change, total and XIRR, each as an amount and a percent with what it means', async () => {
    stubApi({ 'GET /api/returns': returns });
    renderWithQuery(<ReturnsCard />);
    const card = await screen.findByRole('region', { name: 'Returns' });
    await within(card).findByText('Income return');
    const tile = (label: string) => ({ textContent: plain(within(card).getByText(label).closest('div')) });
    expect(tile('Income return').textContent).toContain('+AED 500.00');
    expect(tile('Income return').textContent).toContain('+25%');
    expect(tile('Value change').textContent).toContain('+AED 384.72');
    expect(tile('Value change').textContent).toContain('+19.24%');
    expect(tile('Total return').textContent).toContain('+AED 869.22');
    expect(tile('Total return').textContent).toContain('Platform fees paid: AED 15.50');
    expect(tile('Annual return (XIRR)').textContent).toContain('+31.1% a year');
    expect(tile('Annual return (XIRR)').textContent).toContain('Since 5 Sept 2026');
    expect(plain(card)).toContain('Fees paid: AED 18.78');
  });

  it('shows amounts in the chosen currency and says why XIRR is not shown yet', async () => {
    $currency.set('USD');
    stubApi({ 'GET /api/returns': { ...returns, portfolio: figures({ xirrBps: null, xirrReason: 'too_recent' }) } });
    renderWithQuery(<ReturnsCard />);
    const card = await screen.findByRole('region', { name: 'Returns' });
    await within(card).findByText('Not yet');
    expect(plain(card)).toContain('$136.24');
    expect(plain(card)).toContain('Shown after 30 days of history');
  });

  it('invites a first investment when there is nothing yet', async () => {
    stubApi({ 'GET /api/returns': { asOf: '2026-11-20', portfolio: figures({ invested: '0', income: '0', xirrBps: null, xirrReason: 'no_investment' }), holdings: [] } });
    renderWithQuery(<ReturnsCard />);
    expect(await screen.findByRole('heading', { name: 'Your returns start with your first investment' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Browse properties/ }).getAttribute('href')).toBe('/properties');
  });

  it('says when the returns cannot be loaded, and tries again', async () => {
    let fail = true;
    stubApi({ 'GET /api/returns': () => (fail ? new Reply(500, { message: 'Something went wrong on our side.', error: 'internal_error' }) : returns) });
    renderWithQuery(<ReturnsCard />);
    expect(await screen.findByText("We couldn't load your returns")).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /Try again/ }));
    expect(await screen.findByText('Income return')).toBeTruthy();
  });
});

describe('IncomeCalendar', () => {
  it('draws paid and expected months with the shared chart, a table one click away, and how the estimate was made', async () => {
    stubApi({ 'GET /api/returns/calendar': calendar });
    renderWithQuery(<IncomeCalendar />);
    const chart = await screen.findByRole('img', { name: /Rental income by month/ });
    const name = chart.getAttribute('aria-label')!.replace(/\s/g, ' ');
    expect(name).toContain('October 2026: AED 500.00');
    expect(name).toContain('December 2026 (expected): AED 375.00');
    // Months before the first payment are left out; the current month stays.
    expect(name).not.toContain('September 2026');
    expect(name).toContain('November 2026: AED 0.00');
    fireEvent.click(screen.getByRole('button', { name: 'Show as table' }));
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(5);
    expect(rows[3].textContent).toContain('expected');
    expect(screen.getByText(/Last 12 months: AED.500.00/)).toBeTruthy();
    expect(screen.getByText('How the expected income is worked out')).toBeTruthy();
    expect(screen.getByText(/From the last distribution/)).toBeTruthy();
    expect(screen.getByText(/the last distribution \(2026-09/)).toBeTruthy();
  });

  it('has a plain empty state before any income', async () => {
    stubApi({ 'GET /api/returns/calendar': { ...calendar, months: calendar.months.map((m) => ({ ...m, total: '0', byProperty: [] })), basis: [], paidTotal: '0', expectedTotal: '0' } });
    renderWithQuery(<IncomeCalendar />);
    expect(await screen.findByRole('heading', { name: 'No rental income yet' })).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });
});

describe('HoldingReturns', () => {
  it("shows one property's returns and says when all shares were sold", async () => {
    stubApi({ 'GET /api/returns': { ...returns, holdings: [holding(), holding({ property: { id: 'p2', reference: 'MZ-2', slug: 'creek', title: 'Creek Villas', status: 'funded' }, held: false, units: '0', income: '1000' })] } });
    const { unmount } = renderWithQuery(<HoldingReturns propertyId="p1" />);
    const section = await screen.findByRole('region', { name: 'Your returns on this property' });
    await within(section).findByText('You hold 1.5 shares of Marina Heights.');
    expect(plain(within(section).getByText('Income return').closest('div'))).toContain('+AED 500.00');
    unmount();
    renderWithQuery(<HoldingReturns propertyId="p2" />);
    expect(await screen.findByText(/You sold all your shares of Creek Villas/)).toBeTruthy();
    expect(plain(screen.getByText('Income return').closest('div'))).toContain('+AED 10.00');
  });

  it('says so when the investor has no shares in the property', async () => {
    stubApi({ 'GET /api/returns': returns });
    renderWithQuery(<HoldingReturns propertyId="nope" />);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'You have no shares in this property' })).toBeTruthy());
  });
});
