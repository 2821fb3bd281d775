/**
 * The exchange end to end (issue 12): on a funded property, one investor sells part of a holding on the order
 * book and another buys it, and both see the trade; a third sells to the liquidity pool; an admin records the
 * property's sale and every holder is paid.
 *
 * Set-up that is not the subject goes through the API (the property, the investors' identity, deposits and
 * purchases, closing funding, the pool's budget); the trading, the pool sale and the exit are done in the browser.
 */
import { type BrowserContext, type Page, expect, test } from '@playwright/test';
import { adminContext, call, listProperty, ok, ownAddress, verifiedInvestor } from './journeys';

/** A verified investor with about AED 3,000 in the wallet who bought `aed` of the property (AED 100 a share). */
async function holder(browser: import('@playwright/test').Browser, admin: BrowserContext, name: string, propertyId: string, aed: number) {
  const ctx = await browser.newContext(ownAddress(12));
  await verifiedInvestor(ctx, admin, name);
  // The sandbox provider confirms a deposit by itself within seconds.
  await ok(call(ctx, 'POST', '/api/wallet/deposits', { amount: 300_000, method: 'uae-bank-transfer' }));
  await expect.poll(async () => Number((await call(ctx, 'GET', '/api/wallet')).body.available ?? 0), { timeout: 20_000 }).toBeGreaterThan(250_000);
  if (aed > 0) await ok(call(ctx, 'POST', '/api/investments', { propertyId, amount: aed * 100 }));
  return ctx;
}

async function openMarket(page: Page, propertyId: string, title: string) {
  await page.goto(`/exchange?property=${propertyId}`);
  await expect(page.getByRole('heading', { name: 'Place an order' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: new RegExp(title) }).first()).toBeVisible();
}

test('one investor sells on the order book and another buys; a third sells to the pool; an admin exits the property and the holders are paid', async ({ browser }) => {
  test.setTimeout(180_000);
  const adminCtx = await browser.newContext();
  await adminContext(adminCtx);
  const property = await listProperty(adminCtx, `EX${Date.now().toString(36).toUpperCase()}`);
  const seller = await holder(browser, adminCtx, 'Samira', property.id, 1_000);
  const buyer = await holder(browser, adminCtx, 'Bilal', property.id, 0);
  const third = await holder(browser, adminCtx, 'Tariq', property.id, 500);
  await ok(call(adminCtx, 'POST', `/api/admin/properties/${property.id}/funded`));
  await ok(call(adminCtx, 'PUT', '/api/admin/exchange/pool', { totalBudget: 100_000_000, perPropertyBudget: 10_000_000 }));

  // The seller offers 4 of their 10 shares at AED 100 a share.
  const sp = await seller.newPage();
  await openMarket(sp, property.id, property.title);
  const ticket = sp.getByRole('heading', { name: 'Place an order' }).locator('xpath=ancestor::section[1]');
  // The side is a segmented control: the radios are visually hidden inside their labels.
  await ticket.locator('label', { hasText: /^Sell$/ }).click();
  await expect(ticket.getByRole('radio', { name: 'Sell' })).toBeChecked();
  await ticket.getByLabel('Shares').fill('4');
  await ticket.getByLabel('Price per share (AED)').fill('100');
  await expect(ticket.getByText('Early exit fee')).toBeVisible({ timeout: 10_000 });
  await ticket.getByRole('button', { name: 'Review sell order' }).click();
  await sp.getByRole('dialog', { name: 'Place this sell order?' }).getByRole('button', { name: 'Place sell order' }).click();
  await expect(sp.getByRole('table', { name: 'My open orders' })).toContainText(/ORD-\d{6}/, { timeout: 10_000 });

  // The buyer sees the ask and buys 4 shares at it.
  const bp = await buyer.newPage();
  await openMarket(bp, property.id, property.title);
  await expect(bp.getByRole('table', { name: /^Asks/ })).toContainText('100.00');
  const bticket = bp.getByRole('heading', { name: 'Place an order' }).locator('xpath=ancestor::section[1]');
  await bticket.locator('label', { hasText: /^Buy$/ }).click();
  await bticket.getByLabel('Shares').fill('4');
  await bticket.getByLabel('Price per share (AED)').fill('100');
  await bticket.getByRole('button', { name: 'Review buy order' }).click();
  await bp.getByRole('dialog', { name: 'Place this buy order?' }).getByRole('button', { name: 'Place buy order' }).click();
  // Both see the trade.
  await expect(bp.getByRole('table', { name: /My trades/ })).toContainText(/TRD-\d{6}/, { timeout: 15_000 });
  await bp.reload();
  await expect(bp.getByRole('table', { name: /My holdings/ })).toContainText(property.title);
  await sp.reload();
  await expect(sp.getByRole('table', { name: /My trades/ })).toContainText(/TRD-\d{6}/, { timeout: 15_000 });
  const sellerTrades = await ok(call(seller, 'GET', '/api/exchange/trades'));
  expect(sellerTrades.items[0]).toMatchObject({ side: 'sell', units: '40000', gross: '40000' });
  expect(BigInt(sellerTrades.items[0].earlyExitFee)).toBeGreaterThan(0n);

  // The third investor sells 2 shares to the liquidity pool.
  const tp = await third.newPage();
  await tp.goto('/exchange');
  await tp.getByRole('button', { name: new RegExp(`^Sell to the pool\\W+${property.title}$`) }).click();
  const poolDialog = tp.getByRole('dialog', { name: new RegExp(`Sell ${property.title} to the liquidity pool`) });
  await expect(poolDialog.getByText('Net proceeds to your wallet')).toBeVisible({ timeout: 10_000 });
  await poolDialog.getByRole('button', { name: 'Sell to the pool' }).click();
  await expect.poll(async () => (await call(third, 'GET', '/api/exchange/trades')).body.items?.length ?? 0, { timeout: 15_000 }).toBeGreaterThan(0);
  const pool = await ok(call(adminCtx, 'GET', '/api/admin/exchange/pool'));
  expect(pool.holdings.map((h: { propertyId: string }) => h.propertyId)).toContain(property.id);

  // The third investor's wallet got the pool's net price; they hold nothing of the property any more.
  const thirdTrades = await ok(call(third, 'GET', '/api/exchange/trades'));
  expect(thirdTrades.items[0]).toMatchObject({ side: 'sell', units: '50000' });

  // The admin records the sale of the property; every holder (the seller, the buyer and the pool) is paid.
  const before = await Promise.all([seller, buyer].map(async (c) => BigInt((await call(c, 'GET', '/api/wallet')).body.balance)));
  const ap = await adminCtx.newPage();
  await ap.goto('/admin/exchange');
  const form = ap.getByRole('form', { name: 'Record a property sale' });
  await form.getByLabel('Property (funded)').selectOption(property.id);
  await form.getByLabel('Sale price (AED)').fill('2,400,000');
  await form.getByLabel('Selling costs (AED)').fill('40,000');
  await form.getByLabel('Sale date').fill(new Date(Date.now() + 4 * 3_600_000).toISOString().slice(0, 10));
  await form.getByRole('button', { name: 'Review the exit' }).click();
  const settled = ap.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/admin/exchange/exits');
  await ap.getByRole('dialog', { name: new RegExp(`Settle the sale of ${property.title}`) }).getByRole('button', { name: 'Pay the holders' }).click();
  const exit = await (await settled).json();
  expect(exit.status).toBe('settled');
  await expect(ap.getByText('Samira Varma').first()).toBeVisible({ timeout: 10_000 });
  const after = await Promise.all([seller, buyer].map(async (c) => BigInt((await call(c, 'GET', '/api/wallet')).body.balance)));
  expect(exit.items.map((i: { units: string }) => i.units).sort()).toEqual(['40000', '50000', '60000']);
  const nets = exit.items.filter((i: { investor: string }) => /Samira|Bilal/.test(i.investor)).map((i: { investor: string; net: string }) => [i.investor.startsWith('Samira') ? 0 : 1, BigInt(i.net)] as const);
  for (const [who, net] of nets) expect(after[who]! - before[who]!).toBe(net);
  await sp.goto('/notifications');
  await expect(sp.getByText(new RegExp(property.title)).first()).toBeVisible({ timeout: 10_000 });
});
