/**
 * The community end to end (issue #16): a verified investor starts a discussion, replies and reacts on the
 * server-rendered pages; an admin locks the discussion and hides it from /admin/community, with reasons; the
 * investor sees the lock, then the discussion is gone.
 */
import { expect, test } from '@playwright/test';
import { loginAs } from './support';

const ADMIN = { username: 'admin', password: 'ManzilAdmin#2026' };
const AISHA = { username: 'aisha.alhashimi@example.ae', password: 'ManzilInvest#2026' };

test.describe('community', () => {
  test.describe.configure({ timeout: 120_000 });

  test('post, reply and react as a verified investor; lock and hide as an admin', async ({ browser }) => {
    const title = `Valuation day for Sidra ${Date.now().toString(36)}`;
    const investor = await (await browser.newContext()).newPage();
    await loginAs(investor, AISHA.username, AISHA.password);

    // The seeded discussions are in the server's HTML, with real counts.
    await investor.goto('/community/rental-income');
    await expect(investor.getByRole('link', { name: 'Sidra villa: first distributions' })).toBeVisible();
    await expect(investor.getByRole('navigation', { name: 'Discussion categories' }).getByRole('link', { name: /Rental income\s*1 discussions/ })).toBeVisible();

    await investor.getByRole('button', { name: 'Start a discussion' }).click();
    await investor.getByLabel('Title').fill(title);
    await investor.getByLabel('Your question or experience').fill('When is the **next valuation** published?\n\n<script>alert(1)</script>');
    await investor.getByLabel('About a property (optional)').fill('MZ-DXB-003');
    await investor.getByRole('button', { name: 'Post discussion' }).click();
    await expect(investor.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(investor.locator('article strong', { hasText: 'next valuation' })).toBeVisible();
    await expect(investor.getByText('<script>alert(1)</script>')).toBeVisible();
    await expect(investor.locator('article').getByText('Holder').first()).toBeVisible();

    await investor.getByLabel('Your reply').fill('Adding: the last one was in the documents tab.');
    await investor.getByRole('button', { name: 'Post reply' }).click();
    const reply = investor.getByRole('region', { name: 'Post by Aisha A.' }).filter({ hasText: 'the last one was in the documents tab' });
    await expect(reply).toBeVisible();
    const helpful = reply.getByRole('button', { name: /Helpful/ });
    await helpful.click();
    await expect(helpful).toHaveAttribute('aria-pressed', 'true');
    await expect(helpful).toHaveText('Helpful 1');
    const threadUrl = investor.url().split('?')[0]!;

    const admin = await (await browser.newContext()).newPage();
    await loginAs(admin, ADMIN.username, ADMIN.password);
    await admin.goto('/admin/community');
    await admin.getByRole('button', { name: `Lock the discussion ${title}` }).first().click();
    let dialog = admin.getByRole('dialog', { name: 'Lock the discussion' });
    await dialog.getByLabel(/Reason/).fill('Answered by the team; closing replies.');
    await dialog.getByRole('button', { name: 'Lock' }).click();
    await expect(dialog).toBeHidden();

    await investor.goto(threadUrl);
    await expect(investor.getByText('This discussion is locked by a moderator and no longer takes replies.')).toBeVisible();

    const openingRow = admin.getByRole('row').filter({ has: admin.getByRole('link', { name: title, exact: true }) });
    await openingRow.getByRole('button', { name: 'Hide the post by Aisha A.' }).click();
    dialog = admin.getByRole('dialog', { name: 'Hide the post' });
    await dialog.getByLabel(/Reason/).fill('Duplicate of an older discussion.');
    await dialog.getByRole('button', { name: 'Hide post' }).click();
    await expect(dialog).toBeHidden();

    const gone = await investor.goto(threadUrl);
    expect(gone?.status()).toBe(404);
  });
});
