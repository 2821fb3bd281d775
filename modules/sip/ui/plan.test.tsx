// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $currency } from '@site/lib/stores/currency';
import type { SipInstalmentJson, SipPlanDetailJson, SipSummaryJson } from '../contract';
import { SipCard } from './DashboardCard';
import { ModeHelp, MODE_HELP } from './ModeHelp';
import { PlanPage } from './PlanPage';
import { renderWithQuery, Reply, stubApi } from './test-api';

const noReturns = { invested: '0', currentValue: '0', income: '0', valueChange: '0', xirrBps: null, incomeXirrBps: null };
const instalment = (over: Partial<SipInstalmentJson>): SipInstalmentJson => ({
  id: crypto.randomUUID(),
  month: '2026-10-01',
  dueDate: '2026-10-10',
  status: 'collected',
  amount: '100000',
  invested: '100000',
  unspent: '0',
  toppedUp: '0',
  attempts: 1,
  nextAttemptOn: null,
  failureCode: null,
  failureReason: null,
  purchases: [],
  explanation: [],
  journalReference: null,
  createdAt: '2026-10-10T05:00:00Z',
  ...over,
});
const plan: SipPlanDetailJson = {
  id: 'plan-1',
  reference: 'SIP-000001',
  status: 'active',
  mode: 'manual',
  amount: '100000',
  currentAmount: '110000',
  currency: 'AED',
  dayOfMonth: 10,
  startMonth: '2025-09-01',
  stepUpPercent: 10,
  allocations: [
    { propertyId: 'p1', reference: 'MZ-P1', title: 'Marina Gate two-bedroom', percent: 60, open: true },
    { propertyId: 'p2', reference: 'MZ-P2', title: 'Saadiyat Beach villa', percent: 40, open: false },
  ],
  preferences: { cities: [], propertyTypes: [] },
  pauseReason: null,
  nextCollectionDate: '2026-12-10',
  upcoming: ['2026-12-10', '2027-01-10', '2027-02-10'],
  mandate: null,
  totals: { collected: 1, failed: 1, skipped: 1, invested: '100000' },
  createdAt: '2025-09-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
  cancelledAt: null,
  returns: noReturns,
  instalments: [
    instalment({ month: '2026-11-01', dueDate: '2026-11-10', status: 'retrying', invested: '0', attempts: 1, nextAttemptOn: '2026-11-13', failureCode: 'insufficient_funds', failureReason: 'Your wallet had AED 50 available and the instalment needs AED 1,100.' }),
    instalment({
      month: '2026-10-01',
      status: 'collected',
      unspent: '40',
      invested: '99960',
      purchases: [{ propertyId: 'p1', reference: 'MZ-P1', title: 'Marina Gate two-bedroom', units: '59960', shares: '5.996', amount: '59960', investmentId: 'i1' }],
      explanation: ['Saadiyat Beach villa had no shares left, so its 40% went to Marina Gate two-bedroom.'],
    }),
    instalment({ month: '2026-09-01', dueDate: '2026-09-10', status: 'failed', invested: '0', attempts: 2, failureCode: 'insufficient_funds', failureReason: 'Your wallet had AED 0 available and the instalment needs AED 1,000.' }),
    instalment({ month: '2026-08-01', dueDate: '2026-08-10', status: 'skipped', invested: '0', explanation: ['You skipped the August 2026 collection.'] }),
  ],
};

beforeEach(() => $currency.set('AED'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('plan page', () => {
  it('shows the plan, its next collections, "not enough history yet", and every instalment with what it bought and why it failed', async () => {
    stubApi({ 'GET /api/sip/plans/plan-1': plan });
    renderWithQuery(<PlanPage id="plan-1" />);
    expect(await screen.findByRole('heading', { level: 1, name: /SIP-000001/ })).toBeTruthy();
    expect(screen.getByText(/started at AED\s1,000\.00, stepped up/)).toBeTruthy();
    expect(screen.getByText('+10% each year')).toBeTruthy();
    expect(screen.getByText(/no longer open: its share goes to the next eligible property/)).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Next collection dates' }).textContent).toContain('10 Dec 2026');
    expect(screen.getByText('Not enough history yet')).toBeTruthy();
    expect(screen.getByText(/The November 2026 instalment is tried again on 13 Nov 2026\./)).toBeTruthy();

    const history = screen.getByRole('heading', { name: 'Instalments' }).closest('section')!;
    const items = within(history).getAllByRole('listitem').filter((li) => li.querySelector('h3'));
    expect(items.map((li) => li.querySelector('h3')!.textContent)).toEqual([
      'November 2026 · due 10 Nov 2026',
      'October 2026 · due 10 Oct 2026',
      'September 2026 · due 10 Sept 2026',
      'August 2026 · due 10 Aug 2026',
    ]);
    expect(within(items[0]).getByText('Retrying')).toBeTruthy();
    expect(items[0].textContent).toContain('Your wallet had AED 50 available and the instalment needs AED 1,100. We will try again on 13 Nov 2026.');
    expect(within(items[1]).getByRole('link', { name: 'Marina Gate two-bedroom' }).getAttribute('href')).toBe('/property/p1');
    expect(items[1].textContent).toMatch(/5\.996 shares · AED\s599\.60/);
    expect(items[1].textContent).toMatch(/AED\s0\.40 stayed in your wallet/);
    expect(within(items[1]).getByText('Why it went where it went')).toBeTruthy();
    expect(items[1].textContent).toContain('its 40% went to Marina Gate two-bedroom');
    expect(within(items[2]).getByText('Failed')).toBeTruthy();
    expect(items[2].textContent).toContain('Failed after 2 attempts. Your wallet had AED 0 available');
    expect(within(items[3]).getByText('Skipped')).toBeTruthy();
  });

  it('pauses only after a confirmation that says it takes effect from the next collection', async () => {
    const calls = stubApi({ 'GET /api/sip/plans/plan-1': plan, 'PATCH /api/sip/plans/plan-1': { ...plan, status: 'paused' } });
    renderWithQuery(<PlanPage id="plan-1" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Pause' }));
    const dialog = screen.getByRole('dialog', { name: 'Pause this plan?' });
    expect(dialog.textContent).toContain('takes effect from the next collection (10 Dec 2026)');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pause plan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ status: 'paused' });
  });

  it('skips the next month with POST …/skip, and edits only what changed', async () => {
    const calls = stubApi({ 'GET /api/sip/plans/plan-1': plan, 'POST /api/sip/plans/plan-1/skip': plan, 'PATCH /api/sip/plans/plan-1': plan });
    renderWithQuery(<PlanPage id="plan-1" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Skip next month' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Skip December 2026?' })).getByRole('button', { name: 'Skip this month' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/skip'))).toBe(true));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Edit plan' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit this plan' });
    expect(dialog.textContent).toContain('Changes take effect from the next collection (10 Dec 2026)');
    fireEvent.change(within(dialog).getByLabelText('Monthly amount'), { target: { value: '199' } });
    // The minimum in force arrives from /api/settings/public (the stub answers the defaults).
    expect(await within(dialog).findByText('The monthly amount must be at least AED 200.')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Save changes' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Monthly amount'), { target: { value: '1500' } });
    fireEvent.change(within(dialog).getByLabelText('Collection day'), { target: { value: '20' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ amount: 150_000, dayOfMonth: 20 });
  });

  it('shows why an automatic top-up cannot be added when payments are not configured', async () => {
    stubApi({
      'GET /api/sip/plans/plan-1': plan,
      'POST /api/sip/plans/plan-1/mandate': new Reply(503, { error: 'payments_not_configured', message: 'Automatic top-ups are not available right now. Keep your wallet funded for each collection.' }),
    });
    renderWithQuery(<PlanPage id="plan-1" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add automatic top-up' }));
    const dialog = screen.getByRole('dialog', { name: 'Add automatic top-up?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add top-up' }));
    expect(await within(dialog).findByText('Automatic top-ups are not available right now. Keep your wallet funded for each collection.')).toBeTruthy();
  });

  it('says so when the plan does not exist', async () => {
    stubApi({ 'GET /api/sip/plans/nope': new Reply(404, { error: 'sip_plan_not_found', message: 'There is no plan with that id.' }) });
    renderWithQuery(<PlanPage id="nope" />);
    expect(await screen.findByText('We could not find that plan')).toBeTruthy();
  });
});

const summary: SipSummaryJson = {
  activePlans: 1,
  pausedPlans: 1,
  nextCollection: { date: '2026-12-10', amount: '110000', planId: 'plan-1', covered: false },
  monthlyTotal: '110000',
  totalInvested: '300000',
  returns: { invested: '300000', currentValue: '312000', income: '4500', valueChange: '7500', xirrBps: 812, incomeXirrBps: 300 },
  plans: [
    { id: 'plan-1', reference: 'SIP-000001', status: 'active', mode: 'manual', currentAmount: '110000', nextCollectionDate: '2026-12-10', returns: { ...noReturns, xirrBps: 812 } },
    { id: 'plan-2', reference: 'SIP-000002', status: 'paused', mode: 'automated', currentAmount: '20000', nextCollectionDate: null, returns: noReturns },
  ],
};

describe('dashboard SIP card', () => {
  it('warns when the wallet does not cover the next collection, and shows XIRR with income and value change apart', async () => {
    stubApi({ 'GET /api/sip/summary': summary });
    renderWithQuery(<SipCard />);
    const card = (await screen.findByRole('heading', { name: 'Monthly plans (SIP)' })).closest('section')!;
    expect(await within(card).findByText(/AED\s1,100\.00 on 10 Dec 2026/)).toBeTruthy();
    const warning = within(card).getByRole('alert');
    expect(warning.textContent).toContain('Your wallet does not cover it yet.');
    expect(within(warning).getByRole('link').getAttribute('href')).toBe('/wallet');
    expect(within(card).getByText('Portfolio return (XIRR)').nextElementSibling?.textContent).toBe('+8.12% a year');
    expect(within(card).getByText('Income received').nextElementSibling?.textContent).toMatch(/^\+AED\s45\.00$/);
    expect(within(card).getByText('Value change').nextElementSibling?.textContent).toMatch(/^\+AED\s75\.00$/);
    const plans = within(card).getByRole('list', { name: 'Your plans' });
    expect(within(plans).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/sip/plan?id=plan-1', '/sip/plan?id=plan-2']);
    expect(plans.textContent).toContain('Not enough history yet');
  });

  it('invites an investor without plans to start one', async () => {
    stubApi({ 'GET /api/sip/summary': { ...summary, activePlans: 0, pausedPlans: 0, nextCollection: null, plans: [] } });
    renderWithQuery(<SipCard />);
    expect((await screen.findByRole('link', { name: /Start a plan/ })).getAttribute('href')).toBe('/sip-setup');
  });
});

describe('investment mode help', () => {
  it('explains, on demand, that the mode governs new plans and existing plans keep their own', () => {
    renderWithQuery(<ModeHelp />);
    const button = screen.getByRole('button', { name: 'What does the mode change?' });
    const note = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(note.hidden).toBe(true);
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(note.hidden).toBe(false);
    expect(note.textContent).toContain(MODE_HELP);
    expect(MODE_HELP).toMatch(/new plans.*existing plans: each keeps its own mode/);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(note.hidden).toBe(true);
  });
});
