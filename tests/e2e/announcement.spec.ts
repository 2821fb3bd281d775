/**
 * An announcement to the holders of one property (issue #16 journey): the admin opens /admin/communications,
 * composes an announcement from a template to "Holders of <the Sidra villa>", sends it now and reads its delivery
 * figures; a holder (the verified demo investor) finds it in her notifications, an investor who holds nothing of
 * it does not; the outbox has its emails for exactly the holders.
 *
 * Who holds the property is worked out through the admin API (its active investments), not written down here. The
 * property is funded, so nobody can buy into it while the journey runs.
 */
import { type BrowserContext, expect, test } from '@playwright/test';
import { DEMO_INVESTORS, DEMO_VERIFIED_INVESTOR_PASSWORD } from '@modules/investing/seed';
import { adminContext, call, ok, ownAddress, PASSWORD } from './journeys';
import { loginAs, uniqueEmail } from './support';

const REFERENCE = 'MZ-DXB-003';
const TEMPLATE = 'Rental distribution paid';

type Investment = { investor: { id: string; email: string }; property: { id: string; title: string } };

/** The property's holders: the investors with an active investment in it (through the admin API). */
async function holdersOf(admin: BrowserContext, reference: string) {
  const page = await ok(call(admin, 'GET', `/api/admin/investments?propertyId=${reference}&status=active&limit=200`));
  const items = page.items as Investment[];
  expect(page.total, 'every investment on one page').toBe(items.length);
  expect(items.length, `${reference} has investors in the demo data`).toBeGreaterThan(0);
  const emails = [...new Set(items.map((i) => i.investor.email.toLowerCase()))].sort();
  return { property: items[0]!.property, emails };
}

/** The titles of someone's notifications (newest first), through the API. */
async function notificationTitles(ctx: BrowserContext): Promise<string[]> {
  const page = await ok(call(ctx, 'GET', '/api/notifications?limit=100'));
  return (page.items as { title: string }[]).map((n) => n.title);
}

test('an admin sends an announcement to the holders of one property: they get it in the app and by email, nobody else does', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const admin = await browser.newContext();
  await adminContext(admin);
  const { property, emails: holders } = await holdersOf(admin, REFERENCE);
  const holder = DEMO_INVESTORS[0]!;
  expect(holders, 'the verified demo investor holds the property').toContain(holder.email);

  // An investor with an account and no holding of the property.
  const outsider = await browser.newContext(ownAddress(61));
  const outsiderEmail = uniqueEmail('announce');
  await call(outsider, 'GET', '/api/auth/session-debug');
  await ok(call(outsider, 'POST', '/api/auth/register', { email: outsiderEmail, password: PASSWORD, firstName: 'Rania', lastName: 'Odeh', phone: '+971 50 765 4321', terms: true }));
  expect(holders).not.toContain(outsiderEmail);

  // The admin composes it from the template, for the holders of the property, and sends it now.
  const tag = `ref ${Date.now().toString(36)}`;
  await loginAs(page, 'admin', 'ManzilAdmin#2026');
  await page.goto('/admin/communications');
  // The back office loads its screens on demand: on a cold server the first visit fetches many chunks.
  const tabs = page.getByRole('tablist', { name: 'Communications' });
  await expect(tabs).toBeVisible({ timeout: 30_000 });
  await tabs.getByRole('tab', { name: 'Announcements' }).click();
  await expect(page.getByRole('tab', { name: 'Announcements' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'New announcement' }).click();
  const dialog = page.getByRole('dialog', { name: 'New announcement' });
  await dialog.getByLabel('Template').selectOption({ label: TEMPLATE });
  const subjectBox = dialog.getByLabel('Subject');
  await expect(subjectBox).toHaveValue('Your rental income from {{propertyTitle}} has been paid');
  await expect(dialog.getByLabel('Message')).toHaveValue(/\{\{firstName\}\}.*\{\{propertyTitle\}\}/s);
  // A tag on the subject tells this announcement apart from any other made from the same template.
  await subjectBox.fill(`Your rental income from {{propertyTitle}} has been paid (${tag})`);
  await dialog.getByLabel('Send to').selectOption({ label: 'Holders of a property' });
  await dialog.getByLabel('Property').selectOption({ label: property.title });
  // The live count (the same segment query the send uses); counting can take a while on a busy server.
  await expect(dialog.getByRole('status')).toHaveText(`${holders.length} ${holders.length === 1 ? 'person' : 'people'} in “Holders of ${property.title}” right now.`, { timeout: 20_000 });
  await expect(dialog.getByRole('checkbox', { name: 'In the app (notifications)' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'By email' })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'Send now' })).toBeChecked();
  await dialog.getByRole('button', { name: `Send now to ${holders.length}` }).click();
  // Sending writes every notification and email before it answers.
  await expect(dialog).toBeHidden({ timeout: 20_000 });

  // The delivery figures: everyone in the segment, in the app and by email (nobody in the demo turned them off).
  const subject = `Your rental income from ${property.title} has been paid (${tag})`;
  const sent = page.getByRole('region', { name: `Announcement sent: “Your rental income from {{propertyTitle}} has been paid (${tag})”` });
  const n = holders.length;
  await expect(sent.getByRole('status')).toHaveText(
    `Sent to ${n} ${n === 1 ? 'person' : 'people'} in “Holders of ${property.title}”: ${n} in the app, ${n} ${n === 1 ? 'email' : 'emails'} queued, 0 skipped because announcement emails are off.`,
  );
  // The table lists it too, with the same recipients.
  const row = page.getByRole('table', { name: 'Announcements' }).getByRole('row').filter({ has: page.getByRole('button', { name: new RegExp(tag) }) });
  await expect(row.getByRole('cell', { name: `Holders of ${property.title}` })).toBeVisible();
  await expect(row.getByRole('cell', { name: String(n), exact: true }).first()).toBeVisible();

  // The emails: one per holder, no one else (the outbox rows of this announcement).
  const [announcement] = (await ok(call(admin, 'GET', `/api/admin/communications/announcements?q=${encodeURIComponent(tag)}`))).items as { id: string; figures: { recipients: number } }[];
  expect(announcement!.figures.recipients).toBe(n);
  const outbox = await ok(call(admin, 'GET', `/api/admin/outbox?kind=${encodeURIComponent(`announcement.${announcement!.id}`)}&limit=200`));
  const mail = outbox.items as { to: string; subject: string; text: string }[];
  expect(mail.map((m) => m.to.toLowerCase()).sort()).toEqual(holders);
  const hers = mail.find((m) => m.to.toLowerCase() === holder.email)!;
  expect(hers.subject).toBe(subject);
  expect(hers.text).toContain(`Good news, ${holder.firstName}`);
  expect(hers.text).toMatch(/\/unsubscribe\?token=/);

  // The holder sees it in her notifications.
  const holderPage = await (await browser.newContext()).newPage();
  await loginAs(holderPage, holder.email, DEMO_VERIFIED_INVESTOR_PASSWORD);
  await holderPage.goto('/notifications');
  await expect(holderPage.getByRole('list', { name: 'Notifications' }).getByRole('listitem', { name: subject })).toBeVisible();
  expect(await notificationTitles(holderPage.context())).toContain(subject);

  // The investor who holds none of it does not: their feed has loaded, without it.
  const outsiderPage = await outsider.newPage();
  await outsiderPage.goto('/notifications');
  await expect(outsiderPage.getByRole('list', { name: 'Notifications' }).or(outsiderPage.getByRole('heading', { name: 'No notifications yet' }))).toBeVisible();
  await expect(outsiderPage.getByText(tag)).toHaveCount(0);
  expect((await notificationTitles(outsider)).some((t) => t.includes(tag))).toBe(false);

  await Promise.all([admin.close(), outsider.close(), holderPage.context().close()]);
});
