// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Reply, renderWithQuery, stubApi } from '@modules/sip/ui/test-api';
import { periodLabel } from './format';
import { PnlSection } from './PnlSection';
import { NO_RENT_YET } from './PnlView';
import { blankMonth, M0, M1, M2, M3, P1, pnl } from './test-fixtures';

beforeEach(() => vi.useRealTimers());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const url = `GET /api/properties/${P1}/pnl`;

describe('the property P&L (investors)', () => {
  it('shows where the rent went by month, with every figure in the table and totals, from the first month with figures', async () => {
    stubApi({ [url]: pnl() }, null);
    renderWithQuery(<PnlSection propertyId={P1} />);
    const table = await screen.findByRole('table', { name: /Marina Gate: income and costs by month/ });
    expect(screen.getByText(/Every figure comes from the property's books: .* 10% of each month's net income is kept in reserve/)).toBeTruthy();
    const rows = within(table).getAllByRole('row');
    // Header, the paid month, the open month, totals: the empty months before and after the figures are left out.
    expect(rows).toHaveLength(4);
    expect(within(table).queryByText(periodLabel(M3))).toBeNull();
    expect(within(table).queryByText(periodLabel(M0))).toBeNull();
    expect(screen.getByRole('img', { name: /Where the rent went/ }).getAttribute('aria-label')).not.toContain(periodLabel(M0));
    const paid = within(table).getByRole('rowheader', { name: new RegExp(periodLabel(M2)) }).closest('tr')!;
    expect(paid.textContent).toContain('Paid to investors');
    expect(paid.textContent).toContain('New tenant from the 1st.');
    const cells = within(paid)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    // Rent, service charges, maintenance, management, insurance, vacancy, net, reserve, distributable, paid, per share, occupancy.
    expect(cells).toEqual(['AED 10,000.00', 'AED 1,000.00', 'AED 500.00', 'AED 500.00', '–none', '–none', 'AED 8,000.00', 'AED 800.00', 'AED 7,200.00', 'AED 7,200.00', 'AED 72.00', '100%']);
    const open = within(table).getByRole('rowheader', { name: new RegExp(periodLabel(M1)) }).closest('tr')!;
    expect(open.textContent).toContain('Not yet distributed');
    expect(within(open).getAllByRole('cell').at(-2)!.textContent).toContain('not paid');
    expect(within(open).getAllByRole('cell').at(-1)!.textContent).toBe('95%');
    const totals = within(table).getByRole('rowheader', { name: 'Total' }).closest('tr')!;
    expect(totals.textContent).toContain('AED 20,000.00');
    expect(totals.textContent).toContain('AED 15,300.00');
  });

  it('draws the chart as one labelled picture with every figure, lighter for months not paid, and shows the same figures as a table', async () => {
    stubApi({ [url]: pnl() }, null);
    renderWithQuery(<PnlSection propertyId={P1} />);
    const chart = await screen.findByRole('img', { name: /Where the rent went/ });
    const label = chart.getAttribute('aria-label')!;
    expect(label).toContain(`${periodLabel(M2)}: AED 10,000.00 (costs AED 2,000.00, reserve AED 800.00, to investors AED 7,200.00)`);
    expect(label).toContain(`${periodLabel(M1)} (not yet distributed): AED 10,000.00 (costs AED 1,000.00, reserve AED 900.00, to investors AED 8,100.00)`);
    expect(screen.getByText('Lighter: not yet paid')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show as table' }));
    const fallback = screen.getByRole('table', { name: /Where the rent went, .*, in AED/ });
    const row = within(fallback).getByRole('rowheader', { name: new RegExp(periodLabel(M1)) }).closest('tr')!;
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['AED 1,000.00', 'AED 900.00', 'AED 8,100.00', 'AED 10,000.00']);
  });

  it('says when no rent has been recorded yet, and shows no chart or table', async () => {
    stubApi({ [url]: pnl({ months: [blankMonth(M2), blankMonth(M1)], totals: { rent: '0', totalCosts: '0', netIncome: '0', reserve: '0', distributable: '0', distributed: '0' } }) }, null);
    renderWithQuery(<PnlSection propertyId={P1} />);
    expect(await screen.findByText(NO_RENT_YET)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it("shows the API's message with a retry when the books cannot be read", async () => {
    let fail = true;
    stubApi({ [url]: () => (fail ? new Reply(503, { message: 'The books are being closed; try again in a minute.', error: 'unavailable' }) : pnl()) }, null);
    renderWithQuery(<PnlSection propertyId={P1} />);
    expect(await screen.findByText('The books are being closed; try again in a minute.', {}, { timeout: 4000 })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: /income and costs by month/ })).toBeTruthy();
  });
});
