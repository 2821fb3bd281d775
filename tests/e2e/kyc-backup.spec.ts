/**
 * KYC backup end to end (issue 5): an archive of the last 30 days is exported, downloaded, refused with
 * the wrong passphrase, checked and restored through the screen, which reports that every checksum matches.
 *
 * A restore puts every application in the archive back as it was when exported, so it would undo what
 * other tests do to their own applicants meanwhile (an approval, say). playwright.config.ts therefore runs
 * this file in its own project, after every other test has finished.
 */
import { expect, test } from '@playwright/test';
import { loginAs } from './support';
import os from 'node:os';
import path from 'node:path';

const ADMIN = { username: 'admin', password: 'ManzilAdmin#2026' };


test.describe('KYC backup', () => {
  test.describe.configure({ timeout: 120_000 });

  test('KYC backup: export, download, check and restore through the screen', async ({ page }) => {
    await loginAs(page, ADMIN.username, ADMIN.password);
    await page.goto('/admin/kyc/backup');
    await expect(page.getByText(/\d+ applications?, \d+ documents?/)).toBeVisible();
    await page.getByLabel('Passphrase', { exact: true }).fill('correct horse battery staple');
    await page.getByLabel('Passphrase again').fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Create archive' }).click();
    await expect(page.getByText('The archive is ready')).toBeVisible({ timeout: 30_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /^Download manzil-kyc-backup.*\)$/ }).click()]);
    const file = path.join(os.tmpdir(), `${Date.now()}-${download.suggestedFilename()}`);
    await download.saveAs(file);

    await page.getByLabel('Archive (.mzkb)').setInputFiles(file);
    await page.getByLabel('Passphrase of the archive').fill('not the passphrase');
    await page.getByRole('button', { name: 'Check archive' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The passphrase does not open this archive' })).toBeVisible({ timeout: 30_000 });

    await page.getByLabel('Passphrase of the archive').fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Check archive' }).click();
    await expect(page.getByText('The archive opens and every checksum matches')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: /^Restore \d+ applications?$/ }).click();
    await page.getByRole('dialog', { name: 'Restore from this archive?' }).getByRole('button', { name: 'Restore', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: /\d+ records?, \d+ documents? restored, all checksums match\./ }).first()).toBeVisible({ timeout: 30_000 });
  });
});
