import { chromium } from '@playwright/test';
const base = 'http://localhost:4400';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
async function login(user, pass) {
  const ctx = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const r = ctx.request;
  await r.get(base + '/api/auth/session-debug');
  const xsrf = (await ctx.cookies(base)).find((c) => c.name === 'XSRF-TOKEN')?.value;
  const res = await r.post(base + '/api/auth/login', { data: { username: user, password: pass }, headers: { origin: base, 'x-csrf-token': decodeURIComponent(xsrf) } });
  console.log('login', user, res.status());
  return ctx;
}
const [who, ...pages] = process.argv.slice(2);
const ctx = who === 'visitor' ? await browser.newContext({ viewport: { width: 1400, height: 1000 } }) : who === 'admin' ? await login('admin', 'ManzilAdmin#2026') : await login('aisha.alhashimi@example.ae', 'ManzilInvest#2026');
for (const p of pages) {
  const page = await ctx.newPage();
  const errors = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(base + p);
  await page.waitForTimeout(4000);
  const name = p.replace(/[^a-z0-9]+/gi, '_').slice(0, 60);
  await page.screenshot({ path: `/tmp/shots/${who}${name}.png`, fullPage: true });
  console.log(p, 'errors:', errors.slice(0, 3).join(' | '));
}
await browser.close();
