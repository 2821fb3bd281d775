/**
 * §2 general behaviour, in the browser: the 3 s progress bar, the 'Loading content...' spinner that
 * waits 300 ms before it shows, the 3 s preload of the main screens, the error fallback around the
 * dashboard, notifications and every KYC step, and toasts (one at a time, F8 focuses them).
 */
import { expect, type Page, test } from '@playwright/test';
import { KYC_STEPS, kycFallbackName } from '@site/components/kyc/steps';
import { preloadRoutes } from '@site/lib/routes';

test.describe('progress bar', () => {
  for (const path of ['/', '/about', '/dashboard']) {
    test(`runs for 3 s on ${path}`, async ({ page }) => {
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      const bar = page.locator('.progress-bar');
      await expect(bar).toHaveCount(1);
      const { duration, name } = await bar.evaluate((el) => {
        const s = getComputedStyle(el);
        return { duration: s.animationDuration, name: s.animationName };
      });
      expect(name).not.toBe('none');
      expect(duration).toBe('3s');
    });
  }
});

/**
 * Records, for every element showing 'Loading content...', when it entered the page and when it first
 * became visible to the eye (effective opacity > 0.05), sampled every animation frame.
 */
async function recordSpinners(page: Page) {
  await page.addInitScript(() => {
    type Rec = { seenAt: number; shownAt: number | null };
    const records = new Map<Element, Rec>();
    (globalThis as any).__spinners = records;
    const opacity = (el: Element | null) => {
      let o = 1;
      for (; el; el = el.parentElement) {
        const s = getComputedStyle(el);
        if (s.display === 'none' || s.visibility === 'hidden') return 0;
        o *= Number(s.opacity);
      }
      return o;
    };
    const tick = () => {
      const now = performance.now();
      for (const el of document.querySelectorAll('[role="status"], span, div, p')) {
        if (el.childElementCount > 0 && el.getAttribute('role') !== 'status') continue;
        if (!/Loading content\.\.\./.test(el.textContent ?? '')) continue;
        const key = el.closest('[role="status"]') ?? el;
        if (!records.has(key)) records.set(key, { seenAt: now, shownAt: null });
        const rec = records.get(key)!;
        if (rec.shownAt === null && key.isConnected && opacity(key) > 0.05) rec.shownAt = now;
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  return async () =>
    page.evaluate(() => [...((globalThis as any).__spinners as Map<Element, { seenAt: number; shownAt: number | null }>).values()]);
}

test.describe("'Loading content...' spinner", () => {
  test('stays invisible for the first 300 ms of waiting, then shows', async ({ page }) => {
    // Hold every API answer for 2 s so the screen keeps waiting for its data.
    await page.route('**/api/**', async (route) => {
      await new Promise((r) => setTimeout(r, 2_000));
      await route.continue().catch(() => {});
    });
    const spinners = await recordSpinners(page);
    await page.goto('/dashboard', { waitUntil: 'commit' });
    await expect(page.getByText('Loading content...').first()).toBeAttached();
    await page.waitForTimeout(900);
    const recs = await spinners();
    expect(recs.length, 'a spinner was rendered while waiting').toBeGreaterThan(0);
    const shown = recs.filter((r) => r.shownAt !== null);
    expect(shown.length, 'the spinner appears once the wait passes 300 ms').toBeGreaterThan(0);
    for (const r of shown) expect(r.shownAt! - r.seenAt, 'ms before the spinner became visible').toBeGreaterThanOrEqual(270);
  });
});

test.describe('preload 3 s after load', () => {
  /** Paths the page prefetched: <link rel=prefetch>/speculation rules it added, or requests it issued. */
  async function watchPrefetch(page: Page) {
    const requested = new Map<string, number>();
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (req.resourceType() !== 'document' || req.isNavigationRequest() === false) requested.set(url.pathname, Date.now());
    });
    await page.addInitScript(() => {
      const added: { href: string; at: number }[] = [];
      (globalThis as any).__prefetched = added;
      new MutationObserver((muts) => {
        for (const m of muts)
          for (const n of m.addedNodes) {
            if (n instanceof HTMLLinkElement && /prefetch|prerender/.test(n.rel)) added.push({ href: new URL(n.href).pathname, at: performance.now() });
            if (n instanceof HTMLScriptElement && n.type === 'speculationrules') {
              for (const rule of [...(JSON.parse(n.textContent || '{}').prefetch ?? []), ...(JSON.parse(n.textContent || '{}').prerender ?? [])])
                for (const u of rule.urls ?? []) added.push({ href: new URL(u, location.href).pathname, at: performance.now() });
            }
          }
      }).observe(document, { childList: true, subtree: true });
    });
    return {
      requested,
      async links() {
        return page.evaluate(() => ({
          added: (globalThis as any).__prefetched as { href: string; at: number }[],
          loadAt: performance.getEntriesByType('navigation')[0] ? (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart : 0,
        }));
      },
    };
  }

  test('the home page preloads the properties, dashboard and exchange screens after 3 s, not before', async ({ page }) => {
    const watch = await watchPrefetch(page);
    await page.goto('/');
    await expect
      .poll(async () => {
        const { added } = await watch.links();
        return preloadRoutes.filter((p) => !added.some((a) => a.href === p) && !watch.requested.has(p));
      }, { timeout: 6_000, message: 'screens not preloaded yet' })
      .toEqual([]);
    // Timed by the page's own clock: when each prefetch was added, against the load event.
    const { added, loadAt } = await watch.links();
    expect(loadAt).toBeGreaterThan(0);
    for (const a of added.filter((x) => (preloadRoutes as readonly string[]).includes(x.href)))
      expect(a.at - loadAt, `${a.href} preloaded no sooner than 3 s after load`).toBeGreaterThanOrEqual(2_950);
  });

  test('a page that links to a property preloads its detail screen', async ({ page }) => {
    const watch = await watchPrefetch(page);
    await page.goto('/properties');
    // The demo catalogue is seeded on first start, so the listing always links to a property.
    const detail = await page.locator('a[href^="/property/"]').first().getAttribute('href');
    expect(detail).toMatch(/^\/property\/[^/]+$/);
    await expect
      .poll(async () => {
        const { added } = await watch.links();
        return added.some((a) => a.href === detail) || watch.requested.has(detail!);
      }, { timeout: 6_000, message: `${detail} is preloaded` })
      .toBe(true);
  });
});

/**
 * The screens §2 wraps in the error fallback, with the component name each passes to WithErrorFallback
 * (`grep -rn "WithErrorFallback" site/components`). The KYC step names come from the KYC module itself.
 */
const FALLBACK_TARGETS: { path: string; component: string }[] = [
  { path: '/dashboard', component: 'Dashboard' },
  { path: '/notifications', component: 'Notifications' },
  ...KYC_STEPS.map((s) => ({ path: s.path, component: kycFallbackName(s.slug) })),
];

test.describe('error fallback', () => {
  for (const { path, component } of FALLBACK_TARGETS) {
    test(`${path}: 'Something went wrong' naming ${component}; Try Again recovers`, async ({ page }) => {
      await page.addInitScript((name) => {
        (globalThis as any).__MANZIL_FAIL_COMPONENT__ = name;
      }, component);
      await page.goto(path);
      const alert = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
      await expect(alert).toBeVisible();
      await expect(alert.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
      await expect(alert).toContainText(component);
      await expect(alert.getByRole('button', { name: 'Try Again' })).toBeVisible();
      await expect(alert.locator('a, button').filter({ hasText: /^Go Home$/ })).toBeVisible();
      await alert.getByRole('button', { name: 'Try Again' }).click();
      await expect(page.getByText('Something went wrong')).toHaveCount(0);
      await expect(page.locator('main h1, main h2').first()).toBeVisible();
    });
  }

  test("'Go Home' goes to /", async ({ page }) => {
    await page.addInitScript(() => {
      if (location.pathname === '/dashboard') (globalThis as any).__MANZIL_FAIL_COMPONENT__ = 'Dashboard';
    });
    await page.goto('/dashboard');
    const alert = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
    await alert.locator('a, button').filter({ hasText: /^Go Home$/ }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
  });
});

test.describe('toasts', () => {
  test('a failed chat answer shows one toast at a time, and F8 focuses the toasts', async ({ page }) => {
    await page.route('**/api/ai-assistant/**', (route) => route.abort());
    // The home page's chat panel: it asks the assistant API and, when that fails, apologises with a retry and a toast.
    await page.goto('/');
    await page.getByRole('button', { name: /Open Manzil AI chat/ }).click();
    const input = page.getByRole('dialog', { name: 'Manzil AI' }).getByPlaceholder('Type a message...');
    const toasts = page.locator('[data-testid="toast"][data-state="open"]');
    for (const question of ['Quokka zebra xylophone?', 'Vanadium marmalade quasar?']) {
      await input.fill(question);
      await input.press('Enter');
      await expect(page.getByText("I apologize, but I'm having trouble responding right now.").last()).toBeVisible();
      await expect(toasts).toHaveCount(1);
      await expect(toasts).toContainText('Error');
      await expect(toasts).toContainText('Failed to get a response. Please try again.');
    }
    await page.keyboard.press('F8');
    const inRegion = await page.evaluate(() => !!document.activeElement?.closest('[role="region"][aria-label^="Notifications"]'));
    expect(inRegion, 'F8 moves focus to the notifications region').toBe(true);
  });
});
