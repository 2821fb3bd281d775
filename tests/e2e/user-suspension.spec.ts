/**
 * Suspending an investor (issue #16 journey): an admin finds the investor in /admin/users, opens their
 * page, suspends them with a reason; the investor is signed out and cannot sign in (a clear message); the
 * admin lifts the suspension and the investor signs in again.
 */
import { expect, test } from '@playwright/test';
import { ADMIN, PASSWORD, call, ok } from './journeys';
import { loginAs, uniqueEmail } from './support';

test('an admin suspends an investor with a reason, and lifts it', async ({ page, browser }) => {
  const investor = await browser.newContext();
  const email = uniqueEmail('suspend');
  await call(investor, 'GET', '/api/auth/session-debug');
  await ok(call(investor, 'POST', '/api/auth/register', { email, password: PASSWORD, firstName: 'Hessa', lastName: 'Marzouqi', phone: '+971 50 765 4321', terms: true }));
  expect((await call(investor, 'GET', '/api/auth/me')).status).toBe(200);

  await loginAs(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin/users?view=accounts');
  await page.getByRole('searchbox').first().fill(email);
  await page.getByRole('link', { name: /Hessa Marzouqi/ }).click();
  await page.waitForURL(/\/admin\/users\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Hessa Marzouqi' })).toBeVisible();

  await page.getByRole('button', { name: 'Suspend', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Suspend this account' });
  await dialog.getByLabel(/Reason/).fill('Card chargeback under investigation (case CB-77)');
  await dialog.getByRole('button', { name: 'Suspend the account' }).click();
  const standing = page.getByRole('status').filter({ hasText: 'Suspended since' });
  await expect(standing).toContainText('Card chargeback under investigation (case CB-77)');
  await expect(standing).toContainText('admin@manzil.ae');

  // Signed out at once, and refused at sign-in with a sentence they can act on.
  expect((await call(investor, 'GET', '/api/auth/me')).status).toBe(401);
  const refused = await call(investor, 'POST', '/api/auth/login', { username: email, password: PASSWORD });
  expect(refused.status).toBe(403);
  expect(refused.body.message).toMatch(/suspended/);

  await page.getByRole('button', { name: 'Lift suspension' }).click();
  const lift = page.getByRole('dialog', { name: 'Lift the suspension' });
  await lift.getByLabel(/Reason/).fill('Chargeback withdrawn by the bank');
  await lift.getByRole('button', { name: 'Lift the suspension' }).click();
  await expect(page.getByRole('button', { name: 'Suspend', exact: true })).toBeVisible();
  await ok(call(investor, 'POST', '/api/auth/login', { username: email, password: PASSWORD }));
  await investor.close();
});
