/**
 * ERP finance end to end (issue 14): an admin issues a tax invoice with 5% VAT, records part of its payment, imports
 * the bank's statement (OFX) that shows the money arriving, reconciles the line to the payment with one key, and sees
 * the VAT return's box for Dubai move by the invoice's VAT, with the invoice among the documents behind the box.
 *
 * The customer is created through the API (the contract route); everything else is done in the browser.
 */
import { expect, test } from '@playwright/test';
import { todayInDubai } from '@modules/platform/dates';
import { adminContext, call, ok } from './journeys';

const fils = (s: string) => BigInt(s);
const aed = (n: bigint) => `AED ${(Number(n) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

/** An OFX 1.x statement with one credit: what a UAE bank exports for the day. */
function ofxStatement(day: string, amount: string, reference: string, name: string) {
  const d = day.replaceAll('-', '');
  return `OFXHEADER:100
DATA:OFXSGML
VERSION:102
SECURITY:NONE
ENCODING:USASCII
CHARSET:1252
COMPRESSION:NONE
OLDFILEUID:NONE
NEWFILEUID:NONE

<OFX>
<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>${d}120000<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>
<BANKMSGSRSV1>
<STMTTRNRS>
<TRNUID>1
<STATUS><CODE>0<SEVERITY>INFO</STATUS>
<STMTRS>
<CURDEF>AED
<BANKACCTFROM><BANKID>033<ACCTID>1234567890123456<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST>
<DTSTART>${d}
<DTEND>${d}
<STMTTRN>
<TRNTYPE>CREDIT
<DTPOSTED>${d}100000
<TRNAMT>${amount}
<FITID>${reference}
<NAME>${name}
<MEMO>${reference} PART PAYMENT
</STMTTRN>
</BANKTRANLIST>
</STMTRS>
</STMTTRNRS>
</BANKMSGSRSV1>
</OFX>
`;
}

test('an admin issues an invoice with VAT, records part payment, imports the bank statement, reconciles it and sees the VAT return box move', async ({ browser }) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36).toUpperCase();
  const today = todayInDubai();
  const adminCtx = await browser.newContext();
  await adminContext(adminCtx);
  const customerName = `Creek Facilities ${tag} LLC`;
  await ok(call(adminCtx, 'POST', '/api/admin/customers', { name: customerName, email: `ap.${tag.toLowerCase()}@creek-fm.ae`, trn: '100234567800003' }));

  // The VAT return of the current period before the invoice: box 1b (standard-rated supplies in Dubai).
  const periods = await ok(call(adminCtx, 'GET', '/api/admin/tax/vat-returns?limit=1'));
  const period: string = periods.items[0].period;
  const before = fils((await ok(call(adminCtx, 'GET', `/api/admin/tax/vat-returns/${period}`))).boxes['1b'].vat);

  // A draft invoice for two months of property management at AED 1,000 each, standard rated: VAT AED 100.
  const page = await adminCtx.newPage();
  await page.goto('/admin/invoicing?new=1');
  const form = page.locator('form', { has: page.getByLabel('Line 1 description') });
  await expect(form.getByLabel('Line 1 description')).toBeVisible({ timeout: 15_000 });
  await form.getByLabel('Customer', { exact: true }).selectOption({ label: customerName });
  await form.getByLabel('Line 1 description').fill('Property management, Creek Harbour portfolio');
  await form.getByLabel('Line 1 quantity').fill('2');
  await form.getByLabel('Line 1 unit price').fill('1000');
  await form.getByLabel('Line 1 tax code').selectOption('standard');
  const totals = page.getByLabel('Invoice totals');
  await expect(totals).toContainText('2,100.00');
  await form.getByRole('button', { name: 'Save as draft' }).click();

  // Issued: numbered, posted, headed "Tax Invoice".
  const detail = page.getByRole('dialog').filter({ hasText: customerName });
  await detail.getByRole('button', { name: 'Issue invoice' }).click();
  await expect(detail.getByText(/INV-\d{4}-\d{4}/).first()).toBeVisible({ timeout: 15_000 });
  const number = (await detail.getByText(/INV-\d{4}-\d{4}/).first().textContent())!.match(/INV-\d{4}-\d{4}/)![0];
  await expect(detail.getByText('Tax Invoice').first()).toBeVisible();

  // Part payment of AED 800 into the operating account, with the bank's reference.
  const reference = `FT${tag}`;
  await detail.getByRole('button', { name: 'Record payment' }).click();
  const pay = page.getByRole('form', { name: `Record a payment of ${number}` });
  await pay.getByLabel('Amount received (AED)').fill('800');
  await pay.getByLabel('Into bank account').selectOption({ index: 0 });
  await pay.getByLabel('Bank reference').fill(reference);
  await pay.getByRole('button', { name: 'Record payment' }).click();
  await expect(detail.getByText('Partially paid').first()).toBeVisible({ timeout: 15_000 });
  const invoices = await ok(call(adminCtx, 'GET', `/api/admin/invoices?q=${number}`));
  expect(invoices.items[0]).toMatchObject({ number, status: 'partially_paid', vat: '10000', total: '210000' });

  // The bank's statement shows the AED 800 arriving; import it on the banking tab.
  const accounts = await ok(call(adminCtx, 'GET', '/api/admin/bank-accounts'));
  const operating = accounts.items[0];
  await page.goto(`/admin/financial/banking?account=${operating.id}`);
  await expect(page.getByLabel('Bank account')).toBeVisible({ timeout: 15_000 });
  await page.getByLabel('Bank account').selectOption(operating.id);
  await page.getByLabel('Statement file').setInputFiles({ name: `enbd-${tag}.ofx`, mimeType: 'application/x-ofx', buffer: Buffer.from(ofxStatement(today, '800.00', reference, customerName.toUpperCase())) });
  await page.getByRole('button', { name: 'Import statement' }).click();
  await expect(page.getByText(/1 (new )?line/i).first()).toBeVisible({ timeout: 15_000 });

  // The line waits to be reconciled with the payment's journal line as its best suggestion; Enter accepts it.
  const line = page.getByRole('listitem', { name: new RegExp(`${today}, AED 800\\.00`) });
  await expect(line).toBeVisible({ timeout: 15_000 });
  await expect(line).toContainText(reference);
  await line.focus();
  await page.keyboard.press('Enter');
  await expect(line).toHaveCount(0, { timeout: 15_000 });
  const rec = await ok(call(adminCtx, 'GET', `/api/admin/bank-accounts/${operating.id}/reconciliation`));
  expect(rec.unmatched.some((l: { reference: string }) => l.reference === reference)).toBe(false);

  // The VAT return's box 1b moved by the invoice's AED 100 (at least: investors' fees may land there too), and the
  // invoice is among the documents behind the box.
  await page.goto(`/admin/tax?period=${period}`);
  const after = fils((await ok(call(adminCtx, 'GET', `/api/admin/tax/vat-returns/${period}`))).boxes['1b'].vat);
  expect(after - before).toBeGreaterThanOrEqual(10_000n);
  const row1b = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Box 1b: the documents behind it' }) });
  await expect(row1b).toContainText(aed(after), { timeout: 15_000 });
  await page.getByRole('link', { name: 'Box 1b: the documents behind it' }).click();
  const box = page.getByRole('dialog', { name: /Box 1b/ });
  await expect(box.getByText(number)).toBeVisible({ timeout: 15_000 });
});
