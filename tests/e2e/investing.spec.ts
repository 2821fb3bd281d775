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
import { type APIRequestContext, type BrowserContext, type Page, expect, test } from '@playwright/test';
import { demoPdf, demoPng } from '@modules/kyc/demo-files';
import { convertMinor, formatMoney } from '@modules/platform/contract';
import { uniqueEmail } from './support';

const ADMIN = { username: 'admin', password: 'ManzilAdmin#2026' };
const PASSWORD = 'Harbour#View2026';
const inr = (aedFils: bigint) => formatMoney(convertMinor(aedFils, 'AED', 'INR'), 'INR');

/** JSON calls through a context's own cookie jar, with the CSRF header the API asks for. */
async function call(ctx: BrowserContext, method: string, path: string, data?: unknown, extra: { multipart?: Record<string, unknown> } = {}) {
  const request: APIRequestContext = ctx.request;
  const base = test.info().project.use.baseURL!;
  const cookies = await ctx.cookies(base);
  const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
  const headers: Record<string, string> = { origin: base };
  if (xsrf) headers['x-csrf-token'] = decodeURIComponent(xsrf);
  const res = await request.fetch(path, {
    method,
    headers,
    ...(extra.multipart ? { multipart: extra.multipart as never } : data !== undefined ? { data } : {}),
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status(), body };
}

async function ok(p: Promise<{ status: number; body: any }>, expected = [200, 201]) {
  const r = await p;
  expect(expected, JSON.stringify(r.body).slice(0, 300)).toContain(r.status);
  return r.body;
}

async function adminContext(ctx: BrowserContext) {
  await call(ctx, 'GET', '/api/auth/session-debug'); // the XSRF-TOKEN cookie
  await ok(call(ctx, 'POST', '/api/auth/login', ADMIN));
}

/** A property the admin creates and publishes for funding: AED 100 a share, so AED 200 buys exactly 2 shares. */
async function listProperty(admin: BrowserContext, tag: string) {
  const ref = `MZ-E2E-${tag}`.slice(0, 24).toUpperCase();
  const created = await ok(
    call(admin, 'POST', '/api/admin/properties', {
      title: `Creek Harbour one-bedroom ${tag}`,
      summary: 'A one-bedroom in Dubai Creek Harbour with views of the Creek Tower site.',
      description: 'A 780 sq ft one-bedroom with a balcony over the creek.',
      community: 'Dubai Creek Harbour',
      city: 'Dubai',
      propertyType: 'apartment',
      bedrooms: 1,
      bathrooms: 2,
      sizeSqft: 780,
      features: ['Creek view', 'Pool'],
      sharePrice: '10000',
      totalShares: String(20_000n * 10_000n),
      purchasePrice: '190000000',
      acquisitionCosts: '10000000',
      valuation: '200000000',
      annualRent: '13000000',
      serviceCharges: '1500000',
      maintenanceCosts: '400000',
      managementFeeBps: 500,
      occupancyBps: 9500,
      projectedAppreciationBps: 500,
      fundingDeadline: '2099-01-31',
      reference: ref,
    }),
  );
  await ok(
    call(admin, 'POST', `/api/admin/properties/${created.id}/photos`, undefined, {
      multipart: { alt: 'The living room at dusk', file: { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from(demoPng(640, 400)) } },
    }),
  );
  await ok(call(admin, 'POST', `/api/admin/properties/${created.id}/publish`));
  return { id: created.id as string, title: created.title as string, reference: ref };
}

/** A new investor, signed in in `ctx`, whose identity the admin has approved (documents through the KYC API). */
async function verifiedInvestor(ctx: BrowserContext, admin: BrowserContext, firstName: string) {
  const email = uniqueEmail('investing');
  await call(ctx, 'GET', '/api/auth/session-debug');
  await ok(call(ctx, 'POST', '/api/auth/register', { email, password: PASSWORD, firstName, lastName: 'Varma', phone: '+971 50 765 4321', terms: true }));
  const me = await ok(call(ctx, 'GET', '/api/auth/me'));
  const userId = (me.user ?? me).id as string;
  const inYears = (n: number) => `${new Date().getUTCFullYear() + n}-06-30`;
  await ok(call(ctx, 'PUT', '/api/kyc/personal', { firstName, lastName: 'Varma', dateOfBirth: '1988-04-12', nationality: 'IN', idType: 'passport', idNumber: 'T4829153', idExpiryDate: inYears(4) }));
  await ok(call(ctx, 'PUT', '/api/kyc/address', { line1: 'Apartment 904, Creek Vista Tower', city: 'Dubai', region: 'Dubai', country: 'AE' }));
  await ok(
    call(ctx, 'PUT', '/api/kyc/financial', {
      employmentStatus: 'employed',
      occupation: 'Product manager',
      employerName: 'Gulf Logistics',
      incomeBand: '300k_600k',
      sourceOfFunds: ['salary'],
      netWorthBand: '1m_4m',
      politicallyExposed: false,
      classification: 'retail',
    }),
  );
  for (const [type, name, mimeType, bytes] of [
    ['passport', 'passport.png', 'image/png', demoPng(400, 260)],
    ['selfie', 'selfie.png', 'image/png', demoPng(300, 300)],
    ['proof_of_address', 'bill.pdf', 'application/pdf', demoPdf(['DEWA bill'])],
  ] as const) {
    await ok(call(ctx, 'POST', '/api/kyc/documents', undefined, { multipart: { type, file: { name, mimeType, buffer: Buffer.from(bytes) } } }));
  }
  await ok(call(ctx, 'POST', '/api/kyc/submit', { declaration: true }));
  await ok(call(admin, 'POST', `/api/admin/kyc/${userId}/approve`, { note: 'Documents checked (end-to-end test).' }));
  await expect.poll(async () => ((await call(ctx, 'GET', '/api/auth/me')).body.user ?? (await call(ctx, 'GET', '/api/auth/me')).body).kycStatus, { timeout: 10_000 }).toBe('approved');
  return { email, userId };
}

/** Deposits through the wallet screen and waits for the sandbox provider to confirm it. */
async function deposit(page: Page, amountInr: string) {
  await page.goto('/wallet');
  await page.getByRole('button', { name: 'Deposit' }).click();
  const panel = page.getByRole('region', { name: 'Add money' });
  await expect(panel.getByRole('heading', { name: 'Add money' })).toBeFocused();
  await panel.getByRole('radio', { name: /Debit card/ }).check();
  await panel.getByLabel('Amount to pay (INR)').fill(amountInr);
  // The charge is shown before confirming: 1.5% for a debit card, plus 5% VAT on it.
  await expect(panel.getByText(/Transaction charge \(Debit card, 1\.5%\)/)).toBeVisible();
  await expect(panel.getByText('VAT on the charge (5%)')).toBeVisible();
  await panel.getByRole('button', { name: /^Confirm and pay ₹/ }).click();
  // Pending first, then confirmed by the provider within seconds (announced in a live region).
  await expect(panel.getByRole('status')).toContainText(/Received: ₹[\d,.]+ added to your wallet/, { timeout: 20_000 });
}

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
  await verifiedInvestor(investorCtx, adminCtx, 'Rahul');
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
  const request = admin.getByRole('table', { name: 'Withdrawals' }).getByRole('row', { name: /Rahul Varma/ });
  await expect(request).toContainText('300.00');
  await expect(request).toContainText('AE07 0331 2345 6789 0123 456');
  await request.getByRole('button', { name: /^Approve/ }).click();
  await admin.getByRole('dialog', { name: 'Approve withdrawal' }).getByRole('button', { name: /^Approve and pay/ }).click();
  await expect(admin.getByRole('dialog', { name: 'Approve withdrawal' })).toBeHidden();
  await expect(admin.getByRole('table', { name: 'Withdrawals' }).getByRole('row', { name: /Rahul Varma/ })).toHaveCount(0);

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
