// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHART, json, mockFetch, renderWithApp, type Call } from '@site/components/admin/ledger/test-utils';
import { formatDate, todayInDubai } from '@modules/platform/dates';
import { nextRunDates, type RecurringEntryJson, type RecurringRunReport } from '../../recurring-contract';
import { RecurringEntriesPanel } from './RecurringEntriesPanel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const BASE = '/api/admin/ledger/recurring-entries';
const rent: RecurringEntryJson = {
  id: '3f2b8c1a-0d4e-4a7b-9c51-6e2f1a0b9c01',
  name: 'Office rent',
  memo: 'Boulevard Plaza, monthly rent',
  dayOfMonth: 31,
  startDate: '2026-01-01',
  endDate: null,
  active: true,
  lines: [
    { accountCode: '6210', debit: '1250000', credit: '0' },
    { accountCode: '1110', debit: '0', credit: '1250000' },
  ],
  lastRunAt: '2026-03-01T05:00:00.000Z',
  createdBy: 'u1',
};
const hosting: RecurringEntryJson = { ...rent, id: '7c1d2e3f-0d4e-4a7b-9c51-6e2f1a0b9c02', name: 'Cloud hosting', memo: '', dayOfMonth: 5, active: false, lastRunAt: null };

function api(routes: Record<string, (call: Call) => Response> = {}) {
  return mockFetch({
    [`GET ${BASE}`]: () => json({ items: [hosting, rent], total: 2 }),
    'GET /api/admin/ledger/accounts/options': () => json({ items: CHART, total: CHART.length }),
    ...routes,
  });
}

describe('RecurringEntriesPanel', () => {
  it('lists the templates with their status and next three run dates, on the list contract', async () => {
    const calls = api();
    renderWithApp(<RecurringEntriesPanel />, '/admin/erp/accounting-ledger?view=recurring&recurring.status=active');
    const table = await screen.findByRole('table', { name: /Recurring entries/ });
    await within(table).findAllByText('Office rent');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const next = nextRunDates(rent, todayInDubai()).map(formatDate);
    expect(next).toHaveLength(3);
    expect(rows[1]!.textContent).toContain('Office rent');
    expect(rows[1]!.textContent).toContain('Last day');
    expect(rows[1]!.textContent).toContain('Active');
    expect(rows[1]!.textContent).toContain(next.join(', '));
    expect(rows[0]!.textContent).toMatch(/Cloud hosting.*5th.*Paused/);
    const list = calls.find((c) => c.url.pathname === BASE)!.url.searchParams;
    expect(list.get('status')).toBe('active');
    expect(list.get('sort')).toBe('name');
  });

  it('pauses an active template and resumes a paused one', async () => {
    const calls = api({ [`PATCH ${BASE}/${rent.id}`]: (c) => json({ ...rent, ...(c.body as object) }), [`PATCH ${BASE}/${hosting.id}`]: (c) => json({ ...hosting, ...(c.body as object) }) });
    renderWithApp(<RecurringEntriesPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Pause Office rent' }));
    fireEvent.click(screen.getByRole('button', { name: 'Resume Cloud hosting' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH').map((c) => [c.url.pathname.split('/').pop(), c.body])).toEqual([
      [rent.id, { active: false }],
      [hosting.id, { active: true }],
    ]));
  });

  it('deletes a template after a confirmation', async () => {
    const calls = api({ [`DELETE ${BASE}/${rent.id}`]: () => json({ success: true, message: 'The recurring entry was deleted. Entries it already posted stay in the books.' }) });
    renderWithApp(<RecurringEntriesPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Office rent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Office rent”?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete recurring entry' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url.pathname === `${BASE}/${rent.id}`)).toBe(true));
  });

  it('runs the due entries and says what was posted and what was not', async () => {
    const report: RecurringRunReport = {
      asOf: '2026-04-02',
      posted: [{ templateId: rent.id, month: '2026-03', entryId: 'e1', number: 'JE-000077' }],
      failed: [{ templateId: rent.id, month: '2026-02', message: 'February 2026 is closed, so nothing dated 2026-02-28 can be posted.' }],
    };
    const calls = api({ [`POST ${BASE}/run`]: () => json(report) });
    renderWithApp(<RecurringEntriesPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Run due entries now' }));
    const status = await screen.findByText(/1 posted, 1 could not be posted/);
    const box = status.closest('[role="status"]') as HTMLElement;
    expect(within(box).getByRole('link', { name: 'JE-000077' }).getAttribute('href')).toBe('/admin/journal-entries?entry=e1');
    await waitFor(() => expect(box.textContent).toContain('Office rent, 2026-02: February 2026 is closed'));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({});
  });

  it('creates a template from balanced lines, checking the balance as you type', async () => {
    const calls = api({ [`POST ${BASE}`]: (c) => json({ ...rent, ...(c.body as object), id: 'new' }, 201) });
    renderWithApp(<RecurringEntriesPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'New recurring entry' }));
    const form = await screen.findByRole('form', { name: 'New recurring entry' });
    expect(await within(form).findAllByRole('option', { name: '6210 · Office rent' })).toHaveLength(2);
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'Office rent' } });
    fireEvent.change(within(form).getByLabelText('Day of the month'), { target: { value: '28' } });
    fireEvent.change(within(form).getByLabelText(/^Start date/), { target: { value: '2026-05-01' } });
    fireEvent.change(within(form).getByLabelText('Line 1 account'), { target: { value: '6210' } });
    fireEvent.change(within(form).getByLabelText('Line 1 debit'), { target: { value: '12,500' } });
    fireEvent.change(within(form).getByLabelText('Line 2 account'), { target: { value: '1110' } });
    fireEvent.change(within(form).getByLabelText('Line 2 credit'), { target: { value: '12,000' } });
    expect(within(form).getByText(/Debits exceed credits by AED 500\.00/)).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Save recurring entry' }));
    expect(within(form).getByText(/Debits and credits differ by AED 500\.00/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(form).getByLabelText('Line 2 credit'), { target: { value: '12,500' } });
    expect(within(form).getByText(/Balanced: debits equal credits/)).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Save recurring entry' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      name: 'Office rent',
      dayOfMonth: 28,
      startDate: '2026-05-01',
      endDate: null,
      lines: [
        { accountCode: '6210', debit: '1250000', credit: '0' },
        { accountCode: '1110', debit: '0', credit: '1250000' },
      ],
    }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New recurring entry' })).toBeNull());
  });
});
