import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { DEMO_ADMIN } from '@db/seed';
import { TestClient } from '@tests/helpers/client';
import { describeEachDb } from '@tests/helpers/db';
import { LEDGER_ACCOUNTS as A } from './contract';
import { amountText, statementPdf } from './pdf';
import { ledgerRoutes } from './routes';
import { ledgerTestDatabase } from './test-helpers';

const BASE = '/api/admin/ledger';

/** The text pdfkit draws with the standard fonts: hex strings inside TJ arrays (uncompressed under Vitest). */
function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes).toString('latin1');
  const lines: string[] = [];
  for (const m of raw.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
    lines.push([...m[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1], 'hex').toString('latin1')).join(''));
  }
  return lines.join('\n');
}

describe('amountText', () => {
  it('formats integer fils as AED with two decimals and thousands separators', () => {
    expect(amountText(123456789n)).toBe('1,234,567.89');
    expect(amountText('-5')).toBe('-0.05');
    expect(amountText('0')).toBe('0.00');
    expect(amountText('900719925474099312')).toBe('9,007,199,254,740,993.12');
  });
});

describe('statementPdf', () => {
  it('repeats the table header on every page and numbers the pages', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => ({ accountCode: String(1000 + i), accountName: `Account ${i}`, accountType: 'asset' as const, debit: '100', credit: '0', opening: { debit: '0', credit: '0' }, movement: { debit: '100', credit: '0' } }));
    const tb = { from: '2026-01-01', to: '2026-01-31', rows, totals: { debit: '12000', credit: '0', opening: { debit: '0', credit: '0' }, movement: { debit: '12000', credit: '0' } } };
    const text = pdfText(await statementPdf('trial-balance', tb, { from: '2026-01-01', to: '2026-01-31', generatedAt: new Date('2026-02-01T08:00:00Z'), compress: false }));
    const pages = Number(/Page 1 of (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text.split('Closing Dr (AED)').length - 1).toBe(pages);
    expect(text).toContain('Account 119');
    expect(text).toContain('120.00');
    expect(text).toContain('Generated 2026-02-01 08:00 UTC');
  });
});

describeEachDb('ledger statements as PDF', (kind) => {
  let database: Database;
  let app: { handle: (r: Request) => Promise<Response> };
  let admin: TestClient;

  beforeAll(async () => {
    database = await ledgerTestDatabase(kind);
    app = createApp({ db: database.db }).use(ledgerRoutes({ db: database.db }));
    admin = new TestClient(app);
    expect((await admin.post('/api/auth/login', { username: 'admin', password: DEMO_ADMIN.password })).status).toBe(200);
    const draft = await admin.json('POST', `${BASE}/journal-entries`, {
      date: '2026-01-15',
      memo: 'PDF test entry',
      lines: [
        { accountCode: A.bankOperating, debit: 123456789, credit: 0 },
        { accountCode: A.shareCapital, debit: 0, credit: 100000000 },
        { accountCode: A.platformFees, debit: 0, credit: 23456789, costCenter: 'OPS' },
      ],
    });
    expect(draft.status).toBe(201);
    expect((await admin.json('POST', `${BASE}/journal-entries/${draft.body.id}/post`, {})).status).toBe(200);
  });
  afterAll(() => database.close());

  it.each([
    ['trial-balance', 'Trial balance', '1,234,567.89'],
    ['profit-and-loss', 'Profit and loss', '234,567.89'],
    ['balance-sheet', 'Balance sheet', '1,234,567.89'],
    ['cash-flow', 'Cash flow statement', '1,234,567.89'],
  ])('answers %s with format=pdf as a PDF download', async (report, title, amount) => {
    const res = await admin.get(`${BASE}/${report}?from=2026-01-01&to=2026-01-31&format=pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="manzil-${report}-2026-01-01-2026-01-31.pdf"`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const text = pdfText(bytes);
    expect(text).toContain('Manzil');
    expect(text).toContain(title);
    expect(text).toContain('Period: 2026-01-01 to 2026-01-31');
    expect(text).toContain(amount);
  });

  it('refuses format=pdf on the general ledger', async () => {
    expect((await admin.get(`${BASE}/general-ledger?format=pdf`)).status).toBe(400);
  });
});
