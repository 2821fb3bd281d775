import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { TestClient } from '@tests/helpers/client';
import { describeEachDb } from '@tests/helpers/db';
import { clientWith, createInvestor, moneyTestDatabase } from '@modules/investing/test-helpers';
import type { ImportResultJson, ReconciliationJson, ReconciliationReportJson, RuleJson, StatementLineJson } from './contract';
import { rows } from './shared';
import { book, CSV_MAPPING, csvOf, day, file, linesOf, upload } from './test-helpers';

type Done = { line: StatementLineJson; message: string };
const sum = (items: { amount: string }[]) => items.reduce((s, i) => s + BigInt(i.amount), 0n);

describeEachDb('banking API: import, reconciliation, rules', (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let admin: TestClient;
  let accountId: string;
  const api = (path = '') => `/api/admin/bank-accounts/${accountId}${path}`;
  const importCsv = async (lines: [string, string, string, string][], mapping?: object) => {
    const res = await upload(app, admin, api('/statements'), { file: file(csvOf(lines)), format: 'csv', ...(mapping ? { mapping: JSON.stringify(mapping) } : {}) });
    return { status: res.status, body: (await res.json()) as ImportResultJson & { message?: string; error?: string } };
  };
  const view = async (q = '') => (await admin.json<ReconciliationJson>('GET', api(`/reconciliation${q}`))).body;
  const lineBy = async (reference: string) => (await admin.json<{ items: StatementLineJson[] }>('GET', api(`/lines?q=${encodeURIComponent(reference)}`))).body.items[0]!;
  const expectExplained = (r: ReconciliationJson) => {
    expect(BigInt(r.statementBalance) - BigInt(r.ledgerBalance)).toBe(BigInt(r.difference));
    expect(sum(r.explanation)).toBe(BigInt(r.difference));
  };

  beforeAll(async () => {
    database = await moneyTestDatabase(kind);
    app = createApp({ db: database.db });
    admin = new TestClient(app);
    expect((await admin.post('/api/auth/login', { username: 'admin', password: 'ManzilAdmin#2026' })).status).toBe(200);
    const created = await admin.json<{ id: string }>('POST', '/api/admin/bank-accounts', { name: 'Emirates NBD operating', iban: 'AE07 0331 2345 6789 0123 456', ledgerAccountCode: '1110' });
    expect(created.status).toBe(201);
    accountId = created.body.id;
  }, 60_000);
  afterAll(() => database.close());

  it('imports a CSV with its mapping (saved for next time), and a re-import of an overlapping statement skips the lines it already has', async () => {
    const first = await importCsv(
      [
        [day(20), 'INWARD TT AL NOOR TRADING LLC INV-2026-0004', 'FT001', '12,500.00'],
        [day(18), 'IPI TRANSFER PALM FACILITIES 8841', 'FT002', '-3,150.00'],
        [day(18), 'ATM CASH WITHDRAWAL', '', '-200.00'],
        [day(18), 'ATM CASH WITHDRAWAL', '', '-200.00'],
      ],
      CSV_MAPPING,
    );
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ format: 'csv', lines: 4, imported: 4, duplicates: 0, periodFrom: day(20), periodTo: day(18), openingBalance: null });
    expect((await admin.json('GET', api('/csv-mapping'))).body).toMatchObject({ mapping: { dateColumn: 0, amountColumn: 3, dateFormat: 'YYYY-MM-DD' } });

    // The next statement overlaps: two lines again (one of the two equal ATM lines), one new. No mapping sent: the saved one reads it.
    const second = await importCsv([
      [day(18), 'ATM CASH WITHDRAWAL', '', '-200.00'],
      [day(18), 'IPI TRANSFER PALM FACILITIES 8841', 'FT002', '-3,150.00'],
      [day(15), 'ENBD CHARGES ACCOUNT MAINTENANCE', 'CHG1', '-26.25'],
    ]);
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ lines: 3, imported: 1, duplicates: 2 });
    const list = await admin.json<{ items: StatementLineJson[]; total: number }>('GET', api('/lines?sort=date'));
    expect(list.body.total).toBe(5);
    expect(list.body.items.map((l) => [l.date, l.amount, l.status])[0]).toEqual([day(20), '1250000', 'unmatched']);
    const statements = await admin.json<{ items: { importedCount: number; duplicateCount: number }[]; total: number }>('GET', api('/statements'));
    expect(statements.body.total).toBe(2);
    expect(statements.body.items.map((s) => [s.importedCount, s.duplicateCount])).toEqual([[1, 2], [4, 0]]);
    const exported = await admin.get(api('/lines/export?status=unmatched'));
    expect(exported.headers.get('content-type')).toContain('text/csv');
    expect((await exported.text()).split('\r\n').filter(Boolean)).toHaveLength(6);
    const audit = await rows<{ n: string }>(database.db, sql`select count(*)::text as n from audit_log where action = 'banking.statement.import'`);
    expect(Number(audit[0]!.n)).toBe(2);
  });

  it('suggests the journal line of the same amount with a readable reason, matches it, and refuses it a second time', async () => {
    const receipt = await book(admin, day(22), 'Receipt INV-2026-0004 Al Noor Trading', 1_250_000n, '1330');
    await book(admin, day(30), 'Same amount, too long before', 1_250_000n, '1330');
    const r = await view();
    const line = r.unmatched.find((l) => l.reference === 'FT001')!;
    const best = r.suggestions.find((s) => s.lineId === line.id)!.candidates[0]!;
    expect(best).toMatchObject({ kind: 'journal', amount: '1250000', date: day(22), reason: 'Same amount, 2 days apart, reference INV-2026-0004' });
    expect(best.score).toBeGreaterThanOrEqual(80);
    // The line 30 days back is outside the ±7 day window.
    expect(r.suggestions.find((s) => s.lineId === line.id)!.candidates.filter((c) => c.kind === 'journal')).toHaveLength(1);

    const matched = await admin.json<Done>('POST', api(`/lines/${line.id}/match`), { candidateKey: best.key });
    expect(matched.status).toBe(200);
    expect(matched.body.line).toMatchObject({ status: 'matched', matchKind: 'journal', matchedEntryId: receipt.id, matchedEntryReference: receipt.number });
    const again = await admin.json('POST', api(`/lines/${line.id}/match`), { candidateKey: best.key });
    expect(again).toMatchObject({ status: 409, body: { error: 'statement_line_not_unmatched' } });
    const other = (await view()).unmatched.find((l) => l.reference === 'FT002')!;
    const taken = await admin.json('POST', api(`/lines/${other.id}/match`), { candidateKey: best.key });
    expect(taken).toMatchObject({ status: 409, body: { error: 'match_candidate_unavailable' } });
    const wrongAmount = await book(admin, day(18), 'Palm Facilities, part', -100_000n, '2310');
    const [jl] = await rows<{ id: string }>(database.db, sql`select j.id::text from ledger_journal_lines j join ledger_accounts a on a.id = j.account_id where j.entry_id = ${wrongAmount.id} and a.code = '1110'`);
    expect(await admin.json('POST', api(`/lines/${other.id}/match`), { candidateKey: `journal:${jl!.id}` })).toMatchObject({ status: 422, body: { error: 'match_amount_mismatch' } });
    expect(await admin.json('POST', api(`/lines/${other.id}/match`), { candidateKey: 'nonsense' })).toMatchObject({ status: 400 });
    expect(await admin.json('POST', api(`/lines/${other.id}/match`), { candidateKey: 'payroll:abc' })).toMatchObject({ status: 422, body: { error: 'match_source_unknown' } });
  });

  it('creates the missing entry (Dr 6700 on the cost center / Cr 1110), and unmatching it reverses the entry', async () => {
    const charge = await lineBy('CHG1');
    const created = await admin.json<Done>('POST', api(`/lines/${charge.id}/create-entry`), { accountCode: '6700', memo: 'Account maintenance fee', costCenter: 'FIN' });
    expect(created.status).toBe(200);
    expect(created.body.line).toMatchObject({ status: 'matched', matchKind: 'created' });
    expect(created.body.message).toMatch(/^Posted JE-\d{6} and matched it\.$/);
    const entryId = created.body.line.matchedEntryId!;
    expect(await linesOf(database.db, entryId)).toEqual([
      { code: '6700', debit: '2625', credit: '0', cc: 'FIN' },
      { code: '1110', debit: '0', credit: '2625', cc: null },
    ]);
    expectExplained(await view());

    const undone = await admin.json<Done>('POST', api(`/lines/${charge.id}/unmatch`));
    expect(undone.status).toBe(200);
    expect(undone.body.line).toMatchObject({ status: 'unmatched', matchKind: null, matchedEntryId: null });
    const [reversal] = await rows<{ id: string }>(database.db, sql`select id from ledger_journal_entries where reverses_id = ${entryId}`);
    expect(await linesOf(database.db, reversal!.id)).toEqual([
      { code: '6700', debit: '0', credit: '2625', cc: 'FIN' },
      { code: '1110', debit: '2625', credit: '0', cc: null },
    ]);
    // The entry and its reversal cancel out and are not listed as book lines missing from the bank.
    const after = await view();
    expectExplained(after);
    expect(after.explanation.some((i) => i.entryReference && i.kind === 'in_books_not_bank' && i.description.includes('Account maintenance fee'))).toBe(false);
    expect(await admin.json('POST', api(`/lines/${charge.id}/unmatch`))).toMatchObject({ status: 409, body: { error: 'statement_line_not_matched' } });
    expect(await admin.json('POST', api(`/lines/${charge.id}/create-entry`), { accountCode: '1110', memo: 'Loop' })).toMatchObject({ status: 422 });
    expect(await admin.json('POST', api(`/lines/${charge.id}/create-entry`), { accountCode: '6700' })).toMatchObject({ status: 400 });
  });

  it('ignores a line with a reason and brings it back', async () => {
    const atm = (await view()).unmatched.find((l) => l.description === 'ATM CASH WITHDRAWAL')!;
    expect(await admin.json('POST', api(`/lines/${atm.id}/ignore`), {})).toMatchObject({ status: 400 });
    const ignored = await admin.json<Done>('POST', api(`/lines/${atm.id}/ignore`), { reason: 'Duplicate shown by the bank, reversed next day' });
    expect(ignored.body.line).toMatchObject({ status: 'ignored', ignoreReason: 'Duplicate shown by the bank, reversed next day' });
    const r = await view();
    expect(r.unmatched.some((l) => l.id === atm.id)).toBe(false);
    expect(r.explanation.find((i) => i.statementLineId === atm.id)).toMatchObject({ kind: 'ignored_in_bank', amount: '-20000' });
    expectExplained(r);
    expect((await admin.json<Done>('POST', api(`/lines/${atm.id}/unmatch`))).body.line).toMatchObject({ status: 'unmatched', ignoreReason: null });
  });

  it('explains the difference: bank lines not in the books, book lines not in the bank, and the opening balances, adding up exactly', async () => {
    await book(admin, day(1), 'Cheque 000812 to Palm Facilities, not yet presented', -50_000n, '2310');
    const r = await view();
    expectExplained(r);
    const kinds = new Set(r.explanation.map((i) => i.kind));
    expect(kinds).toEqual(new Set(['opening', 'in_bank_not_books', 'in_books_not_bank', 'matched_outside_period']));
    // The receipt was booked two days before the first statement begins: the bank line is matched, its book line is in the opening.
    expect(r.explanation.find((i) => i.kind === 'matched_outside_period')).toMatchObject({ date: day(20), amount: '1250000', entryReference: expect.stringMatching(/^JE-/) });
    expect(r.explanation.find((i) => i.description.startsWith('Cheque 000812'))).toMatchObject({ kind: 'in_books_not_bank', amount: '50000', date: day(1) });
    // A date before the books' cheque leaves it out of both balances.
    const earlier = await view(`?to=${day(10)}`);
    expectExplained(earlier);
    expect(earlier.explanation.some((i) => i.description.startsWith('Cheque 000812'))).toBe(false);
    expect(earlier.to).toBe(day(10));
    expect((await admin.json('GET', api(`/reconciliation?from=${day(1)}&to=${day(5)}`))).status).toBe(400);
  });

  it('learns from confirmed entries: after two ENBD CHARGES lines posted to 6700, a third import proposes 6700 first; turned off, it does not', async () => {
    for (const [n, ref] of [[12, 'CHG2'], [11, 'CHG3']] as const) {
      await importCsv([[day(n), 'ENBD CHARGES OUTWARD TT FEE', ref, '-52.50']]);
      const line = await lineBy(ref);
      expect((await admin.json('POST', api(`/lines/${line.id}/create-entry`), { accountCode: '6700', memo: 'Outward transfer fee' })).status).toBe(200);
    }
    const rules = await admin.json<{ items: RuleJson[] }>('GET', api('/rules?origin=learned'));
    const learned = rules.body.items.find((r) => r.descriptionContains === 'enbd charges outward tt')!;
    expect(learned).toMatchObject({ origin: 'learned', action: 'post', accountCode: '6700', direction: 'out', hitCount: 2, active: true });

    await importCsv([[day(10), 'ENBD CHARGES OUTWARD TT FEE', 'CHG4', '-52.50']]);
    const third = await lineBy('CHG4');
    const best = (await view()).suggestions.find((s) => s.lineId === third.id)!.candidates[0]!;
    expect(best).toMatchObject({ kind: 'rule', accountCode: '6700', ruleId: learned.id });
    expect(best.reason).toBe('Learned from 2 earlier lines like it, posted to 6700 Bank charges');

    expect((await admin.json('PATCH', api(`/rules/${learned.id}`), { active: false })).body).toMatchObject({ active: false });
    expect((await view()).suggestions.find((s) => s.lineId === third.id)?.candidates ?? []).toEqual([]);
    await admin.json('PATCH', api(`/rules/${learned.id}`), { active: true });
    const accepted = await admin.json<Done>('POST', api(`/lines/${third.id}/match`), { candidateKey: best.key });
    expect(accepted.body.line).toMatchObject({ status: 'matched', matchKind: 'created', ruleId: learned.id });
    expect(await linesOf(database.db, accepted.body.line.matchedEntryId!)).toEqual([
      { code: '6700', debit: '5250', credit: '0', cc: null },
      { code: '1110', debit: '0', credit: '5250', cc: null },
    ]);
    expect((await admin.json<{ items: RuleJson[] }>('GET', api('/rules?origin=learned'))).body.items.find((r) => r.id === learned.id)).toMatchObject({ hitCount: 3 });
  });

  it('manual rules: create, suggest, post by ruleId, validate, delete', async () => {
    expect(await admin.json('POST', api('/rules'), { name: 'Nothing to match', action: 'post', accountCode: '4910' })).toMatchObject({ status: 400 });
    expect(await admin.json('POST', api('/rules'), { name: 'Bad range', descriptionContains: 'x', amountMin: 500, amountMax: 100, action: 'post', accountCode: '4910' })).toMatchObject({ status: 400 });
    const rule = await admin.json<RuleJson>('POST', api('/rules'), { name: 'Credit interest', descriptionContains: 'credit interest', direction: 'in', action: 'post', accountCode: '4910', memo: 'Interest on the operating account', amountMax: '100000' });
    expect(rule.status).toBe(201);
    expect(rule.body).toMatchObject({ origin: 'manual', amountMax: '100000', amountMin: null, hitCount: 0 });
    await importCsv([[day(5), 'CREDIT INTEREST', 'INT1', '41.07']]);
    const line = await lineBy('INT1');
    const best = (await view()).suggestions.find((s) => s.lineId === line.id)!.candidates[0]!;
    expect(best).toMatchObject({ kind: 'rule', ruleId: rule.body.id, score: 70, reason: 'Rule "Credit interest" posts it to 4910 Bank interest' });
    const posted = await admin.json<Done>('POST', api(`/lines/${line.id}/create-entry`), { ruleId: rule.body.id });
    expect(await linesOf(database.db, posted.body.line.matchedEntryId!)).toEqual([
      { code: '1110', debit: '4107', credit: '0', cc: null },
      { code: '4910', debit: '0', credit: '4107', cc: null },
    ]);
    expect((await admin.json<RuleJson>('PUT', api(`/rules/${rule.body.id}`), { ...rule.body, amountMax: null, name: 'Interest' })).body).toMatchObject({ name: 'Interest', amountMax: null, hitCount: 1 });
    expect((await admin.json('DELETE', api(`/rules/${rule.body.id}`))).status).toBe(200);
    expect((await admin.json('DELETE', api(`/rules/${rule.body.id}`))).status).toBe(404);
    const csv = await (await admin.get(api('/rules/export'))).text();
    expect(csv.split('\r\n')[0]).toBe('Name,Origin,Active,Direction,Description contains,Counterparty equals,Smallest (AED),Largest (AED),Action,Account,Memo,Document kind,Uses');
  });

  it('reports a month: balances, matched / created / ignored counts and totals, and what remains (JSON and CSV)', async () => {
    const period = day(12).slice(0, 7);
    const report = await admin.json<ReconciliationReportJson>('GET', api(`/reconciliation/report?period=${period}`));
    expect(report.status).toBe(200);
    expect(BigInt(report.body.closingStatementBalance) - BigInt(report.body.ledgerBalance)).toBe(BigInt(report.body.difference));
    expect(sum(report.body.explanation)).toBe(BigInt(report.body.difference));
    const counted = report.body.matched.count + report.body.created.count + report.body.ignored.count + report.body.unmatched.count;
    const [inMonth] = await rows<{ n: string }>(database.db, sql`select count(*)::text as n from bank_statement_lines where bank_account_id = ${accountId} and to_char(date, 'YYYY-MM') = ${period}`);
    expect(counted).toBe(Number(inMonth!.n));
    const csv = await admin.get(api(`/reconciliation/report?period=${period}&format=csv`));
    expect(csv.headers.get('content-disposition')).toContain(`bank-reconciliation-${period}`);
    const text = await csv.text();
    expect(text).toContain('Difference (statement − ledger)');
    expect((await admin.json('GET', api('/reconciliation/report?period=2026-13'))).status).toBe(400);
  });

  it('reads OFX and CAMT.053 uploads, and answers every bad upload with a 4xx naming the problem', async () => {
    const ofx = `OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>AED<BANKTRANLIST><STMTTRN><TRNTYPE>CREDIT<DTPOSTED>${day(3).replaceAll('-', '')}<TRNAMT>99.00<FITID>OFX-1<NAME>REFUND</STMTTRN></BANKTRANLIST><LEDGERBAL><BALAMT>1000.00<DTASOF>${day(3).replaceAll('-', '')}</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
    const res = await upload(app, admin, api('/statements'), { file: file(ofx, 'march.ofx'), format: 'ofx' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ format: 'ofx', imported: 1, closingBalance: '100000' });
    const camt = `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Acct><Ccy>USD</Ccy></Acct><Ntry><Amt Ccy="USD">5.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>${day(3)}</Dt></BookgDt></Ntry></Stmt></BkToCstmrStmt></Document>`;
    const usd = await upload(app, admin, api('/statements'), { file: file(camt, 'usd.xml'), format: 'camt053' });
    expect(usd.status).toBe(400);
    expect(((await usd.json()) as { message: string }).message).toMatch(/CAMT\.053.*USD/);

    const cases: [Record<string, string | Blob>, number, string | RegExp][] = [
      [{ format: 'csv' }, 400, 'file_missing'],
      [{ file: file('x'), format: 'pdf' }, 400, 'validation_failed'],
      [{ file: file(new Uint8Array([0, 159, 146, 150, 0, 1, 2])), format: 'ofx' }, 400, 'statement_unreadable'],
      [{ file: file('garbage, not a statement'), format: 'mt940' }, 400, 'statement_unreadable'],
      [{ file: file('<Document>'), format: 'camt053' }, 400, 'statement_unreadable'],
      [{ file: file('a,b\n1,2'), format: 'csv', mapping: '{not json' }, 400, 'validation_failed'],
      [{ file: file('a,b\n1,2'), format: 'csv', mapping: JSON.stringify({ dateColumn: 0 }) }, 400, 'validation_failed'],
      [{ file: file('Date,Narration,Reference,Amount\nyesterday,x,y,1'), format: 'csv' }, 400, 'statement_unreadable'],
    ];
    for (const [fields, status, error] of cases) {
      const r = await upload(app, admin, api('/statements'), fields);
      const body = (await r.json()) as { error: string; message: string };
      expect([r.status, body.error], JSON.stringify(body)).toEqual([status, error]);
      expect(body.message.length).toBeGreaterThan(10);
    }
    const unreadable = await upload(app, admin, api('/statements'), { file: file('hello'), format: 'ofx' });
    expect(((await unreadable.json()) as { message: string }).message).toMatch(/^This file is not a readable OFX statement/);
    const big = await upload(app, admin, api('/statements'), { file: file(new Uint8Array(6 * 1024 * 1024).fill(65)), format: 'csv' });
    expect(big.status).toBe(413);
    expect(((await big.json()) as { message: string }).message).toMatch(/5 MB/);
    expect((await admin.json('POST', api('/statements'), { file: 'x', format: 'csv' })).status).toBe(400);
    expect((await upload(app, admin, '/api/admin/bank-accounts/not-an-id/statements', { file: file('x'), format: 'csv' })).status).toBe(404);

    const investor = await createInvestor(database.db);
    expect((await upload(app, clientWith(app, investor.token), api('/statements'), { file: file('x'), format: 'csv' })).status).toBe(403);
    expect((await upload(app, new TestClient(app), api('/statements'), { file: file('x'), format: 'csv' })).status).toBe(401);
    expect((await admin.json('GET', '/api/admin/bank-accounts/00000000-0000-0000-0000-000000000000/reconciliation')).status).toBe(404);
    expect((await admin.json('POST', api('/lines/123/ignore'), { reason: 'x' })).status).toBe(404);
  });

  it('previews a CSV: the first rows as cells, and the first lines as the mapping reads them', async () => {
    const text = csvOf([[day(2), 'CARD PURCHASE, NOON', 'P1', '-120.00']]);
    const res = await upload(app, admin, api('/statements/preview'), { file: file(text) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { rows: string[][]; lines: unknown[]; error: string | null };
    expect(body.rows).toEqual([['Date', 'Narration', 'Reference', 'Amount'], [day(2), 'CARD PURCHASE, NOON', 'P1', '-120.00']]);
    expect(body.lines).toEqual([{ date: day(2), amount: '-12000', description: 'CARD PURCHASE, NOON', reference: 'P1', counterparty: '' }]);
    const wrong = await upload(app, admin, api('/statements/preview'), { file: file(text), mapping: JSON.stringify({ ...CSV_MAPPING, dateFormat: 'DD/MM/YYYY' }) });
    expect(((await wrong.json()) as { error: string }).error).toMatch(/is not a date in the format DD\/MM\/YYYY/);
  });
});
