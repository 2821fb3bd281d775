// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EntryEditor } from './EntryEditor';
import { CHART, json, mockFetch, renderWithApp } from './test-utils';
import { summarizeLines, emptyLine, type AccountInfo } from './lines';
import type { JournalEntryJson } from './types';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Inputs by accessible name: account and property fields are comboboxes (they suggest from a list). */
const field = (name: string) => (screen.queryByRole('textbox', { name }) ?? screen.getByRole('combobox', { name })) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const postButton = () => screen.getByRole('button', { name: /Post entry/ });

const entry = (over: Partial<JournalEntryJson> = {}): JournalEntryJson => ({
  id: '7d1f8f0e-2f5c-4c1c-9a53-1f1a0c9b9e01',
  number: 'JE-000012',
  date: '2026-11-21',
  memo: 'November office rent',
  status: 'draft',
  kind: 'standard',
  source: { module: 'ledger.manual', id: 'x' },
  createdBy: null,
  postedBy: null,
  postedAt: null,
  reverses: null,
  reversedBy: null,
  totals: { debit: '1250000', credit: '1250000', difference: '0' },
  lines: [],
  ...over,
});

describe('balanced-lines editor', () => {
  it('shows the difference live and keeps Post unavailable, with the reason, until debits equal credits', async () => {
    const calls = mockFetch({
      'POST /api/admin/ledger/journal-entries': () => json(entry(), 201),
      'POST /api/admin/ledger/journal-entries/7d1f8f0e-2f5c-4c1c-9a53-1f1a0c9b9e01/post': () => json(entry({ status: 'posted' })),
    });
    const onDone = vi.fn();
    renderWithApp(<EntryEditor accounts={CHART} costCenters={[]} onDone={onDone} onCancel={() => {}} />);

    const difference = screen.getByTestId('difference');
    expect(difference.getAttribute('aria-live')).toBe('polite');
    expect(postButton().getAttribute('aria-disabled')).toBe('true');

    type('Line 1 account', '6210');
    type('Line 1 debit', '12,500');
    type('Line 2 account', '1110 · Emirates NBD operating account');
    type('Line 2 credit', '12,000.50');
    expect(difference.textContent).toContain('499.50');
    expect(difference.textContent).toContain('Debits exceed credits by AED 499.50.');
    const tip = document.getElementById(postButton().getAttribute('aria-describedby')!)!;
    expect(tip.textContent).toBe('Debits and credits differ by AED 499.50. Balance them to post.');
    // The reason is also written out under the buttons, not only in a tooltip.
    expect(screen.getByText(/Post is unavailable: Debits and credits differ by AED 499\.50/)).toBeTruthy();

    type('Line 2 credit', '12500.00');
    expect(difference.textContent).toContain('0.00');
    expect(difference.textContent).toContain('Balanced: debits equal credits.');
    expect(postButton().getAttribute('aria-disabled')).toBeNull();
    expect((postButton() as HTMLButtonElement).disabled).toBe(false);

    type('Memo', 'November office rent');
    await act(async () => {
      fireEvent.click(postButton());
    });
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const create = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/admin/ledger/journal-entries')!;
    expect(create.headers['idempotency-key']).toMatch(/\S{8,}/);
    expect(create.body).toEqual({
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      memo: 'November office rent',
      lines: [
        { accountCode: '6210', debit: '1250000', credit: '0', costCenter: null, property: null, memo: null },
        { accountCode: '1110', debit: '0', credit: '1250000', costCenter: null, property: null, memo: null },
      ],
    });
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname.endsWith('/post'))).toBe(true);
    expect(onDone.mock.calls[0]![0].posted).toBe(true);
  });

  it('flags a line with both a debit and a credit, and a group account, and blocks saving', () => {
    mockFetch({});
    renderWithApp(<EntryEditor accounts={CHART} costCenters={[]} onDone={() => {}} onCancel={() => {}} />);
    type('Line 1 account', '1100');
    type('Line 1 debit', '10');
    type('Line 1 credit', '10');
    expect(screen.getByText('1100 Cash and bank is a group account. Choose one of its sub-accounts.')).toBeTruthy();
    expect(screen.getByText('A line takes a debit or a credit, not both.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save draft' }).getAttribute('aria-disabled')).toBe('true');
    expect(postButton().getAttribute('aria-disabled')).toBe('true');
  });

  it('adds a balancing line for the difference', () => {
    mockFetch({});
    renderWithApp(<EntryEditor accounts={CHART} costCenters={[]} onDone={() => {}} onCancel={() => {}} />);
    type('Line 1 account', '1110');
    type('Line 1 debit', '0.1');
    type('Line 2 account', '1110');
    type('Line 2 debit', '0.2');
    expect(screen.getByTestId('difference').textContent).toContain('Debits exceed credits by AED 0.30.');
    fireEvent.click(screen.getByRole('button', { name: /Add balancing line \(0\.30 credit\)/ }));
    expect(field('Line 3 credit').value).toBe('0.30');
    expect(screen.getByTestId('difference').textContent).toContain('Balanced');
  });

  it('edits a draft with PATCH, keeping its lines', async () => {
    const draft = entry({
      lines: [
        { lineNo: 1, accountCode: '6210', accountName: 'Office rent', debit: '1250000', credit: '0', currency: 'AED', originalAmount: null, rate: null, costCenter: null, property: null, memo: null },
        { lineNo: 2, accountCode: '1110', accountName: 'Emirates NBD operating account', debit: '0', credit: '1250000', currency: 'AED', originalAmount: null, rate: null, costCenter: null, property: null, memo: 'Cheque 104' },
      ],
    });
    const calls = mockFetch({ [`PATCH /api/admin/ledger/journal-entries/${draft.id}`]: () => json(draft) });
    const onDone = vi.fn();
    renderWithApp(<EntryEditor entry={draft} accounts={CHART} costCenters={[]} onDone={onDone} onCancel={() => {}} />);
    expect(field('Line 1 debit').value).toBe('12,500.00');
    expect(field('Line 2 memo').value).toBe('Cheque 104');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    });
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ entry: draft, posted: false }));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});

describe('summarizeLines', () => {
  const info = new Map<string, AccountInfo>(CHART.map((a) => [a.code, a]));
  it('needs two lines to post and ignores blank lines', () => {
    const one = summarizeLines([{ ...emptyLine(), accountCode: '1110', debit: '5' }, emptyLine()], info);
    expect(one.saveBlocker).toBeNull();
    expect(one.postBlocker).toBe('A journal entry needs at least two lines to be posted.');
    expect(one.filled).toBe(1);
  });
  it('sums in fils, exactly', () => {
    const lines = Array.from({ length: 10 }, () => ({ ...emptyLine(), accountCode: '1110', debit: '0.10' }));
    const s = summarizeLines([...lines, { ...emptyLine(), accountCode: '4110', credit: '1' }], info);
    expect(s.debit).toBe(100n);
    expect(s.difference).toBe(0n);
    expect(s.balanced).toBe(true);
    expect(s.postBlocker).toBeNull();
  });
});
