/**
 * Accounts end to end (issue 3, "Tests and bars"), through the UI as a person would: the two-step
 * signup and its resume, login for each role and the post-login destination, the deep-link return,
 * TOTP enrolment and an MFA login, logout, the currency switch, and the home page chat on the assistant API.
 * Every test that creates an account uses its own email; the demo accounts are only logged in with.
 */
import { type Page, expect, test } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { CURRENCIES, type CurrencyCode, convertMinor, formatMoney } from '@modules/platform/contract';
import { uniqueEmail } from './support';

const INVESTOR = { email: 'investor@manzil.ae', username: 'omar', password: 'ManzilInvest#2026', firstName: 'Omar' };
const ADMIN = { email: 'admin@manzil.ae', username: 'admin', password: 'ManzilAdmin#2026', firstName: 'Layla' };
const NEW_PASSWORD = 'Harbour#View2026';

/**
 * Toasts that show just before a redirect (login 500 ms, MFA 300 ms) are gone by the time the next page
 * is checked: record every toast's text in this tab's sessionStorage as it appears, and read them later.
 */
async function recordToasts(page: Page) {
  const install = () => {
    const KEY = 'e2e.toasts';
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[data-testid="toast"]')) {
        const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
        const seen = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as string[];
        if (text && !seen.includes(text)) sessionStorage.setItem(KEY, JSON.stringify([...seen, text]));
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  };
  await page.addInitScript(install); // every page from now on
  if (page.url().startsWith('http')) await page.evaluate(install); // and the one already open
}
const toastsSeen = (page: Page) => expect.poll(() => page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e.toasts') ?? '[]') as string[]));

/** Path of the page's URL, e.g. '/dashboard'. */
const pathOf = (page: Page) => new URL(page.url()).pathname;

async function fillLogin(page: Page, username: string, password: string) {
  const dialog = page.getByRole('dialog', { name: 'Login to Your Account' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Username or email').fill(username);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  return dialog;
}

async function signupStep1(page: Page, email: string) {
  const dialog = page.getByRole('dialog', { name: 'Create Your Account' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Step 1 of 2: Account Credentials')).toBeVisible();
  await dialog.getByLabel('Email address').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await dialog.getByRole('button', { name: 'Next' }).click();
  const step2 = page.getByRole('dialog', { name: 'Complete Your Profile' });
  await expect(step2.getByText('Step 2 of 2: Personal Information')).toBeVisible();
  return step2;
}

async function signupStep2(page: Page, firstName: string) {
  const dialog = page.getByRole('dialog', { name: 'Complete Your Profile' });
  await dialog.getByLabel('First name').fill(firstName);
  await dialog.getByLabel('Last name').fill('Al Mansoori');
  await dialog.getByLabel('Phone number').fill('+971 50 123 4567');
  await dialog.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await dialog.getByRole('button', { name: 'Complete Signup' }).click();
  const success = page.getByTestId('signup-success');
  await expect(success).toBeVisible();
  return success;
}

/**
 * Logs out from the header's account menu and checks the landing: the browser is sent to / with
 * logged_out=true and a timestamp (the header then tidies the flag out of the address bar, so the
 * navigation request is what shows it), the notice says so, and the server session is gone.
 */
async function logOutFromMenu(page: Page) {
  const landing = page.waitForRequest((r) => r.isNavigationRequest() && r.frame() === page.mainFrame() && new URL(r.url()).searchParams.has('logged_out'));
  await page.locator('header [data-account-menu-button]').click();
  await page.locator('#account-menu').getByRole('button', { name: 'Log out' }).click();
  const url = new URL((await landing).url());
  expect(url.pathname).toBe('/');
  expect(url.searchParams.get('logged_out')).toBe('true');
  expect(Number(url.searchParams.get('t'))).toBeGreaterThan(Date.now() - 60_000);
  await expect(page.getByText('You have been successfully logged out.')).toBeVisible();
  await expect(page.locator('header').getByRole('link', { name: 'Log in' })).toBeVisible();
  const me = await page.request.get('/api/auth/me');
  expect(me.status(), 'the server session ended').toBe(401);
}

test.describe('signup', () => {
  test('two steps, then the success step shows the unique ID and the greeting, and moves on after 5 s', async ({ page }) => {
    await page.goto('/signup');
    await signupStep1(page, uniqueEmail('signup'));
    const success = await signupStep2(page, 'Mariam');
    const shownAt = Date.now();
    await expect(page.getByTestId('toast').filter({ hasText: 'Registration successful' })).toContainText('Welcome to Manzil, Mariam!');
    await expect(page.getByRole('heading', { name: 'Welcome to Manzil!' })).toBeVisible();
    await expect(success).toContainText('Hi Mariam');
    await expect(page.getByTestId('signup-unicode')).toHaveText(/^MZ-[A-Z0-9]{6}$/);
    await expect(success).toContainText('Check your email for welcome details');

    // §4/§9: the success view stays 5 s, then the dialog closes and the new investor starts the guided onboarding (#5).
    // (shownAt trails the real moment by the assertion's polling, hence the 1 s allowance below 5 s.)
    await page.waitForURL('**/onboarding', { timeout: 10_000 });
    expect(Date.now() - shownAt, 'the success view stays 5 s').toBeGreaterThanOrEqual(4_000);
    await expect(page.locator('header [data-account-menu-button]')).toContainText('Mariam');
  });

  test("leaving after step 1 and coming back resumes at step 2 with 'Welcome back!'", async ({ page, context }) => {
    const email = uniqueEmail('resume');
    await page.goto('/signup');
    await signupStep1(page, email);

    // Leave: reload the page. The dialog reopens at step 2.
    await page.reload();
    const resumed = page.getByRole('dialog', { name: 'Complete Your Profile' });
    await expect(resumed.getByTestId('signup-welcome-back')).toContainText('Welcome back!');
    await expect(resumed).toContainText('Continue where you left off by completing your registration.');
    await expect(resumed).toContainText(email);

    // Come back another way: a new tab (fresh tab storage) opening /signup?email=… (e.g. from a reminder link).
    const other = await context.newPage();
    await other.goto(`/signup?email=${encodeURIComponent(email)}`);
    await expect(other.getByTestId('signup-welcome-back')).toContainText('Welcome back!');
    await expect(other.getByText('Step 2 of 2: Personal Information')).toBeVisible();

    // And the resumed signup really finishes.
    const success = await signupStep2(other, 'Khalid');
    await expect(success).toContainText('Hi Khalid');
    await expect(other.getByTestId('signup-unicode')).toHaveText(/^MZ-[A-Z0-9]{6}$/);
  });
});

test.describe('login', () => {
  test('an investor (by email) lands on /dashboard', async ({ page }) => {
    await recordToasts(page);
    await page.goto('/login');
    await fillLogin(page, INVESTOR.email, INVESTOR.password);
    await page.waitForURL('**/dashboard');
    expect(pathOf(page)).toBe('/dashboard');
    await toastsSeen(page).toContainEqual(expect.stringMatching(/^Login successful ?Welcome back, Omar!/));
    await expect(page.locator('header [data-account-menu-button]')).toContainText(INVESTOR.firstName);
  });

  test('an admin (by username) lands on /admin/dashboard', async ({ page }) => {
    await page.goto('/login');
    await fillLogin(page, ADMIN.username, ADMIN.password);
    await page.waitForURL('**/admin/dashboard');
    expect(pathOf(page)).toBe('/admin/dashboard');
    // The back office itself, for this admin (not a sign-in or 'admins only' screen).
    await expect(page.getByText(`${ADMIN.firstName} Haddad`).first()).toBeVisible();
  });

  test('a deep link opened before login (/wallet) is restored after it', async ({ page }) => {
    await page.goto('/wallet');
    const card = page.getByRole('main');
    await expect(card.getByText("You're not signed in.")).toBeVisible();
    await card.getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL('**/login');
    await fillLogin(page, INVESTOR.username, INVESTOR.password);
    await page.waitForURL('**/wallet');
    expect(pathOf(page)).toBe('/wallet');
    await expect(page.locator('header [data-account-menu-button]')).toContainText(INVESTOR.firstName);
    await expect(page.getByText("You're not signed in.")).toHaveCount(0);
  });

  test('logout lands on / with the logged_out flag and clears the auth keys', async ({ page }) => {
    // Arrange: signed in through the API (the login dialog has its own tests), then the dashboard.
    const login = await page.request.post('/api/auth/login', { data: { username: INVESTOR.username, password: INVESTOR.password } });
    expect(login.status(), await login.text()).toBe(200);
    await page.goto('/dashboard');
    await expect(page.locator('header [data-account-menu-button]')).toContainText(INVESTOR.firstName);
    // §4: local-storage keys naming auth/token/session/user/mfa go; the currency preference stays.
    await page.evaluate(() => {
      localStorage.setItem('manzil.authToken', 'x');
      localStorage.setItem('manzil.currency', 'GBP');
    });
    await logOutFromMenu(page);
    expect(await page.evaluate(() => [localStorage.getItem('manzil.authToken'), localStorage.getItem('manzil.currency')])).toEqual([null, 'GBP']);
  });
});

test('TOTP: enable it on /account/security, then log in with a code through the MFA screen', async ({ page }) => {
  const email = uniqueEmail('totp');
  // Arrange: a fresh account (the API is quicker than the signup dialog, which has its own tests).
  const created = await page.request.post('/api/auth/register', {
    data: { email, password: NEW_PASSWORD, firstName: 'Noura', lastName: 'Khan', phone: '+971501112233', terms: true },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto('/account/security');
  await expect(page.getByTestId('mfa-status')).toContainText('Off');
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  await expect(page.getByTestId('totp-qr')).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  const totp = new OTPAuth.TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(secret) });

  const enrolledAt = totp.counter();
  await page.getByLabel('6-digit code').fill(totp.generate());
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await page.getByRole('button', { name: "I've saved my codes" }).click();
  await expect(page.getByTestId('mfa-status')).toContainText('On — authenticator app');

  await logOutFromMenu(page);

  // Back in, from the header of the page logout landed on.
  await recordToasts(page);
  await page.locator('header').getByRole('link', { name: 'Log in' }).click();
  await fillLogin(page, email, NEW_PASSWORD);
  await page.waitForURL('**/mfa');
  await toastsSeen(page).toContainEqual(expect.stringMatching(/^Verification Required ?Please enter the verification code sent to your authenticator app/));
  await expect(page.getByTestId('mfa-intro')).toContainText('authenticator app');
  const me = await page.request.get('/api/auth/me');
  expect(me.status(), 'not signed in until the code is entered').toBe(401);
  expect(await me.json()).toMatchObject({ requiresMfa: true, mfaMethod: 'authenticator' });

  // Still in the 30 s step whose code turned TOTP on? Then type the next step's code (what a phone whose clock
  // runs a little ahead shows; the server accepts one step either side), so the test does not depend on a
  // used code being accepted twice.
  const step = totp.counter() === enrolledAt ? enrolledAt + 1 : totp.counter();
  await page.getByLabel('6-digit code').fill(totp.generate({ timestamp: step * 30_000 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/dashboard');
  await toastsSeen(page).toContainEqual(expect.stringMatching(/^Verification successful/));
  await expect(page.locator('header [data-account-menu-button]')).toContainText('Noura');
  expect((await page.request.get('/api/auth/me')).status()).toBe(200);
});

test('the currency switch changes every price shown on the home page', async ({ page }) => {
  const detected = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/geo/country');
  await page.goto('/');
  await detected; // the country lookup (AED fallback here) has had its say before the visitor picks
  const prices = page.locator('[data-aed-fils]');
  expect(await prices.count()).toBeGreaterThan(10);

  const read = () =>
    prices.evaluateAll((els) =>
      els.map((el) => ({ fils: el.getAttribute('data-aed-fils') ?? '0', decimals: el.getAttribute('data-decimals') === '0' ? 0 : 2, text: el.textContent ?? '' })),
    );
  const squash = (s: string) => s.replace(/[\s\u00a0\u202f]+/g, ' ').trim();
  const expected = (p: { fils: string; decimals: number }, code: CurrencyCode) =>
    squash(formatMoney(convertMinor(BigInt(p.fils), 'AED', code), code, { decimals: p.decimals as 0 | 2 }));

  const inAed = await read();
  for (const p of inAed) expect(squash(p.text), `AED ${p.fils}`).toBe(expected(p, 'AED'));

  const select = page.locator('header select[data-currency-select]');
  for (const code of ['USD', 'INR', 'EUR', 'GBP'] as const) {
    await select.selectOption(code);
    await expect
      .poll(async () => (await read()).filter((p) => squash(p.text) !== expected(p, code)).map((p) => `${p.fils}: ${p.text}`), {
        message: `every [data-aed-fils] element shows ${code}`,
      })
      .toEqual([]);
    const now = await read();
    expect(now.every((p) => p.text.includes(CURRENCIES[code].symbol)), `${code} symbol on every price`).toBe(true);
    if (code === 'USD') await expect(page.locator('main')).toContainText('$54.50'); // AED 200 at 3.67 AED to the dollar
  }
  // The choice is kept: a reload shows the last currency picked.
  await page.reload();
  await expect(select).toHaveValue('GBP');
  await expect.poll(async () => (await read()).every((p) => squash(p.text) === expected(p, 'GBP'))).toBe(true);
});

test('the home page chat asks the assistant API, and its conversation continues on /ai-assistant', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/ai-assistant') || path === '/api/chat/query') calls.push(`${r.method()} ${path}`);
  });
  await page.goto('/');
  await page.getByRole('button', { name: /Open Manzil AI chat/ }).click();
  const panel = page.getByRole('dialog', { name: 'Manzil AI' });
  await expect(panel).toBeVisible();
  const log = panel.getByRole('log');
  await expect(log).toContainText("Hi, I'm Manzil AI");
  await expect(panel.getByLabel('Message Manzil AI')).toBeFocused();
  expect(calls, 'no conversation before the first question').toEqual([]);

  // A suggested question: the conversation is created then, and the answer is the assistant's, with its links.
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/ai-assistant/messages');
  await panel.getByRole('group', { name: 'Suggested questions' }).getByRole('button', { name: 'What are the fees?' }).click();
  const res = await answered;
  expect(res.status()).toBe(201);
  expect(res.request().headers()['x-currency']).toBe('AED');
  const body = (await res.json()) as { sessionId: string; assistantMessage: { content: string; links: { href: string; label: string }[] } };
  const answer = log.locator('[data-message]').last();
  await expect(answer).toContainText(body.assistantMessage.content.split('\n')[0]!.slice(0, 50));
  for (const l of body.assistantMessage.links) await expect(answer.getByRole('link', { name: l.label })).toHaveAttribute('href', l.href);
  expect(calls).toEqual(['POST /api/ai-assistant/sessions', 'POST /api/ai-assistant/messages']);

  // By keyboard: the next question continues the same conversation.
  const input = panel.getByLabel('Message Manzil AI');
  const second = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/ai-assistant/messages');
  await input.fill('How do I sell my shares?');
  await input.press('Enter');
  expect((await second).request().postDataJSON()).toEqual({ sessionId: body.sessionId, content: 'How do I sell my shares?' });
  await expect(panel.getByTestId('typing')).toHaveCount(0);
  expect(calls.filter((c) => c === 'POST /api/ai-assistant/sessions')).toHaveLength(1);

  await panel.getByRole('link', { name: 'Continue this conversation on the full page' }).click();
  await expect(page).toHaveURL(new RegExp(`/ai-assistant\\?c=${body.sessionId}$`));
  await expect(page.getByRole('log')).toContainText('How do I sell my shares?');
  await expect(page.getByRole('navigation', { name: 'Your conversations' }).getByRole('button', { name: /^What are the fees\?/ })).toBeVisible();
});
