/**
 * The two public forms, through the real UI: the home page waitlist and the contact form.
 * Each run uses fresh email addresses, so the suite also passes against a reused database.
 */
import { expect, type Page, test } from '@playwright/test';
import { waitlistMessages } from '@modules/waitlist/contract';
import { uniqueEmail } from './support';

function waitlistForm(page: Page) {
  return page.locator('form').filter({ has: page.getByRole('button', { name: /waitlist|join|notify|early access/i }) }).first();
}

async function joinWaitlist(page: Page, email: string) {
  const form = waitlistForm(page);
  await form.getByLabel(/email/i).fill(email);
  await form.getByRole('button', { name: /waitlist|join|notify|early access/i }).click();
  return form;
}

test.describe('home waitlist', () => {
  test('joining shows the success message; joining again says you are already on the list', async ({ page }) => {
    const email = uniqueEmail('waitlist');
    await page.goto('/');
    await joinWaitlist(page, email);
    await expect(page.getByText(waitlistMessages.joined)).toBeVisible();

    await page.goto('/');
    await joinWaitlist(page, email.toUpperCase());
    await expect(page.getByText(waitlistMessages.already)).toBeVisible();
    await expect(page.getByText(waitlistMessages.joined)).toHaveCount(0);
  });

  test('an invalid email is refused inline, without a request', async ({ page }) => {
    let posted = false;
    page.on('request', (r) => {
      if (r.url().includes('/api/waitlist/join')) posted = true;
    });
    await page.goto('/');
    const form = await joinWaitlist(page, 'not-an-email@');
    const email = form.getByLabel(/email/i);
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toBeFocused();
    await expect(page.getByText(waitlistMessages.joined)).toHaveCount(0);
    expect(posted).toBe(false);
  });
});

test.describe('contact form', () => {
  test('invalid input shows an inline error on each field', async ({ page }) => {
    await page.goto('/contact');
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: /send/i }) }).first();
    await form.getByLabel(/name/i).first().fill('A');
    await form.getByLabel(/email/i).fill('layla@');
    await form.getByLabel(/message/i).fill('Too short');
    await form.getByRole('button', { name: /send/i }).click();
    await expect(form.getByText('Name must be at least 2 characters')).toBeVisible();
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
    await expect(form.getByText('Message must be at least 10 characters')).toBeVisible();
    await expect(form.getByLabel(/email/i)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(/Thank you,/)).toHaveCount(0);
  });

  test('a valid message is confirmed with the sender’s first name', async ({ page }) => {
    await page.goto('/contact');
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: /send/i }) }).first();
    await form.getByLabel(/name/i).first().fill('Layla Haddad');
    await form.getByLabel(/email/i).fill(uniqueEmail('contact'));
    const topic = form.getByLabel(/topic/i);
    if (await topic.count()) await topic.selectOption('investing');
    await form.getByLabel(/message/i).fill('How does the monthly SIP choose which properties my AED 200 buys into?');
    const [res] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/contact') && r.request().method() === 'POST'),
      form.getByRole('button', { name: /send/i }).click(),
    ]);
    expect(res.status(), 'the contact POST is accepted (CSRF token echoed by the fetch wrapper)').toBe(201);
    await expect(page.getByText(/Thank you, Layla\b/)).toBeVisible();
  });
});
