// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@site/lib/query';
import { $currency } from '@site/lib/stores/currency';
import type { FeeChargeJson, InvestorFeesJson } from '../contract';
import { FeePanel } from './FeePanel';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const P1 = '11111111-1111-4111-8111-111111111111';

const charge = (patch: Partial<FeeChargeJson> = {}): FeeChargeJson => ({
  id: 'c1',
  number: 'FC-000010',
  runId: 'r1',
  userId: 'u1',
  fromDate: '2026-10-01',
  through: '2026-10-31',
  days: 31,
  averageValue: '12000000',
  accruedMicro: '5095890422',
  carryInMicro: '270000',
  carryOutMicro: '-109578',
  fee: '5096',
  vat: '255',
  paid: '5351',
  outstanding: '0',
  calculation: [{ propertyId: P1, reference: 'MZ-DXB-001', title: 'Marina Gate', days: 31, averageValue: '12000000', accruedMicro: '5095890422' }],
  explanation: 'Platform fee 0.5% a year on AED 120,000.00 average value, 1–31 Oct 2026 (31 days): AED 50.96 + VAT AED 2.55',
  journalReference: 'JE-000042',
  createdAt: '2026-11-01T06:00:00.000Z',
  ...patch,
});
const fees = (patch: Partial<InvestorFeesJson> = {}): InvestorFeesJson => ({ rateBps: 50, vatBps: 500, outstanding: '0', charges: [charge()], total: 1, accruing: null, ...patch });

function serve(responses: (() => Response)[]) {
  let n = 0;
  const fn = vi.fn(async (input: string) => {
    expect(new URL(String(input), 'http://localhost').pathname).toBe('/api/fees');
    const r = responses[Math.min(n, responses.length - 1)]!;
    n += 1;
    return r();
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

const renderPanel = (onDeposit?: () => void) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <FeePanel onDeposit={onDeposit} />
    </QueryClientProvider>,
  );

beforeEach(() => $currency.set('AED'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the platform fee on the wallet', () => {
  it('lists each charge with its sentence, paid, and how it was calculated per property', async () => {
    serve([() => json(fees())]);
    renderPanel();
    const region = screen.getByRole('region', { name: 'Platform fee' });
    expect(within(region).getByRole('status').textContent).toContain('Loading your platform fees');
    expect(await within(region).findByText('1–31 Oct 2026')).toBeTruthy();
    expect(within(region).getByText('Paid')).toBeTruthy();
    expect(within(region).getAllByText(/AED\s53\.51/).length).toBeGreaterThan(0);
    expect(within(region).getByText(/average value, 1–31 Oct 2026 \(31 days\): AED 50\.96 \+ VAT AED 2\.55\./)).toBeTruthy();
    const summary = within(region).getByText('How it was calculated');
    fireEvent.click(summary);
    const table = within(region).getByRole('table', { name: 'The fee for 1–31 Oct 2026, per property' });
    expect(within(table).getByRole('rowheader', { name: 'Marina Gate' })).toBeTruthy();
    expect(within(table).getByText('AED 50.9589')).toBeTruthy();
    expect(region.textContent).toContain('with +0.27 fil carried from your previous charge, rounded to the fil: AED 50.96, plus 5% VAT AED 2.55. AED 53.51 was taken from your wallet.');
    expect(within(region).queryByText(/You owe/)).toBeNull();
  });

  it('says clearly what is owed and offers a deposit; shows what is accruing as an estimate', async () => {
    serve([
      () =>
        json(
          fees({
            outstanding: '44089',
            charges: [charge({ id: 'c2', fee: '42466', vat: '2123', paid: '500', outstanding: '44089' })],
            accruing: { fromDate: '2026-11-01', through: '2026-11-26', days: 26, averageValue: '100000000', accruedMicro: '35616438360', carryInMicro: '0', fee: '35616', vat: '1781', calculation: [] },
          }),
        ),
    ]);
    const onDeposit = vi.fn();
    renderPanel(onDeposit);
    const owed = await screen.findByText(/You owe AED\s440\.89 in platform fees/);
    const box = owed.closest('[role="status"]') as HTMLElement;
    expect(box.textContent).toContain("Your wallet didn't have enough when the fee was charged.");
    fireEvent.click(within(box).getByRole('button', { name: 'Deposit' }));
    expect(onDeposit).toHaveBeenCalledOnce();
    expect(screen.getByText(/AED\s440\.89 owed/)).toBeTruthy();
    const accruing = screen.getByText('Accruing since your last charge').parentElement as HTMLElement;
    expect(accruing.textContent?.replace(/\s/g, ' ')).toContain('1–26 Nov 2026 (26 days): about AED 356.16 plus AED 17.81 VAT on AED 1,000,000.00 average value');
    expect(accruing.textContent).toContain('An estimate until it is charged');
  });

  it('links to the deposit form when it has no button to open, and shows amounts in the chosen currency', async () => {
    $currency.set('USD');
    serve([() => json(fees({ outstanding: '36700', charges: [charge({ outstanding: '36700', paid: '0', fee: '34952', vat: '1748' })] }))]);
    renderPanel();
    const link = await screen.findByRole('link', { name: 'Deposit' });
    expect(link.getAttribute('href')).toBe('/wallet?action=deposit');
    expect(screen.getByText(/You owe \$100\.00 in platform fees/)).toBeTruthy();
  });

  it('explains the fee when nothing has been charged yet', async () => {
    serve([() => json(fees({ charges: [], total: 0 }))]);
    renderPanel();
    expect(await screen.findByText('No platform fee yet')).toBeTruthy();
    expect(screen.getByText(/The fee starts the day you first own shares: 0\.5% a year/)).toBeTruthy();
  });

  it('says when the fees cannot be loaded, and tries again', async () => {
    const fetch = serve([() => json({ message: 'The service is busy.', error: 'internal_error' }, 503), () => json(fees())]);
    renderPanel();
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain("We couldn't load your platform fees");
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1–31 Oct 2026')).toBeTruthy();
    expect(fetch.mock.calls.length).toBeGreaterThanOrEqual(2);
  });
});
