/**
 * The property catalogue end to end (issue 6): the demo catalogue is there on first start, rendered on
 * the server (cards, funding progress, JSON-LD, Open Graph, the sitemap); the filters narrow it; a
 * property page shows its figures and an invest panel that follows the visitor's currency (INR here)
 * and quotes shares, fees and the all-in cost before checkout; an unknown property is a real 404; and a
 * property an admin creates and publishes appears in the catalogue at once.
 */
import { type BrowserContext, expect, test } from '@playwright/test';
import { demoPng } from '@modules/kyc/demo-files';
import { convertMinor, formatMoney } from '@modules/platform/contract';
import { unitsForAmount, unitsToShareString } from '@modules/properties/contract';
import { firstH1, metaContent } from './support';

const MARINA = '/property/marina-gate-two-bedroom-sea-view';

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap(([, json]) => {
    const parsed = JSON.parse(json!);
    return Array.isArray(parsed) ? parsed : [parsed];
  });
}

test.describe('the catalogue', () => {
  test('lists the demo properties, rendered on the server', async ({ request }) => {
    const res = await request.get('/properties');
    expect(res.status()).toBe(200);
    const html = await res.text();
    // Real content in the HTML itself (no script needed): cards, titles, funding progress.
    expect((html.match(/<article\b/g) ?? []).length).toBeGreaterThanOrEqual(6);
    expect(html).toContain('Marina Gate two-bedroom with sea view');
    expect(html).toContain('Saadiyat Beach Residences three-bedroom');
    expect((html.match(/role="progressbar"/g) ?? []).length).toBeGreaterThanOrEqual(6);
    const list = jsonLd(html).find((d) => d['@type'] === 'ItemList') as { itemListElement: { url: string }[] };
    expect(list.itemListElement.length).toBeGreaterThanOrEqual(6);
    expect(list.itemListElement.some((i) => i.url.endsWith(MARINA))).toBe(true);
    expect(metaContent(html, 'og:image')).toMatch(/\/properties\/og\/.+\.jpg$/);
  });

  test('filters by location, type and status, and keeps the choice in the address', async ({ page }) => {
    await page.goto('/properties');
    const cards = page.locator('article');
    const all = await cards.count();
    expect(all).toBeGreaterThanOrEqual(6);

    await page.getByLabel('Location').selectOption({ label: 'All of Abu Dhabi' });
    await page.getByRole('button', { name: 'Show properties' }).click();
    await expect(page).toHaveURL(/location=abu-dhabi/);
    const auh = await cards.count();
    expect(auh).toBeGreaterThan(0);
    expect(auh).toBeLessThan(all);
    for (const text of await cards.allTextContents()) expect(text).toContain('Abu Dhabi');

    await page.getByLabel('Location').selectOption('');
    await page.getByLabel('Property type').selectOption('villa');
    await page.getByRole('button', { name: 'Show properties' }).click();
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Dubai Hills Estate');

    await page.goto('/properties?status=open&sort=funded');
    const funded = await cards.locator('[role="progressbar"]').evaluateAll((bars) => bars.map((b) => Number(b.getAttribute('aria-valuenow'))));
    expect(funded.length).toBeGreaterThan(1);
    expect(funded).toEqual([...funded].sort((a, b) => b - a));
    for (const text of await cards.allTextContents()) expect(text).toContain('Open for funding');

    await page.goto('/properties?q=no-such-community-anywhere');
    await expect(page.getByRole('heading', { name: 'No properties match these filters' })).toBeVisible();
  });
});

test.describe('a property page', () => {
  test('shows the property, its documents and structured data', async ({ request }) => {
    const res = await request.get(MARINA);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(firstH1(html)).toBe('Marina Gate two-bedroom with sea view');
    expect(metaContent(html, 'og:title')).toContain('Marina Gate two-bedroom with sea view');
    expect(metaContent(html, 'og:image')).toMatch(/marina-gate-two-bedroom-sea-view\.jpg$/);
    const listing = jsonLd(html).find((d) => d['@type'] === 'RealEstateListing') as { offers: { priceCurrency: string; price: string }; about: { address: { addressLocality: string } } };
    expect(listing.offers).toMatchObject({ priceCurrency: 'AED', price: '100.00' });
    expect(listing.about.address.addressLocality).toBe('Dubai Marina');
    for (const doc of ['Title deed', 'Valuation report', 'Vehicle documents']) expect(html).toContain(doc);
    // The documents open.
    const deed = /href="(\/properties\/docs\/[^"]+title-deed\.pdf)"/.exec(html)?.[1];
    expect(deed).toBeTruthy();
    const pdf = await request.get(deed!);
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    // The reference and the slug reach the same page.
    expect((await request.get('/property/MZ-DXB-001')).status()).toBe(200);
  });

  test('quotes an investment in the visitor’s currency (INR) before checkout', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('manzil.currency', 'INR'));
    await page.goto(MARINA);
    const panel = page.locator('[data-invest-panel]');
    await expect(panel.getByText('Amount in INR')).toBeVisible();
    const amount = panel.getByLabel(/Amount/);
    // The default AED 1,000 re-expressed in rupees.
    await expect(amount).toHaveValue('22752.04');
    await expect(panel.locator('[data-quote-shares]')).toContainText('10 shares');
    await expect(panel.locator('[data-quote-total]')).toHaveText(formatMoney(convertMinor(100_000n, 'AED', 'INR'), 'INR'));

    // ₹50,000 → AED 2,197.60 (half-even), which buys 21.976 shares of AED 100.
    await amount.fill('50000');
    const fils = convertMinor(5_000_000n, 'INR', 'AED');
    expect(fils).toBe(219_760n);
    await expect(panel.locator('[data-quote-shares]')).toContainText(`${unitsToShareString(unitsForAmount(fils, 10_000n))} shares`);
    await expect(panel.getByText(/Net yield after fees/)).toBeVisible();
    await expect(panel.locator('[data-quote-yield]')).toHaveText(/^\d+\.\d+%$/);
    // A deposit by credit card adds its 2.5% charge and 5% VAT on it to the all-in cost.
    await panel.getByLabel('Paying with').selectOption('credit-card');
    await expect(panel.getByText(/Transaction charge \(Credit card, 2\.5%\)/)).toBeVisible();
    await expect(panel.getByText(/VAT on fees/)).toBeVisible();
    const cta = panel.getByRole('link', { name: 'Continue to checkout' });
    const href = await cta.getAttribute('href');
    expect(href).toMatch(/^\/checkout\?property=[0-9a-f-]{36}&amount=\d+/);
    expect(new URL(href!, 'http://x').searchParams.get('amount')).toBe(fils.toString());

    // Under the minimum (AED 200) the panel says so and offers no checkout.
    await amount.fill('1000');
    await expect(panel.getByRole('alert')).toContainText('The minimum investment is ₹4,550.41');
    await expect(panel.getByRole('link', { name: 'Continue to checkout' })).toHaveCount(0);
  });

  test('an unknown property answers 404 with the 404 page', async ({ request }) => {
    for (const path of ['/property/no-such-property', '/property/00000000-0000-4000-8000-000000000000', '/property/mz-dxb-005']) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(404);
      expect(firstH1(await res.text())).toBe('Page Not Found');
    }
  });

  test('every published property is in the sitemap', async ({ request }) => {
    const index = await (await request.get('/sitemap-index.xml')).text();
    expect(index).toContain('/sitemap-properties');
    const res = await request.get('/sitemap-properties');
    expect(res.headers()['content-type']).toContain('xml');
    const xml = await res.text();
    expect(xml).toContain(`${MARINA}</loc>`);
    expect(xml).not.toContain('business-bay-penthouse-canal'); // a draft
  });
});

test.describe('administration', () => {
  async function csrfCall(ctx: BrowserContext, method: string, path: string, opts: { data?: unknown; multipart?: Record<string, unknown> } = {}) {
    const base = test.info().project.use.baseURL!;
    const xsrf = (await ctx.cookies(base)).find((c) => c.name === 'XSRF-TOKEN')?.value;
    const res = await ctx.request.fetch(path, { method, headers: { origin: base, ...(xsrf ? { 'x-csrf-token': decodeURIComponent(xsrf) } : {}) }, ...(opts.multipart ? { multipart: opts.multipart as never } : opts.data !== undefined ? { data: opts.data } : {}) });
    return { status: res.status(), body: await res.json().catch(() => null) };
  }

  test('a property an admin publishes is in the catalogue straight away', async ({ page, context }) => {
    await context.request.get('/api/auth/session-debug');
    expect((await csrfCall(context, 'POST', '/api/auth/login', { data: { username: 'admin', password: 'ManzilAdmin#2026' } })).status).toBe(200);
    // The listing is read first, so a cached copy of it exists.
    await page.goto('/properties');
    const tag = Date.now().toString(36).toUpperCase();
    const created = await csrfCall(context, 'POST', '/api/admin/properties', {
      data: {
        title: `Al Barari garden villa ${tag}`,
        summary: 'A five-bedroom villa among the gardens of Al Barari.',
        description: 'A 6,200 sq ft villa on a landscaped plot.',
        community: 'Al Barari',
        city: 'Dubai',
        propertyType: 'villa',
        bedrooms: 5,
        bathrooms: 6,
        sizeSqft: 6200,
        sharePrice: '25000',
        totalShares: String(52_000n * 10_000n),
        purchasePrice: '1200000000',
        acquisitionCosts: '80000000',
        valuation: '1250000000',
        annualRent: '78000000',
        fundingDeadline: '2099-06-30',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    const photo = await csrfCall(context, 'POST', `/api/admin/properties/${id}/photos`, { multipart: { alt: 'The villa and its garden', file: { name: 'villa.png', mimeType: 'image/png', buffer: Buffer.from(demoPng()) } } });
    expect(photo.status, JSON.stringify(photo.body)).toBe(201);
    expect((await csrfCall(context, 'POST', `/api/admin/properties/${id}/publish`)).status).toBe(200);

    await page.goto('/properties?sort=newest');
    await expect(page.locator('article').first()).toContainText(`Al Barari garden villa ${tag}`);
    await page.locator('article').first().getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Al Barari garden villa ${tag}`);

    // The admin screen lists it with its audit trail.
    await page.goto(`/admin/properties?property=${id}`);
    await expect(page.getByRole('heading', { name: `Al Barari garden villa ${tag}` })).toBeVisible();
    await page.getByRole('tab', { name: 'Activity' }).click();
    await expect(page.getByRole('cell', { name: /Publish for funding/ })).toBeVisible();
  });
});
