/**
 * The one admin table end to end (issue 19, "Done when"): with 60+ accounts, an admin searches the
 * users screen for one that is not on the first page and finds exactly that account; the URL holds
 * the search, a reload keeps it, and the CSV download holds exactly the matching rows.
 */
import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { parseCsv } from '../helpers/admin-session';
import { loginAs, uniqueEmail } from './support';

const ADMIN = { username: 'admin', password: 'ManzilAdmin#2026' };
const PASSWORD = 'Harbour#View2026';
const FILLERS = 60;

/** Letters only (names refuse digits), unique to this run. */
const runTag = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => String.fromCharCode(97 + (b % 26)))
    .join('')
    .replace(/^./, (c) => c.toUpperCase());
const letters = (i: number) => String.fromCharCode(97 + Math.floor(i / 26), 97 + (i % 26));

/**
 * Signs a person up through the API from a loopback address of their own: signups are limited to 10 an
 * hour per address (modules/auth/throttle.ts), so 61 people come from 127.0.0.11, .12, … as 61 real
 * visitors would come from different networks.
 */
function register(baseURL: string, n: number, firstName: string, lastName: string, email: string): Promise<void> {
  const url = new URL('/api/auth/register', baseURL);
  const body = JSON.stringify({ email, password: PASSWORD, firstName, lastName, phone: '+971501112233', terms: true });
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', localAddress: `127.0.0.${11 + Math.floor(n / 9)}`, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => (res.statusCode === 201 ? resolve() : reject(new Error(`signup ${n}: ${res.statusCode} ${text}`))));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

test('a search for an account past the first page finds exactly it, survives a reload and exports only it', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const tag = runTag();
  // The target signs up first, so with the newest first it is past the first 50 of the 60 that follow.
  const target = { first: 'Noor', last: `Target ${tag}`, email: uniqueEmail(`target${tag.toLowerCase()}`) };
  await register(baseURL!, 0, target.first, target.last, target.email);
  for (let i = 1; i <= FILLERS; i += 6) {
    await Promise.all(
      Array.from({ length: Math.min(6, FILLERS + 1 - i) }, (_, j) => register(baseURL!, i + j, 'Filler', `${tag} ${letters(i + j)}`, uniqueEmail(`filler${tag.toLowerCase()}`))),
    );
  }

  await loginAs(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin/users');
  await page.getByRole('button', { name: 'All accounts' }).click();
  await expect(page).toHaveURL(/\/admin\/users\?view=accounts$/);
  const table = page.getByRole('table', { name: 'Accounts' });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(50);
  await expect(table).toContainText('Filler');
  await expect(table).not.toContainText(target.email);

  await page.getByRole('searchbox', { name: 'Search' }).fill(`target ${tag.toLowerCase()}`);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(target.email);
  await expect(rows.first()).toContainText(`${target.first} ${target.last}`);
  await expect(page.getByRole('status').filter({ hasText: 'account' })).toHaveText('1 account match.');
  const url = new URL(page.url());
  expect(url.searchParams.get('q')).toBe(`target ${tag.toLowerCase()}`);
  expect(url.searchParams.get('view')).toBe('accounts');

  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(`target ${tag.toLowerCase()}`);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(target.email);
  await page.screenshot({ path: test.info().outputPath('admin-users-search.png'), fullPage: true });

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /Export CSV/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = parseCsv((await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, ''));
  expect(csv[0]).toContain('Email');
  const emailAt = csv[0]!.indexOf('Email');
  expect(csv.slice(1).map((r) => r[emailAt])).toEqual([target.email]);

  // Clearing the search brings back the whole list.
  await page.getByRole('searchbox', { name: 'Search' }).fill('');
  await expect(rows).toHaveCount(50);
  await expect(page).toHaveURL(/\/admin\/users\?view=accounts$/);
});
