// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderWithApp, type Call } from '@site/components/admin/ledger/test-utils';
import { addDays, monthEnd, monthStart, todayInDubai } from '@modules/platform/dates';
import type { FeeChargeJson, FeePreviewJson, FeeReceivableJson, FeeRunDetailJson, FeeRunJson, FeeRunResultJson, FeeStatsJson } from '../../contract';
import FeesAdminScreen from './FeesAdminScreen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TODAY = todayInDubai();
const LAST = addDays(monthStart(TODAY), -1);
const RUN = '33333333-3333-4333-8333-333333333333';
const P1 = '11111111-1111-4111-8111-111111111111';

const stats: FeeStatsJson = {
  today: TODAY,
  accruedUncharged: '123456',
  chargedThisYear: '9876500',
  vatThisYear: '493825',
  outstanding: '10823',
  investorsOwing: 1,
  lastRun: { id: RUN, number: 'FEE-000003', through: '2026-09-30', createdAt: '2026-10-01T06:00:00.000Z' },
  dueThrough: LAST,
  byMonth: [
    { month: '2026-09', fee: '4932', vat: '247', collected: '5179', outstanding: '0' },
    { month: '2026-10', fee: '98000', vat: '4900', collected: '92077', outstanding: '10823' },
  ],
};
const preview = (through = LAST): FeePreviewJson => ({
  through,
  investors: 2,
  fee: '102932',
  vat: '5147',
  outstanding: '0',
  coverable: '97256',
  items: [
    { userId: 'u1', name: 'Aisha Al Hashimi', unicode: 'MZ-AISHA1', fromDate: '2026-10-01', through, days: 31, averageValue: '12000000', accruedMicro: '5095890422', carryInMicro: '0', fee: '5096', vat: '255', outstanding: '0', available: '100000', calculation: [] },
    { userId: 'u2', name: 'Omar Saleh', unicode: 'MZ-OMAR01', fromDate: '2026-10-01', through, days: 31, averageValue: '100000000', accruedMicro: '42465753420', carryInMicro: '0', fee: '42466', vat: '2123', outstanding: '0', available: '500', calculation: [] },
  ],
});
const result: FeeRunResultJson = { id: RUN, number: 'FEE-000004', through: LAST, investors: 2, fee: '102932', vat: '5147', collected: '97256', receivable: '10823' };
const runRow: FeeRunJson = { ...result, number: 'FEE-000004', trigger: 'admin', startedBy: 'admin@manzil.ae', createdAt: '2026-11-01T06:00:00.000Z' };
const charge = (patch: Partial<FeeChargeJson>): FeeChargeJson => ({
  id: 'c1',
  number: 'FC-000010',
  runId: RUN,
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
  name: 'Aisha Al Hashimi',
  unicode: 'MZ-AISHA1',
  ...patch,
});
const detail: FeeRunDetailJson = {
  ...runRow,
  charges: [charge({}), charge({ id: 'c2', number: 'FC-000011', userId: 'u2', name: 'Omar Saleh', unicode: 'MZ-OMAR01', fee: '42466', vat: '2123', paid: '500', outstanding: '44089' })],
  collections: [],
};
const receivable: FeeReceivableJson = { userId: 'u2', name: 'Omar Saleh', unicode: 'MZ-OMAR01', email: 'omar@example.ae', outstanding: '44089', charges: 1, since: '2026-10-01', available: '0' };

function api(overrides: Record<string, (call: Call) => Response | Promise<Response>> = {}) {
  return mockFetch({
    'GET /api/admin/fees/platform/stats': () => json(stats),
    'GET /api/admin/fees/platform/preview': (c) => json(preview(c.url.searchParams.get('through') ?? LAST)),
    'GET /api/admin/fees/platform/runs': () => json({ items: [], total: 0 }),
    [`GET /api/admin/fees/platform/runs/${RUN}`]: () => json(detail),
    'GET /api/admin/fees/platform/receivables': () => json({ items: [], total: 0, outstanding: '0' }),
    ...overrides,
  });
}

describe('/admin/fees', () => {
  it('shows the stat cards and the fees by month, with a table of the same figures', async () => {
    api();
    renderWithApp(<FeesAdminScreen />, '/admin/fees');
    expect(await screen.findByText('AED 1,234.56')).toBeTruthy();
    const card = (label: string) => screen.getByText(label, { selector: 'p' }).closest('div.rounded-xl') as HTMLElement;
    expect(within(card('Charged this year')).getByText('AED 98,765.00')).toBeTruthy();
    expect(card('Owed by investors').textContent).toContain('1 investor whose wallet could not cover a charge');
    expect(within(card('Last run')).getByText('FEE-000003')).toBeTruthy();
    const chart = screen.getByRole('img', { name: /Platform fees by month/ });
    expect(chart.getAttribute('aria-label')).toContain('October 2026 (AED 108.23 still owed): AED 1,029.00 (fee AED 980.00, VAT AED 49.00)');
    fireEvent.click(screen.getByRole('button', { name: 'Show as table' }));
    const table = screen.getByRole('table', { name: /Platform fees by month, in AED/ });
    expect(within(table).getByRole('rowheader', { name: /September 2026/ })).toBeTruthy();
  });

  it('previews the run up to the end of last month, then another date; refuses a date past this month', async () => {
    const calls = api();
    renderWithApp(<FeesAdminScreen />, '/admin/fees');
    const region = await screen.findByRole('region', { name: /Charges previewed up to/ });
    expect((screen.getByLabelText('Charge up to') as HTMLInputElement).value).toBe(LAST);
    expect(within(region).getByText('Omar Saleh')).toBeTruthy();
    expect(within(region).getAllByText(/\(31 days\)/)).toHaveLength(2);
    expect(screen.getByText('AED 1,029.32')).toBeTruthy();
    expect(calls.some((c) => c.url.searchParams.get('through') === LAST)).toBe(true);

    const earlier = addDays(LAST, -10);
    fireEvent.change(screen.getByLabelText('Charge up to'), { target: { value: earlier } });
    await waitFor(() => expect(calls.some((c) => c.url.searchParams.get('through') === earlier)).toBe(true));

    const tooLate = addDays(monthEnd(TODAY), 1);
    fireEvent.change(screen.getByLabelText('Charge up to'), { target: { value: tooLate } });
    expect(await screen.findByText('That date is too late')).toBeTruthy();
    expect(calls.some((c) => c.url.searchParams.get('through') === tooLate)).toBe(false);
    expect(screen.getByRole('button', { name: 'Run fees' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('confirms with the totals, posts the date, shows the run it made and reads the figures again', async () => {
    const calls = api({ 'POST /api/admin/fees/platform/run': () => json(result, 201) });
    renderWithApp(<FeesAdminScreen />, '/admin/fees');
    await screen.findByRole('region', { name: /Charges previewed up to/ });
    fireEvent.click(screen.getByRole('button', { name: 'Run fees' }));
    const dialog = await screen.findByRole('dialog', { name: /Charge platform fees up to/ });
    expect(dialog.textContent).toContain('This charges 2 investors AED 1,029.32 in platform fees plus AED 51.47 VAT');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    const statsBefore = calls.filter((c) => c.url.pathname.endsWith('/stats')).length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Charge 2 investors' }));
    const done = await screen.findByRole('dialog', { name: 'Run FEE-000004 finished' });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ through: LAST });
    expect(within(done).getByLabelText('Totals of run FEE-000004').textContent).toContain('AED 108.23');
    await waitFor(() => expect(calls.filter((c) => c.url.pathname.endsWith('/stats')).length).toBeGreaterThan(statsBefore));
  });

  it("shows the API's message when a run is refused, and that nothing was charged", async () => {
    api({ 'POST /api/admin/fees/platform/run': () => json({ message: 'Fees can be charged up to the last day of the current month, not further.', error: 'business_rule' }, 422) });
    renderWithApp(<FeesAdminScreen />, '/admin/fees');
    await screen.findByRole('region', { name: /Charges previewed up to/ });
    fireEvent.click(screen.getByRole('button', { name: 'Run fees' }));
    const dialog = await screen.findByRole('dialog', { name: /Charge platform fees up to/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Charge 2 investors' }));
    const refused = await screen.findByRole('dialog', { name: 'The run did not start' });
    expect(within(refused).getByRole('alert').textContent).toContain('Nothing was charged');
    expect(within(refused).getByRole('alert').textContent).toContain('not further');
  });

  it('says no fees have been charged yet, lists runs with CSV, and opens a run with each charge and its calculation', async () => {
    let runs: FeeRunJson[] = [];
    const calls = api({ 'GET /api/admin/fees/platform/runs': () => json({ items: runs, total: runs.length }) });
    const first = renderWithApp(<FeesAdminScreen />, '/admin/fees');
    expect(await screen.findByText('No fees have been charged yet')).toBeTruthy();
    first.unmount();

    runs = [runRow];
    renderWithApp(<FeesAdminScreen />, '/admin/fees');
    const link = await screen.findByRole('link', { name: /FEE-000004/ });
    const exports = screen.getAllByRole('link', { name: /Export CSV/ }).map((a) => a.getAttribute('href'));
    expect(exports.some((h) => h?.startsWith('/api/admin/fees/platform/runs/export'))).toBe(true);
    expect(link.getAttribute('href')).toBe(`/admin/fees?run=${RUN}`);
    fireEvent.click(link);
    const dialog = await screen.findByRole('dialog', { name: 'Run FEE-000004' });
    expect(calls.some((c) => c.url.pathname === `/api/admin/fees/platform/runs/${RUN}`)).toBe(true);
    expect(dialog.textContent).toContain('started by admin@manzil.ae');
    const charges = within(dialog).getByRole('region', { name: 'Charges of run FEE-000004' });
    expect(within(charges).getAllByRole('row')).toHaveLength(3);
    expect(within(charges).getByText('AED 440.89')).toBeTruthy();

    const open = within(charges).getByRole('button', { name: /Aisha Al Hashimi/ });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    const calc = within(dialog).getByRole('table', { name: 'How FC-000010 was calculated' });
    expect(within(calc).getByRole('rowheader', { name: /Marina Gate/ })).toBeTruthy();
    expect(within(calc).getByText('AED 50.9589')).toBeTruthy();
    expect(dialog.textContent).toContain('+0.27 fil carried from the last charge');
    expect(dialog.textContent).toContain('1–31 Oct 2026 (31 days): AED 50.96 + VAT AED 2.55');

    fireEvent.change(within(dialog).getByLabelText('Search charges'), { target: { value: 'omar' } });
    expect(within(dialog).getByText('1 of 2 charges match.')).toBeTruthy();
    expect(within(charges).queryByText('Aisha Al Hashimi')).toBeNull();
  });

  it('offers no run when there is nothing to charge or collect', async () => {
    api({ 'GET /api/admin/fees/platform/preview': (c) => json({ ...preview(c.url.searchParams.get('through') ?? LAST), investors: 0, fee: '0', vat: '0', outstanding: '44089', coverable: '0', items: [] }) });
    renderWithApp(<FeesAdminScreen />, '/admin/fees');
    expect(await screen.findByText('Nothing to charge up to this date')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Run fees' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Nothing to charge or collect up to this date.');
  });

  it('lists what investors owe, with the total and CSV, or says nobody owes anything', async () => {
    api({ 'GET /api/admin/fees/platform/receivables': () => json({ items: [receivable], total: 1, outstanding: '44089' }) });
    renderWithApp(<FeesAdminScreen />, '/admin/fees');
    const table = await screen.findByRole('region', { name: 'Platform fees owed by investors' });
    expect(await within(table).findByText('Omar Saleh')).toBeTruthy();
    expect(within(table).getByText('Nothing to collect yet')).toBeTruthy();
    expect(screen.getByText('Owed in all, over the filtered list: AED 440.89.')).toBeTruthy();
    cleanup();
    api();
    renderWithApp(<FeesAdminScreen />, '/admin/fees');
    expect(await screen.findByText('Nobody owes a platform fee')).toBeTruthy();
  });
});
