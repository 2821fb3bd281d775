/**
 * The assistant (issue 16): the verified demo investor signs in, finds her seeded conversation on /ai-assistant,
 * asks about last month's income and this month's in a new conversation, and each answer states exactly the rent
 * her wallet's transactions show for that calendar month, with a link to the wallet. A visitor asking the same is
 * asked to sign in.
 */
import { expect, test } from '@playwright/test';
import { DEMO_INVESTORS, DEMO_VERIFIED_INVESTOR_PASSWORD } from '@modules/investing/seed';
import { addMonths, monthEnd, monthStart, todayInDubai } from '@modules/platform/dates';
import { formatAed } from '@modules/platform/money';
import { call } from './journeys';
import { loginAs } from './support';

test('an investor asks the assistant what she earned last month and gets her wallet’s figure', async ({ page, context }) => {
  test.setTimeout(90_000);
  await loginAs(page, DEMO_INVESTORS[0]!.email, DEMO_VERIFIED_INVESTOR_PASSWORD);

  // What the wallet says: rent credited in each calendar month (Dubai).
  const thisMonth = monthStart(todayInDubai());
  const rentIn = async (from: string) => {
    const r = await call(context, 'GET', `/api/wallet/transactions?kind=distribution&from=${from}&to=${monthEnd(from)}&limit=100`);
    expect(r.status).toBe(200);
    return (r.body.items as { amount: string }[]).reduce((s, t) => s + BigInt(t.amount), 0n);
  };
  const [last, current] = [await rentIn(addMonths(thisMonth, -1)), await rentIn(thisMonth)];

  await page.goto('/ai-assistant');
  const history = page.getByRole('navigation', { name: 'Your conversations' });
  await expect(history.getByRole('button', { name: /^What did I earn last month\?/ })).toBeVisible();
  await history.getByRole('button', { name: 'New conversation' }).click();

  const log = page.getByRole('log');
  await page.getByRole('group', { name: 'Suggested questions' }).getByRole('button', { name: 'What did I earn last month?' }).click();
  const answer = log.locator('[data-message]').last();
  await expect(answer).toContainText(last > 0n ? `You earned ${formatAed(last)} in rent distributions last month` : `You received no rent distributions last month`);
  await expect(answer.getByRole('link', { name: /Your wallet/ })).toHaveAttribute('href', '/wallet');

  const box = page.getByLabel('Message Manzil AI');
  await box.fill('And what did I earn this month?');
  await box.press('Enter');
  await expect(log.locator('[data-message]').last()).toContainText(current > 0n ? `You earned ${formatAed(current)}` : 'You received no rent distributions this month');
  // The conversation is kept: a reload resumes it from the address.
  await page.reload();
  await expect(page.getByRole('log')).toContainText('And what did I earn this month?');
});

test('a visitor asking about their income is asked to sign in', async ({ page }) => {
  await page.goto('/ai-assistant');
  const box = page.getByLabel('Message Manzil AI');
  await box.fill('What did I earn last month?');
  await box.press('Enter');
  const answer = page.getByRole('log').locator('[data-message]').last();
  await expect(answer).toContainText('please sign in first');
  await expect(answer.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
});
