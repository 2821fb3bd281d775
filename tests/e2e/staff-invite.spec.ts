/**
 * Issue 16's journey "invite a finance user who sees the ERP but not KYC": the demo admin invites a new address
 * as Finance from /admin/staff; the invitee opens the emailed link in their own browser, chooses a password, sets
 * up the authenticator app it must use, and then finds the ERP in the back office but not KYC review.
 */
import { readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { readDevMailbox } from '../../modules/email/dev-mailbox';
import { ADMIN } from './journeys';
import { loginAs, uniqueEmail } from './support';

const PASSWORD = 'Ledger#Keeper2026';

/**
 * The server under test writes each email to <DATA_DIR>/mail (the development mailbox); its DATA_DIR is
 * os.tmpdir()/manzil-e2e-<port>-<pid> (playwright.config.ts). The address is unique to this run, so every
 * such folder of this port can be searched.
 */
function invitationLink(email: string): string | null {
  const port = process.env.E2E_PORT ?? '4399';
  const dirs = readdirSync(os.tmpdir()).filter((d) => d.startsWith(`manzil-e2e-${port}-`));
  for (const d of dirs) {
    const mail = readDevMailbox({ to: email, dir: path.join(os.tmpdir(), d, 'mail') }).find((m) => m.kind === 'staff_invite');
    const link = mail && /https?:\/\/\S+\/staff\/accept\?token=\S+/.exec(mail.text)?.[0];
    if (link) return link;
  }
  return null;
}

test('invite a finance user who sees the ERP but not KYC', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('staff');

  // The owner invites them as Finance.
  await loginAs(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin/staff');
  await expect(page.getByRole('heading', { name: 'Staff & roles', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'What each staff role may do' })).toBeVisible();
  await page.getByRole('button', { name: 'Invite staff' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite staff' });
  await dialog.getByLabel('Email address').fill(email);
  await dialog.getByLabel('Role').selectOption({ label: 'Finance' });
  await expect(dialog).toContainText('The books and ERP');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Invitation sent to ${email}.` })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Invitation pending');

  // The invitation email carries the link.
  let link: string | null = null;
  await expect.poll(() => (link = invitationLink(email)), { message: `an invitation email to ${email}` }).not.toBeNull();
  const { pathname, search } = new URL(link!);

  // The invitee, in their own browser.
  const context = await browser.newContext();
  const invitee = await context.newPage();
  await invitee.goto(`${pathname}${search}`);
  await expect(invitee.getByTestId('staff-invite-summary')).toContainText(`invited ${email} to join as Finance`);
  await invitee.getByLabel('First name').fill('Mariam');
  await invitee.getByLabel('Last name').fill('Haddad');
  await invitee.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await invitee.getByLabel('Confirm password').fill(PASSWORD);
  await invitee.getByRole('button', { name: 'Create my staff account' }).click();
  await expect(invitee.getByRole('heading', { name: 'Set up two-factor verification' })).toBeVisible();
  // Until MFA is on, the back office answers nothing.
  const early = await invitee.request.get('/api/admin/ledger/accounts');
  expect(early.status()).toBe(403);
  expect(await early.json()).toMatchObject({ error: 'mfa_setup_required' });

  // Two-factor setup with an authenticator app.
  await invitee.getByRole('link', { name: 'Set up two-factor verification' }).click();
  await invitee.waitForURL('**/account/security');
  await invitee.getByRole('button', { name: 'Set up authenticator app' }).click();
  await expect(invitee.getByTestId('totp-qr')).toBeVisible();
  const secret = (await invitee.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
  const totp = new OTPAuth.TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(secret) });
  await invitee.getByLabel('6-digit code').fill(totp.generate());
  await invitee.getByRole('button', { name: 'Turn on' }).click();
  await expect(invitee.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await invitee.getByRole('button', { name: "I've saved my codes" }).click();
  await expect(invitee.getByTestId('mfa-status')).toContainText('On — authenticator app');

  // The back office: the ERP is there, KYC review is not.
  await invitee.goto('/admin');
  const nav = invitee.getByRole('navigation', { name: 'Back office' });
  await expect(nav.getByRole('link', { name: /Accounting ledger|Financial management/ }).first()).toBeVisible();
  await expect(nav.getByRole('link', { name: 'KYC review' })).toHaveCount(0);
  await invitee.goto('/admin/kyc');
  await expect(invitee.getByRole('heading', { name: 'Not available to your role' })).toBeVisible();
  expect((await invitee.request.get('/api/admin/kyc')).status()).toBe(403);
  expect((await invitee.request.get('/api/admin/ledger/accounts')).status()).toBe(200);

  // Back with the owner: the invitation has become a Finance staff account with two-factor on.
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Active, two-factor on');
  await context.close();
});
