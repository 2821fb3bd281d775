/**
 * Systematic investment plans end to end (issue 11): a verified investor who sees prices in INR sets up a
 * monthly plan on /sip-setup (amount typed in rupees, a manual split on a property, the preview before
 * confirming), finds it on the dashboard; an admin previews the day's run on /admin/sip-allocation and runs
 * it; the investor's plan page then shows the instalment and the shares it bought.
 *
 * The plan's collection day is today (Dubai), so the admin's run is for today: a run cannot be made for a
 * future date. Collection days run 1–28, so on the 29th–31st the journey cannot happen today and is skipped.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { todayInDubai } from '@modules/platform/dates';
import { adminContext, call, deposit, listProperty, ok, ownAddress, verifiedInvestor } from './journeys';

test('an investor sets up a plan in INR and sees it on the dashboard; an admin previews and runs the day; the investor sees the instalment and what it bought', async ({ browser }) => {
  const today = todayInDubai();
  const day = Number(today.slice(8, 10));
  test.skip(day > 28, 'Collection days run 1–28: on the 29th–31st no plan falls due today, and a run cannot be made for a later date.');
  test.setTimeout(150_000);

  const adminCtx = await browser.newContext();
  await adminContext(adminCtx);
  const property = await listProperty(adminCtx, `SIP${Date.now().toString(36).toUpperCase()}`);

  const investorCtx = await browser.newContext(ownAddress(11));
  await investorCtx.addInitScript(() => localStorage.setItem('manzil.currency', 'INR'));
  await verifiedInvestor(investorCtx, adminCtx, 'Meera');
  const page = await investorCtx.newPage();
  await deposit(page, '10,000');

  // The setup form: ₹5,000 a month (shown back in AED), today as the collection day, all of it to the new property.
  await page.goto('/sip-setup');
  await page.getByLabel('Monthly amount').fill('5000');
  await expect(page.getByText(/That is AED [\d,.]+ a month/)).toBeVisible();
  await page.getByLabel('Collection day').selectOption(String(day));
  await page.getByRole('radio', { name: /^Manual/ }).check();
  await page.getByRole('checkbox', { name: new RegExp(property.title) }).check();
  await page.getByLabel(`Share for ${property.title}, percent`).fill('100');
  await expect(page.getByText('Total: 100% of 100%')).toBeVisible();
  // Before confirming: what the first instalment would buy today, worked out by the code that runs collections.
  const preview = page.getByRole('region', { name: 'Before you confirm' });
  await expect(preview.getByText('If the first instalment were collected today')).toBeVisible({ timeout: 10_000 });
  await expect(preview).toContainText(property.title);

  await page.getByRole('button', { name: /Review and confirm/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Start this plan?' });
  await expect(confirm).toContainText('₹5,000');
  const created = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/sip/plans');
  await confirm.getByRole('button', { name: 'Start my plan' }).click();
  expect((await created).status()).toBe(201);
  // The page moves on to the plan at once, so its answer is read back from the API (the browser drops the body).
  const plans = await ok(call(page.context(), 'GET', '/api/sip/plans'));
  expect(plans.items).toHaveLength(1);
  const plan = plans.items[0] as { id: string; reference: string; amount: string; currency: string; nextCollectionDate: string };
  expect(plan).toMatchObject({ currency: 'INR', nextCollectionDate: today });
  expect(Number(plan.amount)).toBeGreaterThanOrEqual(20_000);
  await expect(page).toHaveURL(new RegExp(`/sip/plan\\?id=${plan.id}`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(plan.reference);

  // The dashboard lists the plan with its next collection.
  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Monthly plans (SIP)' });
  await expect(card).toContainText(plan.reference);

  // The admin previews today's run (the property is in the allocation) and runs it.
  const admin = await adminCtx.newPage();
  await admin.goto('/admin/sip-allocation');
  await admin.getByLabel('Run date').fill(today);
  await expect(admin.getByRole('img', { name: new RegExp(property.title) }).first()).toBeVisible({ timeout: 10_000 });
  await admin.getByRole('button', { name: 'Run collections' }).click();
  const runDialog = admin.getByRole('dialog');
  await runDialog.getByRole('button', { name: /^Collect \d+ plans?$/ }).click();
  await expect(runDialog.getByRole('button', { name: 'Done' })).toBeVisible({ timeout: 30_000 });
  await expect(runDialog).toContainText(plan.reference);
  await expect(runDialog).toContainText('Meera');
  await runDialog.getByRole('button', { name: 'Done' }).click();

  // A second run for the same day collects nothing twice.
  const again = await ok(call(adminCtx, 'POST', '/api/admin/sip/runs', { date: today }));
  expect(again.items.map((i: { planId: string }) => i.planId)).not.toContain(plan.id);

  // The investor's plan page: the instalment, collected, and the shares it bought.
  await page.goto(`/sip/plan?id=${plan.id}`);
  const history = page.getByRole('region', { name: 'Instalments' });
  await expect(history).toContainText('Collected');
  await expect(history.getByRole('link', { name: property.title })).toBeVisible();
  await expect(history).toContainText(/[\d.]+ shares/);
  const detail = await ok(call(investorCtx, 'GET', `/api/sip/plans/${plan.id}`));
  expect(detail.instalments[0]).toMatchObject({ status: 'collected', dueDate: today });
  expect(detail.instalments[0].purchases.map((p: { propertyId: string }) => p.propertyId)).toEqual([property.id]);

  // The plan page with its history passes axe (no serious or critical finding), like every other screen.
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});
