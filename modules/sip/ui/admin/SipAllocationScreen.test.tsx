// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderWithApp, type Call } from '@site/components/admin/ledger/test-utils';
import type { SipPropertyJson, SipRunJson, SipRunResultJson, SipStatsJson, SipUpcomingJson } from '../../contract';
import SipAllocationScreen from './SipAllocationScreen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const DATE = '2025-03-10';
const P1 = '11111111-1111-4111-8111-111111111111';
const P2 = '22222222-2222-4222-8222-222222222222';
const RUN = '33333333-3333-4333-8333-333333333333';

const stats: SipStatsJson = { activePlans: 12, dueThisMonth: '1250000', propertiesEligible: 3, unallocated: '4550', nextRunDate: DATE };
const upcoming = (date = DATE): SipUpcomingJson => ({
  date,
  plans: 2,
  amountDue: '150000',
  expectedToFail: [{ planId: 'plan-b', investor: 'Omar Saleh (MZ-OMAR01)', amount: '50000', available: '10000', reason: 'Your wallet has AED 100 available; the collection needs AED 500.' }],
  properties: [
    { propertyId: P1, reference: 'MZ-P-001', title: 'Marina Gate', amount: '60000', units: '6000', plans: 1, fillsUp: true },
    { propertyId: P2, reference: 'MZ-P-002', title: 'Saadiyat Villas', amount: '40000', units: '4000', plans: 1, fillsUp: false },
  ],
  unallocated: '0',
});
const runRow: SipRunJson = {
  id: RUN,
  reference: 'RUN-000007',
  runDate: DATE,
  trigger: 'admin',
  startedBy: 'admin@manzil.ae',
  plans: 2,
  collected: 1,
  failed: 0,
  skipped: 0,
  retrying: 1,
  amountCollected: '100000',
  amountInvested: '100000',
  createdAt: '2025-03-10T06:00:00.000Z',
  finishedAt: '2025-03-10T06:00:02.000Z',
};
const result: SipRunResultJson = {
  ...runRow,
  items: [
    {
      planId: 'plan-a',
      planReference: 'SIP-000001',
      userId: 'u1',
      investor: 'Aisha Khan (MZ-AISHA1)',
      status: 'collected',
      amount: '100000',
      invested: '100000',
      unspent: '0',
      failureCode: null,
      failureReason: null,
      investments: [
        { propertyId: P1, units: '6000', amount: '60000' },
        { propertyId: P2, units: '4000', amount: '40000' },
      ],
    },
    { planId: 'plan-b', planReference: 'SIP-000002', userId: 'u2', investor: 'Omar Saleh (MZ-OMAR01)', status: 'retrying', amount: '50000', invested: '0', unspent: '0', failureCode: 'insufficient_funds', failureReason: 'Not enough in the wallet.', investments: [] },
  ],
  properties: [
    { propertyId: P1, reference: 'MZ-P-001', title: 'Marina Gate', amount: '60000', units: '6000', plans: 1 },
    { propertyId: P2, reference: 'MZ-P-002', title: 'Saadiyat Villas', amount: '40000', units: '4000', plans: 1 },
  ],
};
const property = (patch: Partial<SipPropertyJson> = {}): SipPropertyJson => ({
  propertyId: P1,
  reference: 'MZ-P-001',
  title: 'Marina Gate',
  city: 'Dubai',
  propertyType: 'apartment',
  status: 'funding',
  availableUnits: '125000',
  paused: false,
  reason: null,
  manualPlans: 2,
  ...patch,
});

const planDetail = {
  id: 'plan-a',
  reference: 'SIP-000001',
  status: 'active',
  mode: 'automated',
  amount: '100000',
  currentAmount: '100000',
  currency: 'AED',
  dayOfMonth: 10,
  startMonth: '2025-01-01',
  stepUpPercent: 0,
  allocations: [],
  preferences: { cities: [], propertyTypes: [] },
  pauseReason: null,
  nextCollectionDate: '2025-04-10',
  upcoming: ['2025-04-10'],
  mandate: null,
  totals: { collected: 1, failed: 1, skipped: 0, invested: '100000' },
  createdAt: '2025-01-02T10:00:00Z',
  updatedAt: '2025-03-10T10:00:00Z',
  cancelledAt: null,
  returns: { invested: '100000', currentValue: '100000', income: '0', valueChange: '0', xirrBps: null, incomeXirrBps: null },
  instalments: [
    { id: 'i2', month: '2025-03-01', dueDate: '2025-03-10', status: 'collected', amount: '100000', invested: '100000', unspent: '0', toppedUp: '0', attempts: 1, nextAttemptOn: null, failureCode: null, failureReason: null, purchases: [{ propertyId: P1, reference: 'MZ-P-001', title: 'Marina Gate', units: '10000', shares: '1', amount: '100000', investmentId: null }], explanation: [], journalReference: 'JE-000009', createdAt: '2025-03-10T10:00:00Z' },
    { id: 'i1', month: '2025-02-01', dueDate: '2025-02-10', status: 'failed', amount: '100000', invested: '0', unspent: '0', toppedUp: '0', attempts: 2, nextAttemptOn: null, failureCode: 'insufficient_funds', failureReason: 'Not enough in the wallet on the first try or the second.', purchases: [], explanation: [], journalReference: null, createdAt: '2025-02-10T10:00:00Z' },
  ],
};

function api(overrides: Record<string, (call: Call) => Response | Promise<Response>> = {}) {
  return mockFetch({
    'GET /api/admin/sip/stats': () => json(stats),
    'GET /api/admin/sip/upcoming': (c) => json(upcoming(c.url.searchParams.get('date') ?? DATE)),
    [`GET /api/admin/sip/runs/${RUN}`]: () => json(result),
    'GET /api/admin/sip/plans/plan-a': () => json(planDetail),
    'GET /api/admin/sip/runs': () => json({ items: [], total: 0 }),
    'GET /api/admin/sip/properties': () => json({ items: [property(), property({ propertyId: P2, reference: 'MZ-P-002', title: 'Saadiyat Villas', paused: true, reason: 'Valuation under review', manualPlans: 0 })] }),
    ...overrides,
  });
}

describe('/admin/sip-allocation', () => {
  it('shows the stat cards from the API and the next run date', async () => {
    api();
    renderWithApp(<SipAllocationScreen />, '/admin/sip-allocation');
    expect(await screen.findByText('AED 12,500.00')).toBeTruthy();
    const card = (label: string) => screen.getByText(label, { selector: 'p' }).closest('div.rounded-xl') as HTMLElement;
    expect(within(card('Active plans')).getByText('12')).toBeTruthy();
    expect(within(card('Properties eligible')).getByText('3')).toBeTruthy();
    expect(within(card('Unallocated')).getByText('AED 45.50')).toBeTruthy();
    expect(card('Due this month').textContent).toContain('Next run: 10 Mar 2025');
  });

  it('previews the upcoming run: figures, allocation per property with a table, fills up, and plans expected to fail', async () => {
    api();
    renderWithApp(<SipAllocationScreen />, '/admin/sip-allocation');
    const chart = await screen.findByRole('img', { name: /How 10 Mar 2025 would be allocated/ });
    expect(chart.getAttribute('aria-label')).toContain('Marina Gate (MZ-P-001): AED 600.00 from 1 plan, fills up');
    expect((screen.getByLabelText('Run date') as HTMLInputElement).value).toBe(DATE);
    expect(screen.getByText('AED 1,500.00')).toBeTruthy();
    expect(screen.getByText(/Fills up: Marina Gate \(MZ-P-001\)/)).toBeTruthy();
    const failing = screen.getByRole('region', { name: 'Plans expected to fail on 10 Mar 2025' });
    expect(within(failing).getByText('Omar Saleh (MZ-OMAR01)')).toBeTruthy();
    expect(within(failing).getByText(/the collection needs AED 500/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show as table' }));
    const table = screen.getByRole('table', { name: /How 10 Mar 2025 would be allocated, in AED/ });
    expect(within(table).getByRole('rowheader', { name: /Saadiyat Villas/ })).toBeTruthy();
    expect(within(table).getByText('0.4')).toBeTruthy();
  });

  it('confirms with the plan count and amount, posts the date, and shows the run it made', async () => {
    const calls = api({ 'POST /api/admin/sip/runs': () => json(result) });
    renderWithApp(<SipAllocationScreen />, '/admin/sip-allocation');
    await screen.findByRole('img', { name: /would be allocated/ });
    fireEvent.click(screen.getByRole('button', { name: 'Run collections' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run collections for 10 Mar 2025' });
    expect(dialog.textContent).toContain('This collects 2 plans due on 10 Mar 2025, AED 1,500.00 in all');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    const statsBefore = calls.filter((c) => c.url.pathname === '/api/admin/sip/stats').length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Collect 2 plans' }));
    const done = await screen.findByRole('dialog', { name: 'Run RUN-000007 finished' });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ date: DATE });
    expect(within(done).getByText('Aisha Khan (MZ-AISHA1)')).toBeTruthy();
    expect(within(done).getByText(/Not enough in the wallet\./)).toBeTruthy();
    expect(within(done).getByRole('img', { name: /Invested per property/ })).toBeTruthy();
    // The figures are read again after the run.
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/admin/sip/stats').length).toBeGreaterThan(statsBefore));
  });

  it("previews a picked date and shows the API's message when a run for it is refused", async () => {
    const calls = api({ 'POST /api/admin/sip/runs': () => json({ message: 'A run can only be made for today or an earlier date.', error: 'validation_failed' }, 400) });
    renderWithApp(<SipAllocationScreen />, '/admin/sip-allocation');
    await screen.findByRole('img', { name: /would be allocated/ });
    fireEvent.change(screen.getByLabelText('Run date'), { target: { value: '2999-01-01' } });
    await screen.findByRole('img', { name: /How 1 Jan 2999 would be allocated/ });
    expect(calls.some((c) => c.url.searchParams.get('date') === '2999-01-01')).toBe(true);
    expect(screen.getByText(/This date is in the future/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Run collections' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run collections for 1 Jan 2999' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Collect 2 plans' }));
    const refused = await screen.findByRole('dialog', { name: 'The run did not start' });
    expect(within(refused).getByRole('alert').textContent).toContain('A run can only be made for today or an earlier date.');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ date: '2999-01-01' });
  });

  it('says no collections have run yet, lists runs with the trigger filter and CSV, and opens a run with its plans', async () => {
    let runs: SipRunJson[] = [];
    const calls = api({ 'GET /api/admin/sip/runs': () => json({ items: runs, total: runs.length }) });
    const first = renderWithApp(<SipAllocationScreen />, '/admin/sip-allocation');
    expect(await screen.findByText('No collections have run yet')).toBeTruthy();
    first.unmount();

    runs = [runRow];
    renderWithApp(<SipAllocationScreen />, '/admin/sip-allocation');
    await screen.findByRole('link', { name: /RUN-000007/ });
    expect(screen.getByRole('link', { name: /Export CSV/ }).getAttribute('href')).toMatch(/^\/api\/admin\/sip\/runs\/export/);
    fireEvent.change(screen.getByLabelText('Started by'), { target: { value: 'admin' } });
    await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('trigger')).toBe('admin'));

    const link = screen.getByRole('link', { name: /RUN-000007/ });
    expect(link.getAttribute('href')).toBe(`/admin/sip-allocation?trigger=admin&run=${RUN}`);
    fireEvent.click(link);
    const dialog = await screen.findByRole('dialog', { name: 'Run RUN-000007' });
    expect(calls.some((c) => c.url.pathname === `/api/admin/sip/runs/${RUN}`)).toBe(true);
    expect(dialog.textContent).toContain('started by admin@manzil.ae');
    const plans = within(dialog).getByRole('region', { name: 'Plans of run RUN-000007' });
    expect(within(plans).getAllByRole('row')).toHaveLength(3);
    expect(within(plans).getByText(/Marina Gate \(MZ-P-001\)/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Outcome'), { target: { value: 'retrying' } });
    expect(within(plans).getAllByRole('row')).toHaveLength(2);
    expect(within(plans).queryByText('Aisha Khan (MZ-AISHA1)')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Outcome'), { target: { value: '' } });
    fireEvent.change(within(dialog).getByLabelText('Search plans'), { target: { value: 'saadiyat' } });
    expect(within(plans).getByText('Aisha Khan (MZ-AISHA1)')).toBeTruthy();
    expect(within(dialog).getByText('1 of 2 plans match.')).toBeTruthy();

    // Drilling into a plan loads its history from the admin route.
    fireEvent.click(within(plans).getByRole('button', { name: /SIP-000001/ }));
    expect(await within(plans).findByText(/Not enough in the wallet on the first try/)).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === '/api/admin/sip/plans/plan-a')).toBe(true);
    expect(within(plans).getByRole('button', { name: /SIP-000001/ }).getAttribute('aria-expanded')).toBe('true');
  });

  it('pauses a property with a reason and resumes one, by PUT', async () => {
    const calls = api({
      [`PUT /api/admin/sip/properties/${P1}`]: (c) => json(property({ paused: true, reason: (c.body as { reason: string }).reason })),
      [`PUT /api/admin/sip/properties/${P2}`]: () => json(property({ propertyId: P2, reference: 'MZ-P-002', title: 'Saadiyat Villas' })),
    });
    renderWithApp(<SipAllocationScreen />, '/admin/sip-allocation');
    const table = await screen.findByRole('region', { name: 'Property eligibility for automated plans' });
    expect(within(table).getAllByText('12.5')).toHaveLength(2);
    expect(within(table).getByText('Valuation under review')).toBeTruthy();

    fireEvent.click(within(table).getByRole('button', { name: 'Pause Marina Gate for automated plans' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause Marina Gate for automated plans' });
    expect(dialog.textContent).toContain('2 manual plans name it and keep buying it');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pause' }));
    expect(await within(dialog).findByText('Say why the property is taken out of automated allocation.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Developer delay' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ paused: true, reason: 'Developer delay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(table).getByRole('button', { name: 'Resume Saadiyat Villas for automated plans' }));
    const resume = await screen.findByRole('dialog', { name: 'Resume Saadiyat Villas for automated plans' });
    fireEvent.click(within(resume).getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').at(-1)).toMatchObject({ url: expect.objectContaining({ pathname: `/api/admin/sip/properties/${P2}` }), body: { paused: false } }));
  });
});
