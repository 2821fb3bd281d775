// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderWithApp, type Call } from '@site/components/admin/ledger/test-utils';
import { todayInDubai, yearStart } from '@modules/platform/dates';
import { cashFixture, emptyBudgetFixture, revenueFixture } from './fixtures';
import ErpDashboardsScreen from './ErpDashboardsScreen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const BASE = '/api/admin/erp-dashboards';

function api(overrides: Record<string, (call: Call) => Response | Promise<Response>> = {}) {
  return mockFetch({
    [`GET ${BASE}/cash`]: () => json(cashFixture),
    [`GET ${BASE}/revenue`]: () => json(revenueFixture),
    [`GET ${BASE}/budget`]: () => json(emptyBudgetFixture),
    ...overrides,
  });
}

describe('/admin/erp-dashboards', () => {
  it('shows cash and runway with every amount linked to its ledger lines, and the chart as a table', async () => {
    const calls = api();
    renderWithApp(<ErpDashboardsScreen />, '/admin/erp-dashboards');
    const link = await screen.findByRole('link', { name: /^Operator cash: AED 811,000\.00\. Open the ledger lines of account 1110/ });
    expect(link.getAttribute('href')).toBe(`/admin/financial/ledger?account=1110&from=2025-12-01&to=2026-11-26`);
    expect(screen.getByText('25.34 months')).toBeTruthy();
    const burnIncome = screen.getAllByRole('link', { name: /Operator income, / })[0];
    expect(burnIncome.getAttribute('aria-label')).toMatch(/accounts 4110, 4130/);
    const chartTable = screen.getByRole('table', { name: 'Cash at each month end (AED)' });
    expect(within(chartTable).getAllByRole('row')).toHaveLength(4);
    const cashCall = calls.find((c) => c.url.pathname === `${BASE}/cash`)!;
    expect(cashCall.url.searchParams.get('to')).toBe(todayInDubai());
    // The builder stays one click away.
    expect(screen.getByRole('link', { name: /Dashboard builder/ }).getAttribute('href')).toBe('/admin/dashboard/builder');
  });

  it('switches dashboards by tab (arrow keys too) and asks again for another period', async () => {
    const calls = api();
    renderWithApp(<ErpDashboardsScreen />, '/admin/erp-dashboards');
    await screen.findByText('25.34 months');
    const cashTab = screen.getByRole('tab', { name: 'Cash and runway' });
    fireEvent.keyDown(cashTab, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Revenue by stream' }).getAttribute('aria-selected')).toBe('true');
    const stream = await screen.findByRole('link', { name: /^Service income, this period: AED 3,000\.00/ });
    expect(stream.getAttribute('href')).toBe('/admin/financial/ledger?account=4300&from=2025-12-01&to=2026-11-26');
    expect(screen.getByRole('table', { name: 'Income by stream and month (AED)' })).toBeTruthy();
    expect(screen.getByText('+100.0%')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'this-year' } });
    await waitFor(() => expect(calls.some((c) => c.url.pathname === `${BASE}/revenue` && c.url.searchParams.get('from') === yearStart(todayInDubai()))).toBe(true));
  });

  it('says what to do when there is no budget, and refuses a reversed custom period before asking', async () => {
    api();
    renderWithApp(<ErpDashboardsScreen />, '/admin/erp-dashboards');
    fireEvent.click(screen.getByRole('tab', { name: 'Budget against actual' }));
    expect(await screen.findByText('No budget covers this period')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open budgets' }).getAttribute('href')).toBe('/admin/budget-management');
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'custom' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-05-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-04-01' } });
    expect((await screen.findAllByText('The start must be on or before the end.')).length).toBeGreaterThan(0);
  });

  it('shows an error with a retry that loads the dashboard', async () => {
    let fail = true;
    api({ [`GET ${BASE}/cash`]: () => (fail ? json({ message: 'The database is not reachable.', error: 'unavailable' }, 503) : json(cashFixture)) });
    renderWithApp(<ErpDashboardsScreen />, '/admin/erp-dashboards');
    expect(await screen.findByText("Couldn't load cash and runway", {}, { timeout: 5000 })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getAllByRole('button', { name: 'Try again' })[0]);
    expect(await screen.findByText('25.34 months')).toBeTruthy();
  });

  it('lists the dashboards the team built, or says none yet while the builder API answers 404', async () => {
    api();
    renderWithApp(<ErpDashboardsScreen />, '/admin/erp-dashboards');
    expect(await screen.findByText('No dashboards built by the team yet')).toBeTruthy();
    cleanup();
    api({
      'GET /api/admin/analytics/dashboards': () =>
        json({ items: [{ id: 'd-1', name: 'Board pack', description: '', ownerName: 'Layla Haddad', widgetCount: 4, shared: true, mine: true, updatedAt: '2026-11-20T08:00:00.000Z', createdAt: '2026-11-19T08:00:00.000Z' }], total: 1 }),
    });
    renderWithApp(<ErpDashboardsScreen />, '/admin/erp-dashboards');
    const row = (await screen.findByRole('link', { name: 'Board pack' })).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'Board pack' }).getAttribute('href')).toBe('/admin/dashboard/builder?dashboard=d-1');
    expect(row.textContent).toContain('All admins');
  });
});
