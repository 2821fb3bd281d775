/**
 * Rental distributions end to end (issue 13): an admin records a month's rent and costs in the property's books,
 * prepares the month's distribution from the books, and pays it; the investor sees the payment in the wallet,
 * the month on the property's P&L, and the payment in the monthly statement PDF.
 *
 * Set-up that is not the subject goes through the API (the property, the investor's identity, deposit and
 * purchase); the books, the distribution and what the investor sees are done in the browser.
 */
import { inflateSync } from 'node:zlib';
import { readFile } from 'node:fs/promises';
import { type BrowserContext, expect, test } from '@playwright/test';
import { monthYear, todayInDubai } from '@modules/platform/dates';
import { adminContext, call, listProperty, ok, ownAddress, verifiedInvestor } from './journeys';

/** The text a pdfkit PDF draws: its content streams inflated, then the strings of its TJ arrays. */
function pdfText(bytes: Buffer): string {
  const raw = bytes.toString('latin1');
  const chunks: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    const body = Buffer.from(m[1], 'latin1');
    try {
      chunks.push(inflateSync(body).toString('latin1'));
    } catch {
      chunks.push(m[1]);
    }
  }
  const lines: string[] = [];
  for (const c of chunks) {
    for (const t of c.matchAll(/\[([^\]]*)\]\s*TJ/g)) lines.push([...t[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1], 'hex').toString('latin1')).join(''));
  }
  return lines.join('\n');
}

/** A verified investor with about AED 3,000 in the wallet who bought AED 2,000 (20 of the property's 100 shares). */
async function holder(browser: import('@playwright/test').Browser, admin: BrowserContext, propertyId: string) {
  const ctx = await browser.newContext(ownAddress(13));
  await verifiedInvestor(ctx, admin, 'Mariam');
  await ok(call(ctx, 'POST', '/api/wallet/deposits', { amount: 300_000, method: 'uae-bank-transfer' }));
  await expect.poll(async () => Number((await call(ctx, 'GET', '/api/wallet')).body.available ?? 0), { timeout: 20_000 }).toBeGreaterThan(250_000);
  await ok(call(ctx, 'POST', '/api/investments', { propertyId, amount: 200_000 }));
  return ctx;
}

test('an admin records the rent and costs, pays the distribution, and the investor sees it in the wallet, on the P&L and in the statement', async ({ browser }) => {
  test.setTimeout(180_000);
  const period = todayInDubai().slice(0, 7);
  const month = monthYear(`${period}-01`);
  const adminCtx = await browser.newContext();
  await adminContext(adminCtx);
  // A small property (100 shares of AED 100) so a 20-share holding is a fifth of it.
  const property = await listProperty(adminCtx, `DI${Date.now().toString(36).toUpperCase()}`, {
    totalShares: String(100n * 10_000n),
    purchasePrice: '900000',
    acquisitionCosts: '100000',
    valuation: '1000000',
    annualRent: '78000',
    serviceCharges: '6000',
    maintenanceCosts: '0',
  });
  const investor = await holder(browser, adminCtx, property.id);

  // The admin records the month's rent (AED 65) and a repair (AED 5) in the property's books.
  const admin = await adminCtx.newPage();
  await admin.goto(`/admin/property-books?property=${property.id}`);
  const form = admin.locator('form', { has: admin.getByLabel('Amount (AED)') });
  await expect(form).toBeVisible({ timeout: 15_000 });
  for (const [kind, amount] of [
    ['Rent received', '65'],
    ['Maintenance and repairs', '5'],
  ] as const) {
    await form.getByLabel('Month').fill(period);
    await form.getByLabel('Kind').selectOption({ label: kind });
    await form.getByLabel('Amount (AED)').fill(amount);
    await form.getByRole('button', { name: 'Record' }).click();
    await expect(admin.getByText(new RegExp(`Recorded REC-\\d+: ${kind}, AED ${amount}\\.00 for ${month}\\. Journal entry JE-\\d+`))).toBeVisible({ timeout: 15_000 });
  }
  // The P&L reads the books: net AED 60, 10% kept in reserve, AED 54 distributable.
  await expect(admin.getByText('AED 65.00').first()).toBeVisible();

  // It prepares the month's distribution from the books, pays the held shares' part (a fifth: AED 10.80), and pays it.
  await admin.goto(`/admin/distributions?prepare=${property.id}&month=${period}`);
  const prepare = admin.getByRole('dialog', { name: 'Prepare a distribution' });
  await expect(prepare.getByLabel('Amount to distribute (AED)')).toHaveValue('54', { timeout: 15_000 });
  await prepare.getByRole('button', { name: "Pay the held shares' part" }).click();
  await expect(prepare.getByLabel('Amount to distribute (AED)')).toHaveValue('10.80');
  const create = prepare.getByRole('button', { name: 'Create draft of AED 10.80' });
  await expect(create).toBeEnabled({ timeout: 15_000 });
  await create.click();
  const run = admin.getByRole('dialog', { name: new RegExp(`DIST-\\d+: .*${month}`) });
  await expect(run).toBeVisible({ timeout: 15_000 });
  await run.getByRole('button', { name: 'Pay', exact: true }).click();
  // The confirmation states the total and the holders.
  const confirm = admin.getByRole('dialog', { name: /^Pay DIST-\d+\?$/ });
  await confirm.getByRole('button', { name: 'Pay AED 10.80 to 1 holder' }).click();
  await expect(run.getByText('Paid', { exact: true }).first()).toBeVisible({ timeout: 20_000 });

  // The investor: the payment in the wallet's history …
  const page = await investor.newPage();
  await page.goto('/wallet');
  const line = page.getByRole('row', { name: new RegExp(`Rent for ${month} from ${property.title}`) });
  await expect(line).toBeVisible({ timeout: 15_000 });
  await expect(line).toContainText(/\+\s*in\s*AED\s10\.80/);
  // … the month on the property's P&L, paid …
  await page.goto(`/property/${property.id}`);
  const income = page.locator('section[aria-labelledby="income-title"]');
  await income.scrollIntoViewIfNeeded();
  const row = income.getByRole('row', { name: new RegExp(month) });
  await expect(row).toContainText('AED 65.00', { timeout: 15_000 });
  await expect(row).toContainText('AED 10.80');
  // … and in the monthly statement PDF, downloaded from the wallet.
  await page.goto('/wallet');
  const statements = page.locator('section').filter({ has: page.getByRole('heading', { name: /Account statements/ }) }).first();
  await statements.scrollIntoViewIfNeeded();
  await statements.getByLabel('Monthly statement').selectOption(period);
  const [download] = await Promise.all([page.waitForEvent('download'), statements.getByRole('link', { name: `Download ${month} (PDF)` }).click()]);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 4).toString()).toBe('%PDF');
  const text = pdfText(bytes);
  expect(text).toContain(`Monthly account statement, ${month}`);
  // The distributions table: paid today, the property (its long title wraps in the cell), 20 shares, AED 10.80.
  const table = text.slice(text.indexOf("Your share of each property's rent"));
  expect(table).toContain('Creek Harbour one-bedroom');
  expect(table).toMatch(/\n20\n10\.80\n0\.00\n10\.80\n/);

  // The books still reconcile.
  const rec = await ok(call(adminCtx, 'GET', '/api/admin/reconciliation'));
  expect(rec.ok).toBe(true);
});
