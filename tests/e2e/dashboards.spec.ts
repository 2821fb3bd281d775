/**
 * The dashboard builder end to end (issue 15): the seeded "Operator overview" is listed and draws its figures; an
 * admin builds a dashboard with two widgets from the metric catalogue, saves it, reloads the page and finds it
 * exactly as saved.
 */
import { expect, test } from '@playwright/test';
import { adminContext, call, ok } from './journeys';

test('an admin builds a dashboard with two widgets, saves it and reloads it as saved', async ({ browser }) => {
  const ctx = await browser.newContext();
  await adminContext(ctx);
  const page = await ctx.newPage();
  await page.goto('/admin/dashboard/builder');
  await expect(page.getByRole('cell', { name: /Operator overview/ }).first()).toBeVisible({ timeout: 15_000 });

  const name = `Board pack ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'New dashboard' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Create dashboard' }).click();
  await expect(page.getByLabel('Dashboard name')).toHaveValue(name, { timeout: 15_000 });

  const addWidget = async (search: string, label: string, chart?: string) => {
    await page.getByRole('button', { name: 'Add widget' }).first().click();
    const dialog = page.locator('dialog[open]');
    await dialog.getByLabel('Search the catalogue').fill(search);
    await dialog.getByLabel('Metric', { exact: true }).selectOption({ label });
    if (chart) await dialog.getByLabel('Chart').selectOption({ label: chart });
    await dialog.getByRole('button', { name: 'Add widget' }).click();
    await expect(page.getByRole('heading', { name: label })).toBeVisible();
  };
  await addWidget('1110', '1110 Emirates NBD operating account');
  await addWidget('headcount', 'Headcount', 'Bars');
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.')).toBeVisible({ timeout: 15_000 });

  await page.reload();
  await expect(page.getByRole('heading', { name: '1110 Emirates NBD operating account' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Headcount' })).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);
  const id = new URL(page.url()).searchParams.get('dashboard');
  const saved = await ok(call(ctx, 'GET', `/api/admin/analytics/dashboards/${id}`));
  expect(saved.widgets.map((w: { metric: string; chart: string }) => [w.metric, w.chart])).toEqual([['ledger.account.1110', 'line'], ['ops.headcount', 'bar']]);
  await ctx.close();
});
