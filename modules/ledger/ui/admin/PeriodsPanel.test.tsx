// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderWithApp, type Call } from '@site/components/admin/ledger/test-utils';
import { monthEnd, monthLabel, todayInDubai } from '@modules/platform/dates';
import type { PeriodJson, PeriodsJson } from '../../periods-contract';
import { PeriodsPanel } from './PeriodsPanel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const THIS_YEAR = Number(todayInDubai().slice(0, 4));
const LAST_YEAR = THIS_YEAR - 1;

function month(year: number, m: number, over: Partial<PeriodJson> = {}): PeriodJson {
  const start = `${year}-${String(m).padStart(2, '0')}-01`;
  return { period: start.slice(0, 7), kind: 'month', label: monthLabel(start), start, end: monthEnd(start), status: 'open', closedAt: null, closedBy: null, closedByName: null, closingEntry: null, postedEntries: m * 3, draftEntries: m === 2 ? 1 : 0, ...over };
}
const closedBy = { status: 'closed' as const, closedAt: `${THIS_YEAR}-02-03T06:30:00.000Z`, closedBy: 'u1', closedByName: 'Sara Al Mansoori' };

function periods(year: number, over: (m: number) => Partial<PeriodJson> = () => ({})): PeriodsJson {
  return {
    year: { period: String(year), kind: 'year', label: `Fiscal year ${year}`, start: `${year}-01-01`, end: `${year}-12-31`, status: 'open', closedAt: null, closedBy: null, closedByName: null, closingEntry: null, postedEntries: 234, draftEntries: 1 },
    months: Array.from({ length: 12 }, (_, i) => month(year, i + 1, over(i + 1))),
  };
}

const PERIODS = '/api/admin/ledger/periods';
const api = (routes: Record<string, (call: Call) => Response> = {}) =>
  mockFetch({ [`GET ${PERIODS}`]: (c) => json(periods(Number(c.url.searchParams.get('year')), (m) => (m === 1 ? closedBy : {}))), ...routes });

describe('PeriodsPanel', () => {
  it("shows the year's twelve months with their status and who closed them", async () => {
    const calls = api();
    renderWithApp(<PeriodsPanel />);
    const table = await screen.findByRole('table', { name: `Months of ${THIS_YEAR}` });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(12);
    expect(rows[0]!.textContent).toMatch(new RegExp(`January ${THIS_YEAR}.*Closed.*3.*Sara Al Mansoori.*Reopen`));
    expect(rows[1]!.textContent).toMatch(/Open.*6.*1.*Close month/);
    expect(calls[0]!.url.searchParams.get('year')).toBe(String(THIS_YEAR));
    expect(screen.getByText(`Fiscal year ${THIS_YEAR}`)).toBeTruthy();
  });

  it('closes a month in one click and refreshes the periods', async () => {
    const calls = api({ [`POST ${PERIODS}/${THIS_YEAR}-02/close`]: () => json({ period: month(THIS_YEAR, 2, closedBy) }) });
    renderWithApp(<PeriodsPanel />);
    fireEvent.click(await screen.findByRole('button', { name: `Close month February ${THIS_YEAR}` }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.pathname === `${PERIODS}/${THIS_YEAR}-02/close`)).toBe(true));
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET').length).toBeGreaterThan(1));
  });

  it('reopens a month only with a reason, and sends the reason', async () => {
    const calls = api({ [`POST ${PERIODS}/${THIS_YEAR}-01/reopen`]: () => json({ period: month(THIS_YEAR, 1) }) });
    renderWithApp(<PeriodsPanel />);
    fireEvent.click(await screen.findByRole('button', { name: `Reopen January ${THIS_YEAR}` }));
    const dialog = await screen.findByRole('dialog', { name: `Reopen January ${THIS_YEAR}` });
    const submit = within(dialog).getByRole('button', { name: `Reopen January ${THIS_YEAR}` });
    fireEvent.click(submit);
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Give the reason for reopening the month');
    fireEvent.change(within(dialog).getByLabelText(/Reason for reopening/), { target: { value: 'ab' } });
    fireEvent.click(submit);
    expect((await within(dialog).findByRole('alert')).textContent).toContain('at least 3 characters');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/Reason for reopening/), { target: { value: '  Late utility invoice for January  ' } });
    fireEvent.click(submit);
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Late utility invoice for January' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's refusal inside the reopen dialog", async () => {
    api({ [`POST ${PERIODS}/${THIS_YEAR}-01/reopen`]: () => json({ message: `The fiscal year ${THIS_YEAR} is closed, so its months cannot be reopened.`, error: 'year_closed' }, 422) });
    renderWithApp(<PeriodsPanel />);
    fireEvent.click(await screen.findByRole('button', { name: `Reopen January ${THIS_YEAR}` }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Reason for reopening/), { target: { value: 'Audit adjustment' } });
    fireEvent.click(within(dialog).getByRole('button', { name: `Reopen January ${THIS_YEAR}` }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('its months cannot be reopened');
  });

  it('closes an ended year after a confirmation that explains the closing entry, then gives its reference', async () => {
    const closing = { id: '9a0c3a1e-1111-4c1c-9a53-1f1a0c9b9e01', number: 'JE-000412' };
    const calls = api({ [`POST ${PERIODS}/${LAST_YEAR}/close`]: () => json({ year: { ...periods(LAST_YEAR).year, status: 'closed', closingEntry: closing }, closingEntry: closing }) });
    renderWithApp(<PeriodsPanel />);
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: `Close year ${THIS_YEAR}` })).toBeNull();
    expect(screen.getByText(/can be closed once it has ended/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Fiscal year'), { target: { value: String(LAST_YEAR) } });
    fireEvent.click(await screen.findByRole('button', { name: `Close year ${LAST_YEAR}` }));
    const dialog = await screen.findByRole('dialog', { name: `Close the fiscal year ${LAST_YEAR}?` });
    expect(dialog.textContent).toContain('into retained earnings (3200)');
    expect(dialog.textContent).toContain('A closed year cannot be reopened');
    expect(dialog.textContent).toContain('1 draft entry is dated');
    fireEvent.click(within(dialog).getByRole('button', { name: `Close ${LAST_YEAR} and post the closing entry` }));
    const link = await within(dialog).findByRole('link', { name: 'JE-000412' });
    expect(link.getAttribute('href')).toBe(`/admin/journal-entries?entry=${closing.id}`);
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === `${PERIODS}/${LAST_YEAR}/close`)).toBe(true);
  });

  it('says when the periods cannot be loaded and offers to try again', async () => {
    mockFetch({ [`GET ${PERIODS}`]: () => json({ message: 'The ledger is busy, please try again.', error: 'busy' }, 503) });
    renderWithApp(<PeriodsPanel />);
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toContain('The periods could not be loaded');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
