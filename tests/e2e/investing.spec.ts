/**
 * Investing end to end (issue 6): an admin lists a property; a verified investor deposits, invests
 * AED 200 with prices shown in INR, sees the holding on the dashboard, and the admin sees the
 * investment and its journal entries. Then the money paths around it: cancelling within 48 hours
 * refunds in full, and a withdrawal to an IBAN waits for an admin's approval.
 *
 * Set-up that is not the subject of the test goes through the API (the admin's property and its photo,
 * the investor's identity documents and the admin's KYC approval); everything the journey is about is
 * done in the browser, as a person would.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { convertMinor, formatMoney } from '@modules/platform/contract';
import { adminContext, deposit, listProperty, verifiedInvestor } from './journeys';

const inr = (aedFils: bigint) => formatMoney(convertMinor(aedFils, 'AED', 'INR'), 'INR');

test('an admin lists a property; a verified investor deposits, invests AED 200 shown in INR and sees it; the admin sees the investment and its journal entries', async ({ browser }) => {
  test.setTimeout(120_000);
  const adminCtx = await browser.newContext();
  await adminContext(adminCtx);
  const tag = Date.now().toString(36).toUpperCase();
  const property = await listProperty(adminCtx, tag);

  const investorCtx = await browser.newContext();
  await investorCtx.addInitScript(() => localStorage.setItem('manzil.currency', 'INR'));
  await verifiedInvestor(investorCtx, adminCtx, 'Anika');
  const page = await investorCtx.newPage();

  await deposit(page, '10,000');

  // Checkout, from the address the property page's invest panel links to.
  await page.goto(`/checkout?property=${property.id}&amount=20000`);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your investment' })).toBeVisible();
  await expect(page.getByRole('heading', { name: property.title })).toBeVisible();
  await expect(page.getByLabel('Amount to invest (INR)')).toHaveValue('4550.41');
  await expect(page.getByText(`Minimum ${inr(20_000n)} (AED 200.00)`, { exact: false })).toBeVisible();
  const order = page.getByRole('region', { name: 'Your investment' });
  await expect(order.getByText('Shares you get')).toBeVisible();
  await expect(order.getByText('2.0000')).toBeVisible();
  await expect(order.getByText('Total from your wallet').locator('..').locator('..')).toContainText(inr(20_000n));
  const confirm = page.getByRole('button', { name: `Confirm and invest ${inr(20_000n)}` });
  await expect(confirm).toBeEnabled();
  const posted = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/investments');
  await confirm.click();
  expect((await posted).headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);

  // The receipt: reference, property, shares to 4 decimals, amounts, date, and the way to cancel.
  const receipt = page.getByRole('region', { name: 'Investment confirmed' });
  await expect(receipt).toBeVisible();
  const receiptNumber = (await receipt.getByText(/^MZI-\d+$/).textContent())!.trim();
  await expect(receipt).toContainText(property.title);
  await expect(receipt).toContainText('2.0000');
  await expect(receipt).toContainText(inr(20_000n));
  await expect(receipt.getByRole('button', { name: 'Cancel investment' })).toBeVisible();
  await expect(page).toHaveURL(/\/checkout\?receipt=/);

  // The dashboard: the holding, what was invested (in INR), and the purchase among recent transactions.
  await page.goto('/dashboard');
  const holdings = page.getByRole('table', { name: 'Your holdings by property' });
  await expect(holdings.getByRole('row', { name: new RegExp(property.title) })).toContainText('2.0000');
  await expect(page.getByRole('region', { name: 'Portfolio summary' }).getByText('Amount invested').locator('..')).toContainText(inr(20_000n));
  await expect(page.getByRole('img', { name: /^Allocation by city: Dubai 100\.0%/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recent transactions' })).toContainText(receiptNumber);

  // The admin: the investment in /admin/investments and its journal entries in /admin/journal-entries.
  const admin = await adminCtx.newPage();
  await admin.goto('/admin/investments');
  await admin.getByRole('searchbox', { name: 'Search' }).fill(receiptNumber);
  const row = admin.getByRole('row', { name: new RegExp(receiptNumber) });
  await expect(row).toContainText('Anika Varma');
  await expect(row).toContainText(property.title);
  await expect(row).toContainText('2.0000');
  await expect(row).toContainText('200.00');

  await admin.goto('/admin/journal-entries');
  await admin.getByRole('searchbox', { name: 'Search' }).fill(property.reference);
  const entry = admin.getByRole('row', { name: new RegExp(`Investment in ${property.title} \\(${property.reference}\\)`) });
  await expect(entry).toBeVisible();
  await entry.getByRole('link').first().click();
  await expect(admin.getByText(`Purchase of 2 shares of ${property.reference}`)).toBeVisible();
  await expect(admin.getByText(/2 shares sold to MZ-/)).toBeVisible();
  // The deposit was journaled too, net of the charge and its VAT.
  await admin.goto('/admin/journal-entries');
  await admin.getByRole('searchbox', { name: 'Search' }).fill('Wallet deposit by Debit card');
  await expect(admin.getByRole('row', { name: /Wallet deposit by Debit card/ }).first()).toBeVisible();

  await adminCtx.close();
  await investorCtx.close();
});

test('cancelling within 48 hours refunds in full, and a withdrawal waits for an admin to approve it', async ({ browser }) => {
  test.setTimeout(120_000);
  const adminCtx = await browser.newContext();
  await adminContext(adminCtx);
  const tag = `C${Date.now().toString(36).toUpperCase()}`;
  const property = await listProperty(adminCtx, tag);
  const investorCtx = await browser.newContext();
  await investorCtx.addInitScript(() => localStorage.setItem('manzil.currency', 'AED'));
  const rahul = await verifiedInvestor(investorCtx, adminCtx, 'Rahul');
  const page = await investorCtx.newPage();

  await page.goto('/wallet');
  await page.getByRole('button', { name: 'Deposit' }).click();
  const panel = page.getByRole('region', { name: 'Add money' });
  await panel.getByLabel('Amount to pay (AED)').fill('1000');
  await expect(panel.getByRole('button', { name: 'Confirm and pay AED 1,000.00' })).toBeVisible();
  await panel.getByRole('button', { name: 'Confirm and pay AED 1,000.00' }).click();
  // UAE bank transfer: 0.5% = AED 5.00 and VAT AED 0.25, so AED 994.75 reaches the wallet.
  await expect(panel.getByRole('status')).toContainText('Received: AED 994.75 added to your wallet', { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Available balance' }).locator('..')).toContainText('AED 994.75');

  // Invest AED 500, then cancel it on the receipt: the wallet is whole again.
  await page.goto(`/checkout?property=${property.id}&amount=50000`);
  await page.getByRole('button', { name: 'Confirm and invest AED 500.00' }).click();
  const receipt = page.getByRole('region', { name: 'Investment confirmed' });
  await expect(receipt).toContainText('AED 494.75'); // wallet balance after
  await receipt.getByRole('button', { name: 'Cancel investment' }).click();
  await page.getByRole('button', { name: 'Yes, cancel and refund' }).click();
  await expect(page.getByRole('heading', { name: 'Investment cancelled' })).toBeVisible();
  await expect(page.getByText('AED 500.00 was refunded in full to your wallet', { exact: false })).toBeVisible();

  // Withdraw to an IBAN: a bad check digit is caught before sending; a good one is held until approved.
  await page.goto('/wallet');
  await expect(page.getByRole('heading', { name: 'Available balance' }).locator('..')).toContainText('AED 994.75');
  await page.getByRole('button', { name: 'Withdraw' }).click();
  await page.getByLabel('Amount (AED)').fill('300');
  await page.getByLabel('IBAN').fill('AE07 0331 2345 6789 0123 457');
  await page.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(page.getByText('That IBAN is not valid: its check digits do not match', { exact: false })).toBeVisible();
  await page.getByLabel('IBAN').fill('AE07 0331 2345 6789 0123 456');
  await page.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(page.getByText('Withdrawal requested: AED 300.00')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Withdrawals' })).toContainText('Awaiting approval');

  const admin = await adminCtx.newPage();
  await admin.goto('/admin/users/wallet-management');
  // By the investor's own email: a retry of this test leaves another Rahul Varma's request waiting.
  const request = admin.getByRole('table', { name: 'Withdrawals' }).getByRole('row', { name: new RegExp(rahul.email.replace(/[.+]/g, '\\$&')) });
  await expect(request).toContainText('300.00');
  await expect(request).toContainText('AE07 0331 2345 6789 0123 456');
  await request.getByRole('button', { name: /^Approve/ }).click();
  await admin.getByRole('dialog', { name: 'Approve withdrawal' }).getByRole('button', { name: /^Approve and pay/ }).click();
  await expect(admin.getByRole('dialog', { name: 'Approve withdrawal' })).toBeHidden();
  await expect(request).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('region', { name: 'Withdrawals' })).toContainText(/Being paid|Paid/);
  await expect(page.getByRole('heading', { name: 'Available balance' }).locator('..')).toContainText('AED 694.75');

  // Statements for this month, as CSV and as PDF: the movements above, with the running balance.
  const statements = page.getByRole('region', { name: 'Statements' });
  const [csv] = await Promise.all([page.waitForEvent('download'), statements.getByRole('link', { name: 'Download CSV' }).click()]);
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  const text = await readFile((await csv.path())!, 'utf8');
  expect(text).toMatch(/Deposit/);
  expect(text).toMatch(/Refund|Cancellation/i);
  const [pdf] = await Promise.all([page.waitForEvent('download'), statements.getByRole('link', { name: 'Download PDF' }).click()]);
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = await readFile((await pdf.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

  await adminCtx.close();
  await investorCtx.close();
});
