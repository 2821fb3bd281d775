// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderWithApp, type Call } from '@site/components/admin/ledger/test-utils';
import type { DashboardJson } from '../../dashboard-contract';
import { changeText } from './charts';
import DashboardBuilderTab from './DashboardBuilderTab';
import { DashboardView } from './DashboardView';
import { aumSeries, cashSeries, dashboard, metricGroups, widget } from './fixtures';
import { swapVertical } from './grid';
import { formatValue } from './shared';
import { stepLayout } from './widget-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function api(overrides: Record<string, (call: Call) => Response | Promise<Response>> = {}) {
  return mockFetch({
    'GET /api/auth/me': () => json({ id: 'u1', firstName: 'Admin', lastName: 'User', email: 'admin@manzil.ae', role: 'admin', mfaEnabled: true, kycStatus: 'approved', unicode: 'MZ-ADMIN1' }),
    'GET /api/admin/analytics/dashboards': () => json({ items: [dashboard()], total: 1 }),
    'GET /api/admin/analytics/dashboards/d1': () => json(dashboard()),
    'GET /api/admin/analytics/metrics': () => json({ groups: metricGroups, total: 3 }),
    'GET /api/admin/analytics/series': (c) => json(c.url.searchParams.get('metric') === 'ops.aum' ? aumSeries : cashSeries),
    'GET /api/admin/ledger/cost-centers': () => json({ items: [{ code: 'OPS', name: 'Operations' }], total: 1 }),
    ...overrides,
  });
}

describe('/admin/dashboard/builder', () => {
  it('formats values by unit and steps layouts inside the grid', () => {
    expect(formatValue('125050', 'money')).toBe('AED 1,250.50');
    expect(formatValue('1204', 'count')).toBe('1,204');
    expect(formatValue('435', 'percent')).toBe('4.35%');
    expect(formatValue('250', 'days')).toBe('2.50 days');
    expect(changeText('120', '100')).toBe('+20.00%');
    expect(changeText('80', '100')).toBe('-20.00%');
    expect(stepLayout({ x: 6, y: 0, w: 6, h: 4 }, 'right')).toEqual({ x: 6, y: 0, w: 6, h: 4 });
    expect(stepLayout({ x: 6, y: 0, w: 6, h: 4 }, 'narrower')).toEqual({ x: 6, y: 0, w: 5, h: 4 });
    expect(stepLayout({ x: 0, y: 0, w: 1, h: 12 }, 'taller')).toEqual({ x: 0, y: 0, w: 1, h: 12 });
    const [a, b, c] = [widget({ id: 'a', layout: { x: 0, y: 0, w: 6, h: 2 } }), widget({ id: 'b', layout: { x: 0, y: 2, w: 12, h: 3 } }), widget({ id: 'c', layout: { x: 6, y: 0, w: 6, h: 2 } })];
    expect(Object.fromEntries(swapVertical([a, b, c], a, 'down'))).toEqual({ b: { x: 0, y: 0, w: 12, h: 3 }, a: { x: 0, y: 3, w: 6, h: 2 } });
    expect(Object.fromEntries(swapVertical([a, b, c], b, 'up'))).toEqual({ b: { x: 0, y: 0, w: 12, h: 3 }, a: { x: 0, y: 3, w: 6, h: 2 } });
    expect(swapVertical([a, b, c], a, 'up').size).toBe(0);
  });

  it('lists dashboards with owner, widget count and sharing, and opens one by deep link', async () => {
    api();
    const { location } = renderWithApp(<DashboardBuilderTab />, '/admin/dashboard/builder');
    const row = (await screen.findAllByText('Operator overview'))[0]!.closest('tr')!;
    expect(row.textContent).toContain('Admin User (you)');
    expect(row.textContent).toContain('All admins');
    fireEvent.click(within(row).getByRole('button', { name: /Open Operator overview/ }));
    await waitFor(() => expect(location.history?.at(-1)).toContain('dashboard=d1'));
  });

  it('draws the saved widgets with their figures, moves one from the keyboard and saves exactly that', async () => {
    const moved = dashboard({ widgets: [{ ...dashboard().widgets[0]!, layout: { x: 0, y: 0, w: 6, h: 5 } }, dashboard().widgets[1]!] });
    const calls = api({ 'PUT /api/admin/analytics/dashboards/d1/layout': () => json(moved) });
    renderWithApp(<DashboardBuilderTab />, '/admin/dashboard/builder?dashboard=d1');
    expect(await screen.findByLabelText(/Dashboard name/)).toHaveProperty('value', 'Operator overview');
    const cashCard = (await screen.findByRole('heading', { name: 'Cash at bank' })).closest('section')!;
    await waitFor(() => expect(cashCard.textContent).toContain('AED 3,750.50'));
    const aumCard = screen.getByRole('heading', { name: 'AUM' }).closest('section')!;
    await waitFor(() => expect(aumCard.textContent).toContain('AED 1,200,000.00'));
    expect(aumCard.textContent).toContain('+20.00%');
    expect(screen.queryByText('Unsaved changes')).toBeNull();

    fireEvent.click(within(cashCard).getByRole('button', { name: 'Options for Cash at bank' }));
    fireEvent.click(within(cashCard).getByRole('button', { name: 'Taller' }));
    expect(await screen.findByText('Unsaved changes')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ layout: [{ id: 'cash', x: 0, y: 0, w: 6, h: 5 }, { id: 'aum', x: 6, y: 0, w: 6, h: 4 }] });
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).toBeNull());
  });

  it('adds a widget from the searched catalogue, with the filters the metric has', async () => {
    const calls = api({ 'PATCH /api/admin/analytics/dashboards/d1': (c) => json({ ...dashboard(), widgets: (c.body as DashboardJson).widgets }) });
    renderWithApp(<DashboardBuilderTab />, '/admin/dashboard/builder?dashboard=d1');
    await screen.findByRole('heading', { name: 'Cash at bank' });
    fireEvent.click(screen.getByRole('button', { name: 'Add widget' }));
    const dialog = (await screen.findByText('Add a widget')).closest('dialog')!;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add widget' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Choose a metric');
    fireEvent.change(within(dialog).getByLabelText('Search the catalogue'), { target: { value: 'headcount' } });
    expect([...within(dialog).getByLabelText('Metric').querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Headcount']);
    fireEvent.change(within(dialog).getByLabelText('Metric'), { target: { value: 'ops.headcount' } });
    expect(within(dialog).getByLabelText('Cost center')).toBeTruthy();
    expect(within(dialog).queryByLabelText('Property')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Chart'), { target: { value: 'bar' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add widget' }));
    expect(await screen.findByRole('heading', { name: 'Headcount' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const sent = calls.find((c) => c.method === 'PATCH')!.body as DashboardJson;
    expect(sent.widgets).toHaveLength(3);
    expect(sent.widgets[2]).toMatchObject({ metric: 'ops.headcount', chart: 'bar', layout: { x: 0, y: 4, w: 6, h: 4 } });
  });

  it('shows a dashboard shared by someone else read-only, and the view states errors', async () => {
    api({ 'GET /api/admin/analytics/dashboards/d1': () => json(dashboard({ canEdit: false, mine: false, ownerName: 'Sara Malik' })) });
    renderWithApp(<DashboardBuilderTab />, '/admin/dashboard/builder?dashboard=d1');
    expect(await screen.findByText(/Sara Malik shared this dashboard/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    cleanup();
    api({ 'GET /api/admin/analytics/dashboards/d2': () => json({ message: 'We could not find that dashboard.', error: 'dashboard_not_found' }, 404) });
    renderWithApp(<DashboardView id="d2" />, '/admin/erp-dashboards');
    expect((await screen.findByRole('alert')).textContent).toContain('We could not find that dashboard.');
  });
});
