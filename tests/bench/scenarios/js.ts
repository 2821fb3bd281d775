/**
 * (a) JavaScript weight, headless Chromium, no interaction: the home page against its 60 KB budget;
 * /learn, one learn article, /terms and /privacy against the shared layout script (any extra JS).
 */
import { chromium, type Browser } from 'playwright-core';
import { KB, kb, log, type Scenario } from '../harness';

const HOME_BUDGET_KB = 60;

type PageJs = { url: string; status: number; files: Map<string, { raw: number; gz: number }>; inline: Map<string, number> };

async function loadPage(browser: Browser, base: string, pathname: string): Promise<PageJs> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const pending = new Map<string, Promise<{ raw: number; gz: number }>>();
  page.on('response', (res) => {
    const ct = res.headers()['content-type'] ?? '';
    if (res.request().resourceType() !== 'script' && !/javascript|ecmascript/.test(ct)) return;
    const key = new URL(res.url()).pathname;
    // Gzip the decoded body ourselves: one consistent measure whether or not the server compressed it.
    pending.set(key, res.body().then((b) => ({ raw: b.length, gz: Bun.gzipSync(new Uint8Array(b)).length }), () => ({ raw: 0, gz: 0 })));
  });
  const res = await page.goto(base + pathname, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1_000);
  const inlineScripts = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src])')]
      .filter((s) => {
        const t = (s.getAttribute('type') ?? '').toLowerCase();
        return t === '' || t === 'module' || t === 'text/javascript' || t === 'application/javascript';
      })
      .map((s) => s.textContent ?? ''),
  );
  const files = new Map<string, { raw: number; gz: number }>();
  for (const [k, p] of pending) files.set(k, await p);
  const inline = new Map<string, number>();
  for (const text of inlineScripts) if (text.trim()) inline.set(String(Bun.hash(text)), Bun.gzipSync(new TextEncoder().encode(text)).length);
  await context.close();
  return { url: pathname, status: res?.status() ?? 0, files, inline };
}

const gzTotal = (p: PageJs) => [...p.files.values()].reduce((s, f) => s + f.gz, 0) + [...p.inline.values()].reduce((s, n) => s + n, 0);

async function benchJs(base: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    // The shared layout script: what the 404 page loads (Base.astro and nothing else on it).
    const layout = await loadPage(browser, base, '/this-page-does-not-exist');
    const layoutFiles = [...layout.files.keys()];
    if (!layoutFiles.some((f) => /Base\.astro.*script/i.test(f)) && layout.inline.size === 0)
      log('warning: the 404 page loads no Base.astro script; the layout baseline may be wrong');

    const home = await loadPage(browser, base, '/');
    const learnIndexHtml = await (await fetch(`${base}/learn`)).text();
    const article = /href="(\/learn\/[a-z0-9][^"#?]*)"/i.exec(learnIndexHtml)?.[1];
    if (!article) log('warning: no article link found on /learn');
    const quiet: PageJs[] = [];
    for (const p of ['/learn', ...(article ? [article] : []), '/terms', '/privacy']) quiet.push(await loadPage(browser, base, p));

    const layoutGz = gzTotal(layout);
    const homeGz = gzTotal(home);
    const rows = quiet.map((p) => {
      const extraFiles = [...p.files].filter(([k]) => !layout.files.has(k));
      const extraInline = [...p.inline].filter(([k]) => !layout.inline.has(k));
      const extraGz = extraFiles.reduce((s, [, f]) => s + f.gz, 0) + extraInline.reduce((s, [, n]) => s + n, 0);
      return {
        page: p.url,
        status: p.status,
        jsGzBytes: gzTotal(p),
        extraGzBytes: extraGz,
        extraFiles: extraFiles.map(([k]) => k),
        extraInlineScripts: extraInline.length,
        onlyLayoutScript: extraGz === 0,
      };
    });
    return {
      layout: { page: '404 (layout only)', status: layout.status, files: layoutFiles, jsGzBytes: layoutGz },
      home: {
        status: home.status,
        jsGzBytes: homeGz,
        budgetBytes: HOME_BUDGET_KB * KB,
        ratioToBudget: homeGz / (HOME_BUDGET_KB * KB),
        withinBudget: homeGz <= HOME_BUDGET_KB * KB,
        files: Object.fromEntries([...home.files].map(([k, v]) => [k, v.gz])),
        inlineScripts: home.inline.size,
      },
      quietPages: rows,
    };
  } finally {
    await browser.close();
  }
}

export const jsScenario: Scenario = {
  name: 'js',
  needs: 'server',
  async run({ base, result, row }) {
    log('measuring page JavaScript in headless Chromium ...');
    const js = await benchJs(base);
    result.js = js;
    row('home / JS (gzip)', `${kb(js.home.jsGzBytes)} KB`, `budget ${HOME_BUDGET_KB} KB`, `${(js.home.ratioToBudget * 100).toFixed(0)}%`, js.home.withinBudget ? 'ok' : 'OVER BUDGET');
    for (const p of js.quietPages) {
      const ratio = js.layout.jsGzBytes ? `${((p.jsGzBytes / js.layout.jsGzBytes) * 100).toFixed(0)}%` : '-';
      const name = p.page.length > 17 ? `${p.page.slice(0, 16)}…` : p.page;
      row(`${name} JS beyond layout`, `+${kb(p.extraGzBytes)} KB`, `layout ${kb(js.layout.jsGzBytes)} KB`, ratio, p.status !== 200 ? `HTTP ${p.status}` : p.onlyLayoutScript ? 'ok' : `EXTRA: ${[...p.extraFiles, ...(p.extraInlineScripts ? [`${p.extraInlineScripts} inline`] : [])].join(', ')}`);
    }
  },
};
