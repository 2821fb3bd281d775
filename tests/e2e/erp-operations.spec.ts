/**
 * ERP operations end to end (issue 15): goods bought on a purchase order are received into the store from the
 * order's page, some are issued to a home (capitalised as its fit-out), the month's payroll is prepared and
 * approved, and its WPS salary file and a payslip are downloaded; then an admin builds a dashboard with two
 * widgets, saves it and finds it as saved after a reload.
 *
 * The item, the supplier and the order are created through the API (the contract routes); the rest is done in the
 * browser.
 */
import { expect, test } from '@playwright/test';
import { adminContext, call, ok } from './journeys';

const nextPeriod = (p: string) => {
  const [y, m] = p.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
};

test('receive a purchase order into the store, issue to a home, run payroll with its WPS file and a payslip', async ({ browser }) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36).toUpperCase();
  const adminCtx = await browser.newContext();
  await adminContext(adminCtx);

  const item = await ok(call(adminCtx, 'POST', '/api/admin/inventory/items', { name: `Bedside lamp ${tag}`, sku: `LMP-${tag}`, valuationMethod: 'fifo', category: 'furniture' }));
  const supplier = await ok(call(adminCtx, 'POST', '/api/admin/suppliers', { name: `Lumen Interiors ${tag} LLC`, email: `orders.${tag.toLowerCase()}@lumen.ae` }));
  const po = await ok(
    call(adminCtx, 'POST', '/api/admin/purchase-orders', { supplierId: supplier.id, lines: [{ description: `Bedside lamp, brass ${tag}`, quantity: 6, unitPrice: 35_000, stockItemId: item.id }] }),
  );
  await ok(call(adminCtx, 'POST', `/api/admin/purchase-orders/${po.id}/send`, {}));

  // Receive four of the six lamps on the order's page: they go into the main store at the order price.
  const page = await adminCtx.newPage();
  await page.goto(`/admin/purchase/orders?order=${po.id}`);
  await page.getByRole('button', { name: 'Receive', exact: true }).click();
  const receive = page.getByRole('form', { name: 'Receive goods or services' });
  await expect(receive.getByText('into the store')).toBeVisible();
  await receive.getByLabel('Quantity received now, line 1').fill('4');
  await receive.getByRole('button', { name: 'Record receipt' }).click();
  await expect(page.getByText('Receipt recorded')).toBeVisible({ timeout: 15_000 });
  const stock = await ok(call(adminCtx, 'GET', `/api/admin/inventory/stock?itemId=${item.id}`));
  expect(stock.items.map((s: { locationCode: string; quantity: string }) => [s.locationCode, s.quantity])).toEqual([['WH-AQ', '4']]);

  // Issue two to a home from the operations screen: capitalised as the property's fit-out.
  await page.goto('/admin/inventory/operations');
  await page.getByRole('button', { name: 'Issue', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /Issue/ });
  await dialog.getByLabel('Item').selectOption({ label: `LMP-${tag} · Bedside lamp ${tag} (4 in store)` });
  await dialog.getByLabel('From').selectOption({ label: 'WH-AQ · Main store, Al Quoz (warehouse)' });
  const to = dialog.getByLabel('To');
  const home = (await to.locator('option').allTextContents()).find((o) => o.includes('(property)'));
  expect(home, 'a home to issue to').toBeTruthy();
  await to.selectOption({ label: home! });
  await dialog.getByLabel('Quantity').fill('2');
  await dialog.getByRole('button', { name: 'Record move' }).click();
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  const after = await ok(call(adminCtx, 'GET', `/api/admin/inventory/stock?itemId=${item.id}`));
  const byPlace = Object.fromEntries(after.items.map((s: { locationCode: string; quantity: string }) => [s.locationCode, s.quantity]));
  expect(byPlace['WH-AQ']).toBe('2');
  expect(Object.values(byPlace).filter((q) => q === '2')).toHaveLength(2);

  // The two left in store are valued at the order price: AED 700.00.
  const valuation = await ok(call(adminCtx, 'GET', '/api/admin/inventory/valuation'));
  expect(valuation.items.find((i: { sku: string }) => i.sku === `LMP-${tag}`)).toMatchObject({ quantity: '2', value: '70000' });

  // Payroll: the demo's single administrator prepares and approves, so the four-eyes threshold is lifted for the
  // run (a team of two would have the second admin approve) and restored afterwards.
  const settings = await ok(call(adminCtx, 'GET', '/api/admin/settings'));
  const previous: string = settings.items.find((s: { key: string }) => s.key === 'fourEyesThreshold').value;
  await ok(call(adminCtx, 'PUT', '/api/admin/settings/fourEyesThreshold', { value: '1000000000' }));
  try {
    const runs = await ok(call(adminCtx, 'GET', '/api/admin/payroll/runs?limit=200'));
    const taken = new Set(runs.items.map((r: { period: string }) => r.period));
    let period = nextPeriod([...taken].sort().at(-1) as string);
    while (taken.has(period)) period = nextPeriod(period);
    await page.goto('/admin/payroll/processing');
    await page.getByLabel('Month to pay (YYYY-MM)').fill(period);
    await page.getByRole('button', { name: 'Prepare payroll' }).click();
    await page.getByRole('button', { name: 'Approve and post' }).click();
    const wpsLink = page.getByRole('link', { name: 'Download WPS file' });
    await expect(wpsLink).toBeVisible({ timeout: 15_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), wpsLink.click()]);
    const sif = (await (await download.createReadStream()).toArray()).map((b) => b.toString()).join('');
    const records = sif.trim().split(/\r?\n/);
    expect(records.at(-1)).toMatch(/^SCR,/);
    expect(records.slice(0, -1).every((r) => r.startsWith('EDR,'))).toBe(true);
    expect(download.suggestedFilename()).toMatch(/\.sif$|\.SIF$|\.csv$/);
    const payslip = page.getByRole('link', { name: /PDF payslip of/ }).first();
    const href = await payslip.getAttribute('href');
    const pdf = await adminCtx.request.get(href!);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  } finally {
    await ok(call(adminCtx, 'PUT', '/api/admin/settings/fourEyesThreshold', { value: previous }));
  }
  await adminCtx.close();
});
