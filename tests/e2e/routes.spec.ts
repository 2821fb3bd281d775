/**
 * Every route of the spec's route table (§2) answers 200 with the real layout; route matching is
 * case-insensitive with an optional trailing slash (§9); unknown paths get the 404 page; security
 * headers, sitemap, robots and the home page's share metadata are in place.
 * HTTP only (the `request` fixture), except the dialog checks at the end.
 */
import { expect, test } from '@playwright/test';
import { adminRoutes, dynamicRouteExamples, investorRoutes, publicRoutes } from '@site/lib/routes';
import { firstH1, LAYOUT_ROOT, metaContent, titleOf } from './support';

const allRoutes = [...publicRoutes, ...investorRoutes, ...adminRoutes, ...dynamicRouteExamples];

test.describe('every route in the route table', () => {
  for (const route of allRoutes) {
    test(`${route} answers 200 with the layout`, async ({ request }) => {
      const res = await request.get(route, { maxRedirects: 0 });
      expect(res.status(), `${route} status`).toBe(200);
      expect(res.headers()['content-type']).toContain('text/html');
      const html = await res.text();
      expect(html, `${route} renders the real layout`).toMatch(LAYOUT_ROOT);
      expect(firstH1(html), `${route} is not the 404 page`).not.toBe('Page Not Found');
    });
  }
});

test.describe('route matching is case-insensitive and allows a trailing slash', () => {
  const variants: [variant: string, canonical: string][] = [
    ['/ABOUT', '/about'],
    ['/Learn', '/learn'],
    ['/TERMS', '/terms'],
    ['/Properties', '/properties'],
    ['/DASHBOARD', '/dashboard'],
    ['/KYC/Personal', '/kyc/personal'],
    ['/Auth/Forgot-Password', '/auth/forgot-password'],
    ['/ADMIN/USERS', '/admin/users'],
    ['/Admin/Financial/Ledger', '/admin/financial/ledger'],
    ['/PROPERTY/MARINA-GATE-TWO-BEDROOM-SEA-VIEW', '/property/marina-gate-two-bedroom-sea-view'],
    ['/about/', '/about'],
    ['/contact/', '/contact'],
    ['/properties/', '/properties'],
    ['/kyc/review/', '/kyc/review'],
    ['/admin/erp/', '/admin/erp'],
    ['/property/marina-gate-two-bedroom-sea-view/', '/property/marina-gate-two-bedroom-sea-view'],
    ['/Privacy/', '/privacy'],
  ];
  for (const [variant, canonical] of variants) {
    test(`${variant} serves ${canonical}`, async ({ request }) => {
      const [res, ref] = await Promise.all([request.get(variant, { maxRedirects: 0 }), request.get(canonical, { maxRedirects: 0 })]);
      expect(res.status(), variant).toBe(200);
      const html = await res.text();
      expect(html).toMatch(LAYOUT_ROOT);
      const refHtml = await ref.text();
      expect(titleOf(html), `${variant} is the same page as ${canonical}`).toBe(titleOf(refHtml));
      expect(firstH1(html)).toBe(firstH1(refHtml));
    });
  }
});

test.describe('unknown paths', () => {
  for (const path of ['/nope', '/admin/nope', '/kyc/nope', '/onboarding/nope', '/NOPE/', '/learn/no-such-article', '/admin/users/nope', '/property/marina-vista-2br']) {
    test(`${path} answers 404 with 'Page Not Found'`, async ({ request }) => {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status()).toBe(404);
      expect(res.headers()['content-type']).toContain('text/html');
      const html = await res.text();
      expect(firstH1(html)).toBe('Page Not Found');
      expect(html).toMatch(LAYOUT_ROOT);
    });
  }

  test('/api/nope answers 404 JSON { message, error }', async ({ request }) => {
    const res = await request.get('/api/nope');
    expect(res.status()).toBe(404);
    expect(res.headers()['content-type']).toContain('application/json');
    const body = await res.json();
    expect(typeof body.message).toBe('string');
    expect(body.message.length).toBeGreaterThan(0);
    expect(typeof body.error).toBe('string');
  });
});

test.describe('security headers', () => {
  for (const [what, path, status] of [
    ['a prerendered page', '/', 200],
    ['an on-demand page', '/properties', 200],
    ['the 404 page', '/nope', 404],
    ['an API response', '/api/health', 200],
    ['an API error', '/api/nope', 404],
  ] as const) {
    test(`on ${what} (${path})`, async ({ request }) => {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status()).toBe(status);
      const h = res.headers();
      expect(h['content-security-policy'], 'CSP').toMatch(/frame-ancestors '(none|self)'/);
      expect(h['x-content-type-options']).toBe('nosniff');
      expect(h['referrer-policy']).toBeTruthy();
    });
  }
});

test.describe('crawlers', () => {
  test('sitemap lists public pages and no private ones', async ({ request }) => {
    const index = await request.get('/sitemap-index.xml');
    expect(index.status()).toBe(200);
    expect(index.headers()['content-type']).toContain('xml');
    const indexXml = await index.text();
    expect(indexXml).toContain('<sitemapindex');
    const locs = [...indexXml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    expect(locs.length).toBeGreaterThan(0);
    const urls: string[] = [];
    for (const loc of locs) {
      const res = await request.get(loc);
      expect(res.status(), loc).toBe(200);
      urls.push(...[...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname.replace(/\/$/, '') || '/'));
    }
    for (const p of ['/', '/about', '/contact', '/learn', '/terms', '/privacy']) expect(urls, `sitemap has ${p}`).toContain(p);
    for (const p of urls) expect(p, 'sitemap has no private or duplicate page').not.toMatch(/^\/(admin|dashboard|wallet|kyc|checkout|notifications|onboarding|login|signup|home)(\/|$)/);
  });

  test('robots.txt points to the sitemap and keeps crawlers out of private areas', async ({ request }) => {
    const res = await request.get('/robots.txt');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('text/plain');
    const txt = await res.text();
    expect(txt).toMatch(/^Sitemap: \S+\/sitemap-index\.xml$/m);
    expect(txt).toMatch(/^Disallow: \/admin/m);
    expect(txt).toMatch(/^Disallow: \/api\//m);
  });
});

test.describe('home page', () => {
  test('has a title, a description and share metadata with a real image', async ({ request }) => {
    const html = await (await request.get('/')).text();
    expect(titleOf(html)).toContain('Manzil');
    expect(metaContent(html, 'description')?.length ?? 0).toBeGreaterThan(40);
    expect(metaContent(html, 'og:title')).toBeTruthy();
    expect(metaContent(html, 'og:description')).toBeTruthy();
    const image = metaContent(html, 'og:image');
    expect(image).toMatch(/^https?:\/\//);
    const img = await request.get(new URL(image!).pathname);
    expect(img.status(), `og:image ${image} is served`).toBe(200);
    expect(img.headers()['content-type']).toMatch(/^image\//);
  });

  for (const path of ['/home', '/login', '/signup']) {
    test(`${path} renders the home page`, async ({ request }) => {
      const [home, other] = await Promise.all([request.get('/'), request.get(path, { maxRedirects: 0 })]);
      expect(other.status()).toBe(200);
      const hero = firstH1(await home.text());
      expect(hero).toBeTruthy();
      expect(firstH1(await other.text())).toBe(hero);
    });
  }
});

test.describe('sign-in area dialogs', () => {
  test('/login opens the login dialog over the home page', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('dialog').getByRole('heading', { name: 'Login to Your Account' })).toBeVisible();
  });

  test('/signup opens the signup dialog over the home page', async ({ page }) => {
    await page.goto('/signup');
    await expect(page.getByRole('dialog').getByRole('heading', { name: 'Create Your Account' })).toBeVisible();
  });
});
