// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import JournalEntries from '../screens/JournalEntries';
import { json, mockFetch, renderWithApp } from './test-utils';
import type { JournalEntryJson } from './types';

const ID = '7d1f8f0e-2f5c-4c1c-9a53-1f1a0c9b9e01';
const REV = '0b6f3a52-51a4-4f59-8f4c-3f0f2b1d9c77';
const posted: JournalEntryJson = {
  id: ID,
  number: 'JE-000033',
  date: '2026-11-03',
  memo: 'Audit fee accrual, FY2026 interim review',
  status: 'posted',
  kind: 'standard',
  source: { module: 'ledger.manual', id: 'k1' },
  createdBy: 'u1',
  postedBy: 'u1',
  postedAt: '2026-11-03T06:28:00.000Z',
  reverses: null,
  reversedBy: null,
  totals: { debit: '4200000', credit: '4200000', difference: '0' },
  lines: [
    { lineNo: 1, accountCode: '6520', accountName: 'Audit and accounting', debit: '4200000', credit: '0', currency: 'AED', originalAmount: null, rate: null, costCenter: 'FIN', property: null, memo: null },
    { lineNo: 2, accountCode: '2320', accountName: 'Accrued expenses', debit: '0', credit: '4200000', currency: 'AED', originalAmount: null, rate: null, costCenter: null, property: null, memo: null },
  ],
};
const reversal: JournalEntryJson = {
  ...posted,
  id: REV,
  number: 'JE-000034',
  date: '2026-11-21',
  kind: 'reversal',
  memo: 'Reversal of JE-000033: Audit fee accrual, FY2026 interim review',
  source: { module: 'ledger.reversal', id: ID },
  reverses: { id: ID, number: 'JE-000033' },
  lines: posted.lines.map((l) => ({ ...l, debit: l.credit, credit: l.debit })),
};

beforeEach(() => {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('journal entries', () => {
  it('filters and sorts on the server, starting from the status in the address', async () => {
    const calls = mockFetch({ '/api/admin/ledger/journal-entries': () => json({ items: [posted], total: 1 }) });
    renderWithApp(<JournalEntries />, '/admin/journal-entries?status=draft');
    await screen.findAllByText('Audit fee accrual, FY2026 interim review');
    const last = () => calls[calls.length - 1]!.url.searchParams;
    expect(last().get('status')).toBe('draft');
    expect(last().get('sort')).toBe('-date');
    expect(last().get('limit')).toBe('50');
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Source'), { target: { value: 'ledger.reversal' } });
    });
    expect(last().get('sourceModule')).toBe('ledger.reversal');
    const entryHeader = screen.getByRole('columnheader', { name: /Entry/ });
    expect(entryHeader.getAttribute('aria-sort')).toBe('none');
    await act(async () => {
      fireEvent.click(within(entryHeader).getByRole('button'));
    });
    expect(last().get('sort')).toBe('-number');
    expect(screen.getByRole('columnheader', { name: /Entry/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it('reverses a posted entry after confirmation and opens the reversal, linked to the original', async () => {
    const calls = mockFetch({
      [`GET /api/admin/ledger/journal-entries/${ID}`]: () => json(posted),
      [`POST /api/admin/ledger/journal-entries/${ID}/reverse`]: () => json({ reversal, original: { ...posted, reversedBy: { id: REV, number: 'JE-000034' } } }, 201),
      [`GET /api/admin/ledger/journal-entries/${REV}`]: () => json(reversal),
    });
    const { location } = renderWithApp(<JournalEntries />, `/admin/journal-entries?entry=${ID}`);
    await screen.findByText('Audit and accounting');
    expect(screen.getByText('Entered by hand in the back office')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Reverse entry' }));
    });
    const dialog = screen.getByRole('dialog', { name: 'Reverse JE-000033?' });
    expect(within(dialog).getByText(/AED 42,000\.00/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Reverse JE-000033' }));
    });
    await waitFor(() => expect(location.history.at(-1)).toBe(`/admin/journal-entries?entry=${REV}`));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual([`/api/admin/ledger/journal-entries/${ID}/reverse`]);
    await screen.findByText('Reverses');
    const links = screen.getAllByRole('link', { name: 'JE-000033' });
    expect(links[0]!.getAttribute('href')).toBe(`/admin/journal-entries?entry=${ID}`);
  });

  it('explains why a draft that does not balance cannot be posted', async () => {
    mockFetch({
      [`GET /api/admin/ledger/journal-entries/${ID}`]: () => json({ ...posted, status: 'draft', postedAt: null, postedBy: null, totals: { debit: '4200000', credit: '4000000', difference: '200000' } }),
    });
    renderWithApp(<JournalEntries />, `/admin/journal-entries?entry=${ID}`);
    await screen.findByText('Audit and accounting');
    const post = screen.getByRole('button', { name: 'Post entry' });
    expect(post.getAttribute('aria-disabled')).toBe('true');
    expect(document.getElementById(post.getAttribute('aria-describedby')!)!.textContent).toBe('Debits and credits differ by AED 2,000.00. Edit the draft to balance it.');
    expect(screen.getByText(/Out of balance by AED 2,000\.00/)).toBeTruthy();
  });
});
