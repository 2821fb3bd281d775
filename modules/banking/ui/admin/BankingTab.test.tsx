// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderWithApp, type Call } from '@site/components/admin/ledger/test-utils';
import type { BankAccountJson, ReconciliationJson, ReconciliationReportJson, StatementLineJson } from '../../contract';
import BankingTab from './BankingTab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ACC = '11111111-1111-4111-8111-111111111111';
const account: BankAccountJson = { id: ACC, name: 'Emirates NBD operating', bankName: 'Emirates NBD', iban: 'AE070331234567890123456', kind: 'operating', currency: 'AED', ledgerAccountCode: '1110', ledgerAccountName: 'Operating bank account', createdAt: '2026-03-01T08:00:00Z' };
const line = (id: string, amount: string, description: string, extra: Partial<StatementLineJson> = {}): StatementLineJson => ({
  id, statementId: 's1', date: '2026-03-05', amount, description, reference: '', counterparty: '', bankRef: null, status: 'unmatched', matchKind: null, matchedEntryId: null, matchedEntryReference: null, candidateKey: null, ruleId: null, ignoreReason: null, ...extra,
});
const reconciliation: ReconciliationJson = {
  bankAccount: { id: ACC, name: account.name, iban: account.iban, ledgerAccountCode: '1110' },
  from: null,
  to: '2026-03-31',
  statementBalance: '16371430',
  ledgerBalance: '16371948',
  difference: '-518',
  explanation: [
    { kind: 'in_bank_not_books', date: '2026-03-31', description: 'ENBD CHARGES OUTWARD TT FEE', amount: '-5250', statementLineId: 'l2', journalLineId: null, entryReference: null },
    { kind: 'in_bank_not_books', date: '2026-03-31', description: 'CREDIT INTEREST', amount: '4107', statementLineId: 'l3', journalLineId: null, entryReference: null },
    { kind: 'in_books_not_bank', date: '2026-03-30', description: 'Cheque 000812', amount: '625', statementLineId: null, journalLineId: '77', entryReference: 'JE-000077' },
  ],
  unmatched: [line('l1', '1250000', 'INWARD TT AL NOOR TRADING INV-2026-0004', { reference: 'FT1' }), line('l2', '-5250', 'ENBD CHARGES OUTWARD TT FEE'), line('l3', '4107', 'CREDIT INTEREST')],
  suggestions: [
    {
      lineId: 'l1',
      candidates: [
        { key: 'journal:42', kind: 'journal', label: 'JE-000042 Receipt INV-2026-0004', date: '2026-03-03', amount: '1250000', score: 84, reason: 'Same amount, 2 days apart, reference INV-2026-0004', accountCode: null, ruleId: null },
        { key: 'invoice:inv-4', kind: 'invoice', label: 'INV-2026-0004 Al Noor Trading LLC', date: '2026-02-20', amount: '1250000', score: 60, reason: 'Same amount, reference INV-2026-0004', accountCode: null, ruleId: null },
      ],
    },
    { lineId: 'l2', candidates: [{ key: 'rule:r1', kind: 'rule', label: 'Post to 6700 Bank charges', date: null, amount: null, score: 70, reason: 'Rule "ENBD charges" posts it to 6700 Bank charges', accountCode: '6700', ruleId: 'r1' }] },
    { lineId: 'l3', candidates: [] },
  ],
};
const report: ReconciliationReportJson = {
  period: '2026-11', from: '2026-11-01', to: '2026-11-30', openingStatementBalance: '15449055', closingStatementBalance: '16371430', ledgerBalance: '16371948', difference: '-518',
  matched: { count: 4, total: '1000000' }, created: { count: 1, total: '-2625' }, ignored: { count: 0, total: '0' }, unmatched: { count: 2, total: '-1143' }, unreconciledLedger: { count: 1, total: '-625' }, explanation: [],
};

function api(overrides: Record<string, (call: Call) => Response | Promise<Response>> = {}) {
  return mockFetch({
    'GET /api/admin/bank-accounts': () => json({ items: [account] }),
    [`GET /api/admin/bank-accounts/${ACC}/reconciliation`]: () => json(reconciliation),
    [`GET /api/admin/bank-accounts/${ACC}/rules`]: () => json({ items: [], total: 0 }),
    [`GET /api/admin/bank-accounts/${ACC}/statements`]: () => json({ items: [], total: 0 }),
    [`GET /api/admin/bank-accounts/${ACC}/reconciliation/report`]: () => json(report),
    ...overrides,
  });
}

const done = (l: StatementLineJson) => json({ line: { ...l, status: 'matched' }, message: 'Matched to the journal line.' });

describe('/admin/financial/banking', () => {
  it('shows the balances, the explained difference and each line with its best suggestion and reason', async () => {
    api();
    renderWithApp(<BankingTab />, '/admin/financial/banking');
    const balances = await screen.findByRole('region', { name: 'Balances' });
    expect(balances.textContent).toMatch(/Statement balanceAED 163,714\.30.*Ledger balanceAED 163,719\.48.*Difference-AED 5\.18/);
    expect(within(balances).getByText('In the bank, not in the books').closest('summary')!.textContent).toMatch(/\(2\).*-AED 11\.43/);
    expect(within(balances).getByText('In the books, not in the bank').closest('summary')!.textContent).toContain('AED 6.25');
    const list = screen.getByRole('list', { name: 'Statement lines to reconcile' });
    const first = within(list).getByRole('listitem', { name: /2026-03-05, AED 12,500\.00, INWARD TT AL NOOR/ });
    expect(first.textContent).toContain('Same amount, 2 days apart, reference INV-2026-0004');
    expect(within(first).getByText('Other candidates (1)')).toBeTruthy();
    expect(within(list).getByRole('listitem', { name: /CREDIT INTEREST/ }).textContent).toContain('Nothing in the books matches AED 41.07 yet');
    expect((await screen.findByRole('img', { name: /Statement lines of November 2026 by outcome/ })).getAttribute('aria-label')).toContain('Matched: 4 lines');
  });

  it('is keyboard first: Enter accepts the focused suggestion, ↓ moves on, c posts by the rule, i asks why to ignore; each is announced', async () => {
    const calls = api({
      [`POST /api/admin/bank-accounts/${ACC}/lines/l1/match`]: () => done(reconciliation.unmatched[0]!),
      [`POST /api/admin/bank-accounts/${ACC}/lines/l2/match`]: () => done(reconciliation.unmatched[1]!),
      [`POST /api/admin/bank-accounts/${ACC}/lines/l3/ignore`]: () => json({ line: { ...reconciliation.unmatched[2]!, status: 'ignored' }, message: 'Ignored.' }),
    });
    renderWithApp(<BankingTab />, '/admin/financial/banking');
    const list = await screen.findByRole('list', { name: 'Statement lines to reconcile' });
    const [l1, l2, l3] = within(list).getAllByRole('listitem');
    expect(l1!.tabIndex).toBe(0);
    expect(l2!.tabIndex).toBe(-1);
    l1!.focus();
    fireEvent.keyDown(l1!, { key: 'Enter' });
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: expect.objectContaining({ pathname: `/api/admin/bank-accounts/${ACC}/lines/l1/match` }), body: { candidateKey: 'journal:42' } }));
    await waitFor(() => expect(screen.getByText(/AED 12,500\.00 on 2026-03-05: Matched to the journal line\./)).toBeTruthy());

    fireEvent.keyDown(l1!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(l2);
    fireEvent.keyDown(l2!, { key: 'c' });
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').at(-1)).toMatchObject({ body: { candidateKey: 'rule:r1' } }));

    fireEvent.keyDown(l2!, { key: 'ArrowDown' });
    fireEvent.keyDown(l3!, { key: 'i' });
    const dialog = await screen.findByRole('dialog', { name: 'Ignore this statement line' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ignore line' }));
    expect(within(dialog).getByText(/Say in up to 300 characters why/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Interest is booked by the treasury team' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ignore line' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').at(-1)).toMatchObject({ body: { reason: 'Interest is booked by the treasury team' } }));
  });

  it('imports a CSV: previews the first rows, proposes the columns, and reports new and already imported lines', async () => {
    const forms: { url: string; form: FormData }[] = [];
    api();
    const inner = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (!(init?.body instanceof FormData)) return inner(input, init);
      const url = String(input);
      forms.push({ url, form: init.body });
      if (url.endsWith('/statements/preview')) {
        return json({ rows: [['Transaction Date', 'Narration', 'Debit', 'Credit', 'Running Balance'], ['05/03/2026', 'INWARD TT', '', '12,500.00', '166,990.55']], mapping: null, lines: null, error: null });
      }
      return json({ statementId: 's9', format: 'csv', periodFrom: '2026-03-05', periodTo: '2026-03-05', openingBalance: '15449055', closingBalance: '16699055', lines: 1, imported: 0, duplicates: 1 }, 201);
    });
    renderWithApp(<BankingTab />, '/admin/financial/banking');
    const input = await screen.findByLabelText('Statement file');
    fireEvent.change(input, { target: { files: [new File(['x'], 'enbd-march.csv', { type: 'text/csv' })] } });
    const mapping = await screen.findByRole('group', { name: 'CSV columns' });
    expect((within(mapping).getByLabelText('Date column') as HTMLSelectElement).value).toBe('0');
    expect((within(mapping).getByLabelText('Amounts') as HTMLSelectElement).value).toBe('split');
    expect((within(mapping).getByLabelText('Credit column (money in)') as HTMLSelectElement).value).toBe('3');
    expect((within(mapping).getByLabelText('Running balance column') as HTMLSelectElement).value).toBe('4');
    fireEvent.click(screen.getByRole('button', { name: 'Import statement' }));
    await waitFor(() => expect(screen.getByText(/Imported 0 new lines; 1 was already imported and skipped, 2026-03-05 to 2026-03-05\. Closing balance AED 166,990\.55\./)).toBeTruthy());
    const sent = forms.find((f) => f.url.endsWith('/statements'))!.form;
    expect(sent.get('format')).toBe('csv');
    expect(JSON.parse(String(sent.get('mapping')))).toMatchObject({ dateColumn: 0, debitColumn: 2, creditColumn: 3, descriptionColumn: 1, balanceColumn: 4, dateFormat: 'DD/MM/YYYY' });
  });

  it('says so when there is no bank account yet, and offers to add one', async () => {
    api({ 'GET /api/admin/bank-accounts': () => json({ items: [] }) });
    renderWithApp(<BankingTab />, '/admin/financial/banking');
    expect(await screen.findByText('No bank accounts yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add bank account' })).toBeTruthy();
  });
});
