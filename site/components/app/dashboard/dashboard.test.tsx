// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@modules/auth/contract';
import type { DashboardJson } from '@modules/investing/contract';
import { createQueryClient } from '@site/lib/query';
import { $currency } from '@site/lib/stores/currency';
import { Dashboard } from '../DashboardScreen';

const user: CurrentUser = { id: 'u1', firstName: 'Anika', lastName: 'Varma', email: 'a@x.ae', role: 'investor', mfaEnabled: false, kycStatus: 'approved', unicode: 'MZ-ANIKA1' };
const ref = (id: string, title: string, city: string) => ({ id, reference: `MZ-${id}`, slug: id, title, city, community: 'Marina', status: 'funding' });
const holding = (id: string, title: string, city: string, cost: string, value: string, units: string) => ({
  property: ref(id, title, city),
  units,
  reservedUnits: '0',
  shares: '',
  cost,
  currentValue: value,
  gain: String(BigInt(value) - BigInt(cost)),
  gainBps: Number(((BigInt(value) - BigInt(cost)) * 10_000n) / BigInt(cost)),
  ownershipBps: 12,
  valuation: '200000000',
  valuedOn: '2026-11-01',
  currentSharePrice: '10000',
});
const dashboard: DashboardJson = {
  wallet: { balance: '79475', available: '79475', held: '0' },
  invested: '60000',
  feesPaid: '0',
  value: '63000',
  gain: '3000',
  gainBps: 500,
  holdings: [holding('a', 'Marina Gate two-bedroom', 'Dubai', '40000', '42000', '40000'), holding('b', 'Saadiyat Beach three-bedroom', 'Abu Dhabi', '20000', '21000', '20000')],
  allocationByProperty: [
    { key: 'a', label: 'Marina Gate two-bedroom', value: '42000', bps: 6667 },
    { key: 'b', label: 'Saadiyat Beach three-bedroom', value: '21000', bps: 3333 },
  ],
  allocationByCity: [
    { key: 'dubai', label: 'Dubai', value: '42000', bps: 6667 },
    { key: 'abu-dhabi', label: 'Abu Dhabi', value: '21000', bps: 3333 },
  ],
  valueOverTime: [
    { date: '2026-09-30', invested: '0', value: '0' },
    { date: '2026-10-31', invested: '40000', value: '40500' },
    { date: '2026-11-21', invested: '60000', value: '63000' },
  ],
  recentTransactions: [
    { id: 't1', kind: 'investment', amount: '-20000', balanceAfter: '79475', description: 'Investment in Saadiyat Beach three-bedroom (2 shares, MZI-000002)', reference: null, journalReference: 'JE-2', createdAt: '2026-11-21T08:00:00Z' },
  ],
  retailLimit: { classification: 'retail', window: 'rolling-12-months', annualLimit: '18000000', used: '60000', remaining: '17940000' },
  kycStatus: 'approved',
  kycVerified: true,
};

const noReturns = { invested: '0', currentValue: '0', income: '0', valueChange: '0', xirrBps: null, incomeXirrBps: null };
const sipSummary = { activePlans: 0, pausedPlans: 0, nextCollection: null, monthlyTotal: '0', totalInvested: '0', returns: noReturns, plans: [] };

beforeEach(() => {
  $currency.set('AED');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const body =
        path === '/api/auth/me' ? user : path === '/api/dashboard' ? dashboard : path === '/api/investment/mode' ? { mode: 'manual' } : path === '/api/sip/summary' ? sipSummary : null;
      return new Response(JSON.stringify(body ?? { message: 'Not found' }), { status: body ? 200 : 404, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const render_ = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Dashboard />
    </QueryClientProvider>,
  );

describe('dashboard with holdings', () => {
  it('shows value, invested and gain at the latest valuations, each holding, and the retail limit left', async () => {
    render_();
    const holdings = await screen.findByRole('table', { name: 'Your holdings by property' });
    const summary = screen.getByRole('region', { name: 'Portfolio summary' });
    const figure = (label: string) => within(summary).getByText(label).nextElementSibling?.textContent;
    expect(figure('Portfolio value')).toMatch(/^AED\s630\.00$/);
    expect(figure('Amount invested')).toMatch(/^AED\s600\.00$/);
    expect(figure('Total gain')).toMatch(/^AED\s30\.00$/);
    expect(within(summary).getByText('+5% on what you invested')).toBeTruthy();
    const marina = within(holdings).getByRole('row', { name: /Marina Gate two-bedroom/ });
    expect(marina.textContent).toContain('4.0000');
    expect(marina.textContent).toMatch(/AED\s420\.00/);
    expect(screen.getByText(/AED\s179,400\.00/, { selector: 'span' }).parentElement?.textContent).toMatch(/left to invest/);
  });

  it('draws allocation by property and by city and value over time, each with a table for screen readers', async () => {
    render_();
    const city = await screen.findByRole('img', { name: /^Allocation by city: Dubai 66\.7%, Abu Dhabi 33\.3%\.$/ });
    expect(city.querySelectorAll('path')).toHaveLength(2);
    const cityTable = screen.getByRole('table', { name: 'Portfolio value by city' });
    expect(within(cityTable).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('img', { name: /^Allocation by property: Marina Gate two-bedroom 66\.7%/ })).toBeTruthy();
    expect(screen.getByRole('img', { name: /^Portfolio value over time.*now AED\s630\.00 against AED\s600\.00 invested\.$/ })).toBeTruthy();
    const overTime = screen.getByRole('table', { name: 'Portfolio value and amount invested by date', hidden: true });
    expect(within(overTime).getAllByRole('row', { hidden: true })).toHaveLength(4);
  });

  it('follows the investment mode: manual puts browsing first', async () => {
    render_();
    const manual = await screen.findByRole('button', { name: 'Manual' });
    await vi.waitFor(() => expect(manual.getAttribute('aria-pressed')).toBe('true'));
    const actions = screen.getAllByRole('link').filter((a) => ['Browse properties', 'Set up a SIP'].includes(a.textContent ?? ''));
    expect(actions[actions.length - 1]?.className).toMatch(/bg-brand-800/);
    expect(actions[actions.length - 1]?.textContent).toBe('Browse properties');
  });

  it('shows the SIP card, and beside the mode switch explains that existing plans keep their own mode', async () => {
    render_();
    const sip = (await screen.findByRole('heading', { name: 'Monthly plans (SIP)' })).closest('section')!;
    expect((await within(sip).findByRole('link', { name: /Start a plan/ })).getAttribute('href')).toBe('/sip-setup');
    const group = screen.getByRole('group', { name: 'Investment mode' });
    expect(document.getElementById(group.getAttribute('aria-describedby')!)?.textContent).toContain('existing plans keep their own');
    expect(screen.getByRole('button', { name: 'What does the mode change?' })).toBeTruthy();
  });

  it('lists recent transactions', async () => {
    render_();
    const recent = await screen.findByRole('region', { name: 'Recent transactions' });
    expect(await within(recent).findByText(/MZI-000002/)).toBeTruthy();
    expect(recent.textContent).toMatch(/−.*AED\s200\.00/);
  });
});
