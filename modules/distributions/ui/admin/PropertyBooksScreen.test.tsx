// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderWithApp, type Call } from '@site/components/admin/ledger/test-utils';
import { distributionMessages, type PropertyRecordJson } from '../../contract';
import { periodLabel } from '../format';
import { M1, M2, M3, P1, pnl, record } from '../test-fixtures';
import PropertyBooksScreen from './PropertyBooksScreen';
import { AMOUNT_TYPED, checkRecord } from './record-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const BOOKS = `/api/admin/property-books/${P1}`;
const admin = { id: 'admin-1', firstName: 'Sara', lastName: 'Ops', email: 'sara@manzil.ae', role: 'admin', mfaEnabled: true, kycStatus: 'approved', unicode: 'MZ-SARA01' };

function api(overrides: Record<string, (call: Call) => Response | Promise<Response>> = {}) {
  return mockFetch({
    'GET /api/auth/me': () => json(admin),
    [`GET ${BOOKS}`]: () => json(pnl({ records: [record(), record({ id: 'rec-0', number: 'REC-000000', period: M2, date: `${M2}-28`, kind: 'maintenance', amount: '50000', journalReference: 'JE-000090', reversedAt: '2026-01-02T08:00:00.000Z', createdAt: '2025-12-01T08:00:00.000Z' })] })),
    'GET /api/admin/properties': () => json({ items: [{ id: P1, title: 'Marina Gate', reference: 'MZ-DXB-001', community: 'Dubai Marina', city: 'Dubai', status: 'funded' }], total: 1, limit: 50, offset: 0 }),
    ...overrides,
  });
}

const open = () => renderWithApp(<PropertyBooksScreen />, `/admin/property-books?property=${P1}`);

describe('/admin/property-books', () => {
  it('lists the properties to choose from, each opening its books', async () => {
    api();
    renderWithApp(<PropertyBooksScreen />, '/admin/property-books');
    const link = await screen.findByRole('link', { name: /Marina Gate.*open its books/ });
    expect(link.getAttribute('href')).toBe(`/admin/property-books?property=${P1}`);
    expect(screen.getByRole('link', { name: /Prepare a distribution for Marina Gate/ }).getAttribute('href')).toBe(`/admin/distributions?prepare=${P1}`);
  });

  it("shows the property's P&L by month (every month of the range), its records and the reserve", async () => {
    api();
    open();
    const table = await screen.findByRole('table', { name: /Marina Gate: income and costs by month/ });
    // The operator sees the months with nothing recorded too, to set their occupancy (but the chart starts at the first figures).
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    expect(screen.getByRole('img', { name: /Where the rent went/ }).getAttribute('aria-label')).not.toContain(periodLabel(M3));
    expect(within(table).getByRole('button', { name: `Occupancy and note of ${periodLabel(M1)}` })).toBeTruthy();
    expect(screen.getByRole('img', { name: /Where the rent went/ })).toBeTruthy();
    const records = screen.getByRole('table', { name: 'Rent and cost records' });
    const rows = within(records).getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toMatch(/REC-000001.*Rent received.*10,000\.00.*Rent from the tenant.*JE-000101.*Reverse/);
    expect(rows[1]!.textContent).toContain('Reversed');
    expect(within(rows[1]!).queryByRole('button', { name: /Reverse/ })).toBeNull();
    expect((screen.getByLabelText('Reserve (% of net income)') as HTMLInputElement).value).toBe('10');
  });

  it('records rent typed in AED as fils and shows the journal reference of the entry', async () => {
    const posted: PropertyRecordJson = record({ id: 'rec-2', number: 'REC-000002', amount: '1250050', journalReference: 'JE-000123' });
    const calls = api({ [`POST ${BOOKS}/records`]: () => json(posted, 201) });
    open();
    await screen.findByRole('table', { name: /income and costs by month/ });
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: M1 } });
    fireEvent.change(screen.getByLabelText(/Amount \(AED\)/), { target: { value: '12,500.50' } });
    fireEvent.change(screen.getByLabelText('Description (optional)'), { target: { value: '  March rent  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record' }));
    const done = await screen.findByText(/Recorded REC-000002/);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ period: M1, kind: 'rent', amount: '1250050', description: 'March rent' });
    expect(within(done.closest('p')!).getByRole('link', { name: 'JE-000123' }).getAttribute('href')).toBe('/admin/journal-entries?q=JE-000123');
    // The books are read again.
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.url.pathname === BOOKS).length).toBeGreaterThan(1));
  });

  it("refuses a bad amount or a date outside the month with the contract's words, and shows the API's refusal on its field", async () => {
    const calls = api({ [`POST ${BOOKS}/records`]: () => json({ message: distributionMessages.periodDistributed(M2), error: 'period_distributed' }, 422) });
    open();
    await screen.findByRole('table', { name: /income and costs by month/ });
    fireEvent.change(screen.getByLabelText(/Amount \(AED\)/), { target: { value: '12,50' } });
    fireEvent.change(screen.getByLabelText('Date (optional)'), { target: { value: `${M2}-03` } });
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: M1 } });
    fireEvent.click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByText(AMOUNT_TYPED)).toBeTruthy();
    expect(screen.getByText(distributionMessages.entryDate)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText(/Amount \(AED\)/), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText('Date (optional)'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByText(distributionMessages.amount)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Month'), { target: { value: M2 } });
    fireEvent.change(screen.getByLabelText(/Amount \(AED\)/), { target: { value: '500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByText(distributionMessages.periodDistributed(M2))).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('checks a record as the API would: future months and too large amounts', () => {
    const base = { period: '2026-03', kind: 'rent' as const, amount: '100', description: '', date: '' };
    expect(checkRecord(base, '2026-03-10')).toEqual({ body: { period: '2026-03', kind: 'rent', amount: '10000', description: undefined, date: undefined } });
    expect(checkRecord({ ...base, period: '2026-04' }, '2026-03-10')).toEqual({ errors: { period: distributionMessages.periodFuture } });
    expect(checkRecord({ ...base, date: '2026-03-11' }, '2026-03-10')).toEqual({ errors: { date: distributionMessages.entryDate } });
    expect(checkRecord({ ...base, amount: '100,000,001' }, '2026-03-10')).toEqual({ errors: { amount: distributionMessages.amountTooLarge } });
  });

  it('reverses a record only with a reason, after confirming', async () => {
    const calls = api({ [`POST /api/admin/property-books/records/rec-1/reverse`]: () => json(record({ reversedAt: '2026-11-26T08:00:00.000Z' })) });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Reverse REC-000001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reverse REC-000001?' });
    expect(dialog.textContent).toContain('JE-000101');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reverse record' }));
    expect(await within(dialog).findByText(distributionMessages.reason)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'ok' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reverse record' }));
    expect(within(dialog).getByText(distributionMessages.reason)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Entered twice' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reverse record' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reverse REC-000001?' })).toBeNull());
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: expect.objectContaining({ pathname: '/api/admin/property-books/records/rec-1/reverse' }), body: { reason: 'Entered twice' } });
  });

  it("sets a month's occupancy and note, and the reserve, in basis points", async () => {
    const calls = api({
      [`PUT ${BOOKS}/months/${M1}`]: (c) => json({ propertyId: P1, period: M1, ...(c.body as object) }),
      [`PUT ${BOOKS}/reserve`]: (c) => json({ propertyId: P1, ...(c.body as object) }),
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: `Occupancy and note of ${periodLabel(M1)}` }));
    const dialog = await screen.findByRole('dialog', { name: `${periodLabel(M1)}: occupancy and note` });
    const occupancy = within(dialog).getByLabelText(/Occupancy/) as HTMLInputElement;
    expect(occupancy.value).toBe('95');
    fireEvent.change(occupancy, { target: { value: '120' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(distributionMessages.occupancy)).toBeTruthy();
    fireEvent.change(occupancy, { target: { value: '87.5' } });
    fireEvent.change(within(dialog).getByLabelText(/Note for investors/), { target: { value: 'Tenant moved out on the 27th.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ occupancyBps: 8750, note: 'Tenant moved out on the 27th.' }));

    const reserve = screen.getByLabelText('Reserve (% of net income)');
    fireEvent.change(reserve, { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save reserve' }));
    expect(await screen.findByText(distributionMessages.reserve)).toBeTruthy();
    fireEvent.change(reserve, { target: { value: '12.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save reserve' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ reserveBps: 1250 }));
  });
});
