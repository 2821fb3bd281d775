// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderWithApp } from '@site/components/admin/ledger/test-utils';
import type { AgingJson, StatementJson } from '../../contract';
import ReceivablesTab from './ReceivablesTab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const C1 = '11111111-1111-4111-8111-111111111111';
const aging = (asOf: string): AgingJson => ({
  asOf,
  buckets: ['current', '1-30', '31-60', '61-90', '90+'],
  customers: [{ customerId: C1, name: 'Palm Crest Holiday Homes LLC', current: '100000', d1_30: '0', d31_60: '300000', d61_90: '0', d90_plus: '1138000', total: '1538000' }],
  totals: { current: '100000', d1_30: '0', d31_60: '300000', d61_90: '0', d90_plus: '1138000', total: '1538000' },
  credits: '200000',
});
const statement: StatementJson = {
  customer: { id: C1, name: 'Palm Crest Holiday Homes LLC', email: 'finance@palmcrest.test', kind: 'service_client', trn: null, address: { line1: '', city: 'Dubai', emirate: 'dubai', country: 'AE' }, paymentTermsDays: 15, creditLimit: null, currency: 'AED', openBalance: '1538000', overdue: '1438000', credit: '0', createdAt: '2026-01-01T00:00:00.000Z' },
  from: '2026-01-01',
  to: '2026-04-12',
  opening: '0',
  lines: [
    { date: '2026-01-05', kind: 'invoice', reference: 'INV-2026-0002', description: 'Invoice', debit: '1138000', credit: '0', balance: '1138000' },
    { date: '2026-02-01', kind: 'payment', reference: 'FT-1', description: 'Payment received', debit: '0', credit: '38000', balance: '1100000' },
  ],
  closing: '1100000',
};

describe('/admin/financial/receivables', () => {
  it('ages what customers owe as at a date, as a chart and a table whose amounts open the invoices behind them', async () => {
    const calls = mockFetch({
      'GET /api/admin/receivables/aging': (c) => json(aging(c.url.searchParams.get('asOf')!)),
      'GET /api/admin/receivables/dunning': () => json({ asOf: '2026-04-12', items: [] }),
      'GET /api/admin/customers': () => json({ items: [statement.customer], total: 1 }),
      [`GET /api/admin/customers/${C1}/statement`]: () => json(statement),
    });
    renderWithApp(<ReceivablesTab />, '/admin/financial/receivables?asOf=2026-04-12');
    const chart = await screen.findByRole('img', { name: /Open receivables by customer and days past due, as at 2026-04-12/ });
    expect(chart.getAttribute('aria-label')).toContain('Palm Crest Holiday Homes LLC');
    const table = screen.getByRole('table', { name: /Receivables aging as at 2026-04-12/ });
    const over90 = within(table).getByRole('link', { name: /AED 11,380\.00 of Palm Crest Holiday Homes LLC, Over 90 days/ });
    expect(over90.getAttribute('href')).toBe(`/admin/invoicing?customerId=${C1}&bucket=90%2B&asOf=2026-04-12`);
    expect(screen.getByText(/Customer credit not yet allocated.*AED 2,000\.00/)).toBeTruthy();
    expect(await screen.findByText('No reminders due')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('As at'), { target: { value: '2026-03-31' } });
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/aging') && c.url.searchParams.get('asOf') === '2026-03-31')).toBe(true));

    const later = await screen.findByRole('table', { name: /Receivables aging as at 2026-03-31/ });
    fireEvent.click(within(later).getByRole('link', { name: /^Palm Crest Holiday Homes LLC\W+statement$/ }));
    const st = await screen.findByRole('table', { name: /Statement of Palm Crest Holiday Homes LLC/ });
    expect(st.textContent).toMatch(/Opening balance.*INV-2026-0002.*AED 11,380\.00.*Payment received.*AED 380\.00.*AED 11,000\.00.*Closing balance/);
    expect(screen.getByRole('link', { name: /Download CSV/ }).getAttribute('href')).toContain('format=csv');
  });
});
