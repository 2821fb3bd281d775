/**
 * Pages (issue 10): an admin-edited field cannot run script in visitors' browsers. A property titled
 * `</script><script>…` renders as text, its JSON-LD stays data, and every page's Content-Security-Policy
 * refuses inline scripts that are not Astro's own (hashed) — while islands still hydrate and the admin
 * app still mounts under that policy.
 */
import { type APIRequestContext, type BrowserContext, type Page, expect, test } from '@playwright/test';
import { demoPng } from '@modules/kyc/demo-files';

const ADMIN = { username: 'admin', password: 'ManzilAdmin#2026' };
const HOSTILE = '</script><script>window.__pwned=1</script>';

async function call(ctx: BrowserContext, method: string, path: string, data?: unknown, multipart?: Record<string, unknown>) {
  const request: APIRequestContext = ctx.request;
  const base = test.info().project.use.baseURL!;
  const xsrf = (await ctx.cookies(base)).find((c) => c.name === 'XSRF-TOKEN')?.value;
  const headers: Record<string, string> = { origin: base };
  if (xsrf) headers['x-csrf-token'] = decodeURIComponent(xsrf);
  const res = await request.fetch(path, { method, headers, ...(multipart ? { multipart: multipart as never } : data !== undefined ? { data } : {}) });
  const text = await res.text();
  expect([200, 201], `${method} ${path}: ${text.slice(0, 300)}`).toContain(res.status());
  return JSON.parse(text);
}

async function signInAdmin(ctx: BrowserContext) {
  await ctx.request.get('/api/auth/session-debug'); // the XSRF-TOKEN cookie
  await call(ctx, 'POST', '/api/auth/login', ADMIN);
}

/** The script-src of a policy, or '' when it has none. */
const scriptSrc = (csp: string | null) => (csp ?? '').split(';').map((d) => d.trim()).find((d) => /^script-src\s/.test(d)) ?? '';

/** Collects page errors and CSP refusals while `visit` runs. */
async function watch(page: Page, visit: () => Promise<void>) {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to (execute|load)/i.test(m.text())) problems.push(`csp: ${m.text()}`);
  });
  await visit();
  return problems;
}

const hydrated = (page: Page) => page.waitForFunction(() => !document.querySelector('astro-island[ssr]:not([client="visible"])'), undefined, { timeout: 10_000 });

test('a hostile property title renders inert on /property/<slug>', async ({ page, browser }) => {
  const admin = await browser.newContext();
  await signInAdmin(admin);
  const tag = Date.now().toString(36).slice(-6).toUpperCase();
  const created = await call(admin, 'POST', '/api/admin/properties', {
    title: `Marina loft ${HOSTILE}`,
    summary: `A loft in Dubai Marina ${HOSTILE}`,
    description: 'A 900 sq ft loft over the marina walk.',
    community: 'Dubai Marina',
    city: 'Dubai',
    propertyType: 'apartment',
    bedrooms: 1,
    bathrooms: 1,
    sizeSqft: 900,
    features: ['Marina view', HOSTILE],
    sharePrice: '10000',
    totalShares: String(20_000n * 10_000n),
    purchasePrice: '190000000',
    acquisitionCosts: '10000000',
    valuation: '200000000',
    annualRent: '13000000',
    serviceCharges: '1500000',
    maintenanceCosts: '400000',
    managementFeeBps: 500,
    occupancyBps: 9500,
    projectedAppreciationBps: 500,
    fundingDeadline: '2099-01-31',
    reference: `MZ-XSS-${tag}`,
  });
  await call(admin, 'POST', `/api/admin/properties/${created.id}/photos`, undefined, {
    alt: `Living room ${HOSTILE}`,
    file: { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from(demoPng(640, 400)) },
  });
  await call(admin, 'POST', `/api/admin/properties/${created.id}/publish`);
  const slug = (created.slug ?? created.id) as string;

  let status = 0;
  let csp: string | null = null;
  const problems = await watch(page, async () => {
    const res = await page.goto(`/property/${slug}`);
    status = res!.status();
    csp = res!.headers()['content-security-policy'] ?? null;
    await hydrated(page);
  });
  expect(status).toBe(200);
  // The title is text, the JSON-LD is data that still parses to the same title, and nothing ran.
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Marina loft ${HOSTILE}`);
  const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(ld.join('')).not.toContain('</script');
  expect(ld.map((t) => JSON.stringify(JSON.parse(t))).join('')).toContain(JSON.stringify(`Marina loft ${HOSTILE}`).slice(1, -1));
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await page.locator('script:not([type]), script[type="module"], script[type="text/javascript"]').evaluateAll((els) => els.filter((e) => e.textContent?.includes('__pwned')).length)).toBe(0);
  expect(problems).toEqual([]);
  // The on-demand page's policy refuses inline scripts: hashes only.
  expect(scriptSrc(csp)).toMatch(/^script-src 'self'/);
  expect(scriptSrc(csp)).not.toContain("'unsafe-inline'");
  expect(scriptSrc(csp)).toContain("'sha256-");
  await admin.close();
});

test('every kind of page sends a script policy without unsafe-inline, and islands still hydrate under it', async ({ page, browser }) => {
  test.setTimeout(90_000); // five public pages and the admin app, each loaded and hydrated
  for (const path of ['/', '/properties', '/learn', '/login', '/no-such-page']) {
    let csp: string | null = null;
    const problems = await watch(page, async () => {
      const res = await page.goto(path);
      csp = res!.headers()['content-security-policy'] ?? null;
      await hydrated(page);
    });
    expect(scriptSrc(csp), path).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+$/);
    expect(csp, path).toContain("object-src 'none'");
    expect(csp, path).toContain("frame-ancestors 'none'");
    expect(problems, path).toEqual([]);
  }
  // The login dialog (a hydrated island) works under the policy.
  await page.goto('/login');
  await expect(page.getByRole('dialog', { name: 'Login to Your Account' })).toBeVisible();

  // The admin app (client:only, code-split screens) mounts under the policy.
  const admin = await browser.newContext();
  await signInAdmin(admin);
  const adminPage = await admin.newPage();
  let csp: string | null = null;
  const problems = await watch(adminPage, async () => {
    const res = await adminPage.goto('/admin/properties');
    csp = res!.headers()['content-security-policy'] ?? null;
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Properties' })).toBeVisible();
  });
  expect(scriptSrc(csp)).not.toContain("'unsafe-inline'");
  expect(problems).toEqual([]);
  await admin.close();
});

test('an inline script that is not one of Astro’s is refused by the browser', async ({ page }) => {
  const refusals: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) refusals.push(m.text());
  });
  await page.goto('/');
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__pwned = 1';
    document.body.append(s);
  });
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect.poll(() => refusals.length).toBeGreaterThan(0);
});
