/**
 * Small helpers shared by the end-to-end specs (not a spec file itself).
 */
import type { Page } from '@playwright/test';

/** The real page layout: Base.astro's `<main id="main">`, or the island that mounts the admin app. */
export const LAYOUT_ROOT = /<main\b[^>]*\bid="main"|<astro-island\b[^>]*\bcomponent-url="[^"]*\/AdminApp\.[^"]*\.js"/;

/** Text of the first <h1> in an HTML document, tags stripped and whitespace collapsed. */
export function firstH1(html: string): string | null {
  const m = /<h1\b[^>]*>([\s\S]*?)<\/h1>/i.exec(html);
  return m ? decodeEntities(m[1].replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ').trim() : null;
}

/** All <meta> tags of a document as attribute maps. */
export function metaTags(html: string): Record<string, string>[] {
  return [...html.matchAll(/<meta\b([^>]*)>/gi)].map(([, attrs]) => {
    const out: Record<string, string> = {};
    for (const [, k, , v1, v2] of attrs.matchAll(/([\w:-]+)\s*=\s*("([^"]*)"|'([^']*)')/g)) out[k.toLowerCase()] = decodeEntities(v1 ?? v2 ?? '');
    return out;
  });
}

export function metaContent(html: string, key: string): string | undefined {
  return metaTags(html).find((m) => m.name === key || m.property === key)?.content;
}

export function titleOf(html: string): string | undefined {
  const m = /<title>([\s\S]*?)<\/title>/i.exec(html);
  return m ? decodeEntities(m[1]).trim() : undefined;
}

function decodeEntities(s: string): string {
  return s
    .replace(/&#(\d+);/g, (_, d) => String.fromCodePoint(Number(d)))
    .replace(/&#x([0-9a-f]+);/gi, (_, h) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&quot;/g, '"').replace(/&#39;|&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&');
}

/** A unique, valid email address for this run (the database is fresh per run, but runs can repeat). */
export function uniqueEmail(tag: string): string {
  return `e2e.${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** Effective opacity of an element (its own opacity times every ancestor's). */
export async function effectiveOpacity(page: Page, selector: string): Promise<number> {
  return page.evaluate((sel) => {
    let el = document.querySelector(sel) as Element | null;
    let o = 1;
    while (el) {
      o *= Number(getComputedStyle(el).opacity);
      el = el.parentElement;
    }
    return o;
  }, selector);
}

/** Signs in through the login dialog, as a person would, and waits for the post-login page. */
export async function loginAs(page: Page, username: string, password: string) {
  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: 'Login to Your Account' });
  await dialog.getByLabel('Username or email').fill(username);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/(admin\/)?dashboard$/);
}
