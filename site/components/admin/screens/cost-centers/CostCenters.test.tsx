// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderWithApp } from '@site/components/admin/ledger/test-utils';
import CostCenters from '../CostCenters';

const center = (code: string, name: string, kind: string, parent: string | null, extra: Record<string, unknown> = {}) => ({
  id: `id-${code}`,
  code,
  name,
  kind,
  parent,
  property: null,
  description: '',
  archived: false,
  createdAt: '2026-01-05T08:00:00.000Z',
  ...extra,
});
const ops = center('OPS', 'Operations', 'department', null);
const dxb = center('OPS-DXB', 'Dubai office', 'department', 'OPS');
const marina = center('PROP-MARINA', 'Marina Heights', 'property', null, { property: 'marina-heights', archived: true });
const totals = (budgetExpense: string, expense: string) => ({ income: '0', expense, net: `-${expense}`, budgetIncome: '0', budgetExpense });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('cost centers', () => {
  it('searches, filters and sorts on the server, shows each row in the tree with its figures, and archives', async () => {
    const calls = mockFetch({
      '/api/admin/ledger/cost-centers/options': () => json({ items: [ops, dxb, marina], total: 3 }),
      '/api/admin/ledger/cost-centers': ({ url }) => json(url.searchParams.get('q') ? { items: [dxb], total: 1 } : { items: [ops, dxb, marina], total: 3 }),
      '/api/admin/budgets/cost-centers/actuals': ({ url }) =>
        json({ totals: url.searchParams.has('costCenters') ? { OPS: totals('500000', '650000'), 'OPS-DXB': totals('0', '120000') } : { '*company': totals('900000', '700000') } }),
      'PATCH /api/admin/ledger/cost-centers/OPS-DXB': () => json({ ...dxb, archived: true }),
    });
    renderWithApp(<CostCenters />, '/admin/cost-centers?kind=department');
    const table = await screen.findByRole('table', { name: 'Cost centers' });
    await within(table).findByText('Dubai office');
    const list = () => calls.filter((c) => c.url.pathname === '/api/admin/ledger/cost-centers').at(-1)!.url.searchParams;
    expect(list().get('kind')).toBe('department');
    expect(list().get('sort')).toBe('code');
    const dxbRow = within(table).getByRole('row', { name: /Dubai office/ });
    expect(dxbRow.textContent).toContain('Under OPS');
    // The page's codes go to the budgets report; an over-budget center is said so.
    await waitFor(() => expect(within(table).getByRole('row', { name: /Operations/ }).textContent).toContain('6,500.00'));
    const report = calls.find((c) => c.url.pathname.endsWith('/actuals') && c.url.searchParams.has('costCenters'))!;
    expect(report.url.searchParams.get('costCenters')).toBe('OPS,OPS-DXB,PROP-MARINA');
    expect(within(table).getByRole('row', { name: /Operations/ }).textContent).toContain('over budget');
    expect(within(table).getByRole('row', { name: /Marina Heights/ }).textContent).toContain('Archived');

    await act(async () => {
      fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'archived' } });
    });
    expect(list().get('status')).toBe('archived');
    await act(async () => {
      fireEvent.click(within(table).getByRole('button', { name: /^Kind/ }));
    });
    expect(list().get('sort')).toBe('kind');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'dubai' } });
    await waitFor(() => expect(list().get('q')).toBe('dubai'));
    expect(screen.getByRole('link', { name: /Export CSV/ }).getAttribute('href')).toBe('/api/admin/ledger/cost-centers/export?q=dubai&sort=kind&kind=department&status=archived');

    fireEvent.click(await within(table).findByRole('button', { name: 'Archive Dubai office' }));
    const dialog = screen.getByRole('dialog', { name: 'Archive Dubai office?' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    });
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ archived: true });
  });
});
