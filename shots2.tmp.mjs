import { chromium } from '@playwright/test';
const base = 'http://localhost:4400';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const [who, path, width, ...texts] = process.argv.slice(2);
const ctx = await browser.newContext({ viewport: { width: Number(width), height: 1000 } });
if (who !== 'visitor') {
  await ctx.request.get(base + '/api/auth/session-debug');
  const xsrf = (await ctx.cookies(base)).find((c) => c.name === 'XSRF-TOKEN')?.value;
  const [u, p] = who === 'admin' ? ['admin', 'ManzilAdmin#2026'] : ['aisha.alhashimi@example.ae', 'ManzilInvest#2026'];
  await ctx.request.post(base + '/api/auth/login', { data: { username: u, password: p }, headers: { origin: base, 'x-csrf-token': decodeURIComponent(xsrf) } });
}
const page = await ctx.newPage();
await page.goto(base + path);
await page.waitForTimeout(4000);
let i = 0;
for (const t of texts) {
  const el = page.getByText(t, { exact: false }).first();
  await el.scrollIntoViewIfNeeded();
  const box = await el.boundingBox();
  await page.screenshot({ path: `/tmp/shots/part${i++}.png`, clip: { x: 0, y: Math.max(0, box.y - 40), width: Number(width), height: 900 }, fullPage: true });
}
await browser.close();
