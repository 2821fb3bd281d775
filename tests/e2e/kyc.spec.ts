/**
 * Onboarding and identity verification end to end (issue 5), as people would do it: a new investor
 * signs up in the dialog, walks the onboarding (leaving and coming back resumes it), completes every
 * KYC step with real file uploads (a PNG, JPEGs and a PDF made in the test), and submits; an admin
 * opens the application in /admin/kyc, sees the data beside the documents, and approves; the investor
 * sees the decision live, gets the notification, and the KYC banner is gone.
 */
import { type Browser, type Page, expect, test } from '@playwright/test';
import { deflateSync } from 'node:zlib';
import { uniqueEmail, loginAs } from './support';

const PASSWORD = 'Harbour#View2026';
const ADMIN = { username: 'admin', password: 'ManzilAdmin#2026' };

// ── Files made here, byte for byte ──────────────────────────────────────────────────────────────

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A real RGB PNG: a card-coloured rectangle with a darker band, like a photo of an ID card. */
export function makePng(width = 320, height = 200): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter, no interlace
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const band = y > height * 0.3 && y < height * 0.45;
      const photo = x > width * 0.06 && x < width * 0.32 && y > height * 0.5 && y < height * 0.9;
      const [r, g, b] = band ? [24, 94, 84] : photo ? [160, 150, 140] : [236, 226, 204];
      raw.set([r, g, b], row + 1 + x * 3);
    }
  }
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([sig, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** A one-page PDF with a line of text, with a correct cross-reference table. */
export function makePdf(text: string): Buffer {
  const content = `BT /F1 16 Tf 36 100 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A JPEG drawn and encoded by the browser's own canvas. */
async function makeJpeg(page: Page, label: string): Promise<Buffer> {
  const dataUrl = await page.evaluate((text) => {
    const c = document.createElement('canvas');
    c.width = 360;
    c.height = 240;
    const g = c.getContext('2d')!;
    g.fillStyle = '#e9dcc0';
    g.fillRect(0, 0, c.width, c.height);
    g.fillStyle = '#1d5c53';
    g.fillRect(0, 60, c.width, 36);
    g.font = '24px sans-serif';
    g.fillText(text, 24, 160);
    return c.toDataURL('image/jpeg', 0.85);
  }, label);
  return Buffer.from(dataUrl.split(',')[1], 'base64');
}

/** A valid Emirates ID number (784, a year, seven digits, a Luhn check digit), different every run. */
function emiratesId(): string {
  const luhn = (digits: string) =>
    [...digits].reverse().reduce((sum, ch, i) => {
      let n = Number(ch);
      if (i % 2 === 1) n = n * 2 > 9 ? n * 2 - 9 : n * 2;
      return sum + n;
    }, 0) % 10 === 0;
  const body = `7841990${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const d = [...'0123456789'].map((c) => body + c).find(luhn)!;
  return `${d.slice(0, 3)}-${d.slice(3, 7)}-${d.slice(7, 14)}-${d.slice(14)}`;
}

// ── Steps ───────────────────────────────────────────────────────────────────────────────────────

async function signUp(page: Page, email: string, firstName: string, lastName: string) {
  await page.goto('/signup');
  const step1 = page.getByRole('dialog', { name: 'Create Your Account' });
  await step1.getByLabel('Email address').fill(email);
  await step1.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await step1.getByRole('button', { name: 'Next' }).click();
  const step2 = page.getByRole('dialog', { name: 'Complete Your Profile' });
  await step2.getByLabel('First name').fill(firstName);
  await step2.getByLabel('Last name').fill(lastName);
  await step2.getByLabel('Phone number').fill('+971 50 123 4567');
  await step2.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await step2.getByRole('button', { name: 'Complete Signup' }).click();
  await expect(page.getByTestId('signup-success')).toContainText(`Hi ${firstName}`);
}


const saveStatus = (page: Page) => page.getByTestId('save-status');

/** With KYC_SHOTS=<dir>, full-page screenshots of each screen for a person to look at. */
async function shot(page: Page, name: string) {
  if (process.env.KYC_SHOTS) await page.screenshot({ path: `${process.env.KYC_SHOTS}/${name}.png`, fullPage: true });
}

test.describe('onboarding and KYC', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a new investor onboards and verifies with real uploads; an admin approves; the banner goes', async ({ browser, page }) => {
    const email = uniqueEmail('kyc');
    // A surname of this run only (letters), so the admin finds exactly this application.
    const tag = Array.from({ length: 6 }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)]).join('');
    const first = 'Noor';
    const last = `Saleh-${tag.charAt(0).toUpperCase()}${tag.slice(1)}`;
    const fullName = `${first} ${last}`;

    // ── Signup lands on onboarding ──
    await signUp(page, email, first, last);
    await page.waitForURL('**/onboarding', { timeout: 12_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Shape Manzil around you' })).toBeVisible();
    await page.getByRole('link', { name: 'Start' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'What are you investing for?' })).toBeVisible();
    await page.getByLabel(/^Save for a home/).check();
    await page.getByLabel(/^Long-term growth/).check();
    await page.getByLabel('5-10 years').check();
    await shot(page, '01-onboarding-goals');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your investing experience' })).toBeVisible();
    await page.getByLabel(/^Some experience/).check();
    // Saved as you go: the answer reaches the account before any Next.
    await expect(saveStatus(page)).toHaveAttribute('data-state', 'saved');

    // Leave and come back: /onboarding resumes at the step where they stopped, answer kept.
    await page.goto('/');
    await page.goto('/onboarding');
    await expect(page).toHaveURL(/\/onboarding\/experience$/);
    await expect(page.getByTestId('onboarding-resumed')).toContainText(`Welcome back, ${first}`);
    await expect(page.getByLabel(/^Some experience/)).toBeChecked();
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'How you feel about risk' })).toBeVisible();
    await page.getByLabel('Wait, because property moves in long cycles').check();
    await page.getByLabel('10-25%').check();
    await page.getByLabel('Probably, though I might need some of it').check();
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Currency and investment mode' })).toBeVisible();
    await page.getByLabel(/^AED/).check();
    await page.getByLabel(/^Manual/).check();
    const modeSaved = page.waitForResponse((r) => r.url().endsWith('/api/investment/mode') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Finish' }).click();
    expect((await modeSaved).ok()).toBe(true);

    await expect(page.getByRole('heading', { level: 1, name: 'You’re all set' })).toBeVisible();
    await expect(page).toHaveURL(/\/onboarding\/summary$/);
    await expect(page.getByTestId('risk-profile')).toContainText('Balanced');
    await shot(page, '02-onboarding-summary');
    await page.getByRole('link', { name: 'Continue to verification' }).click();

    // ── KYC ──
    await expect(page).toHaveURL(/\/kyc$/);
    await expect(page.getByTestId('kyc-status-card')).toContainText('Not started');
    await page.getByRole('link', { name: /Start verification/ }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Personal information' })).toBeVisible();
    // Client-side checks first: under 18 is refused with the contract's message.
    await page.getByLabel('Legal first name').fill(first);
    await page.getByLabel('Legal last name').fill(last);
    await page.getByLabel('Date of birth').fill(`${new Date().getUTCFullYear() - 17}-01-15`);
    await page.getByLabel('Nationality').selectOption('AE');
    await page.getByLabel('Emirates ID number').fill(emiratesId());
    await page.getByLabel('Emirates ID expiry date').fill(`${new Date().getUTCFullYear() + 3}-06-30`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('You must be at least 18 years old to invest with Manzil')).toBeVisible();
    await shot(page, '03-kyc-personal-errors');
    await page.getByLabel('Date of birth').fill('1990-04-12');
    // Once the step is whole it saves by itself.
    await expect(saveStatus(page)).toHaveAttribute('data-state', 'saved');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Upload your documents' })).toBeVisible();
    const files = {
      emirates_id_front: { name: 'eid-front.png', mimeType: 'image/png', buffer: makePng() },
      emirates_id_back: { name: 'eid-back.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(page, 'EMIRATES ID BACK') },
      proof_of_address: { name: 'dewa-bill.pdf', mimeType: 'application/pdf', buffer: makePdf('DEWA bill - Flat 1204, Marina Heights, Dubai') },
      selfie: { name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(page, 'SELFIE') },
    };
    // Continue is refused while documents are missing.
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Still needed' })).toContainText('Emirates ID (front)');
    for (const [type, file] of Object.entries(files)) {
      await page.locator(`#doc-${type}`).setInputFiles(file);
      const card = page.getByTestId(`document-${type}`);
      await expect(card.getByTestId('document-status')).toHaveText('Uploaded', { timeout: 15_000 });
      await expect(card).toContainText(file.name);
    }
    // The uploaded images come back through the authorised file route and render.
    const thumb = page.getByTestId('document-emirates_id_front').locator('img');
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
    await shot(page, '04-kyc-documents');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Your address' })).toBeVisible();
    await page.getByLabel('Building, flat or villa, and street').fill('Flat 1204, Marina Heights, Al Marsa Street');
    await page.getByLabel('City').fill('Dubai');
    await page.getByLabel('Emirate').selectOption('Dubai');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Financial information' })).toBeVisible();
    await page.getByLabel(/^Employed$/).check();
    await page.getByLabel('Occupation').fill('Civil engineer, construction');
    await page.getByLabel('Employer').fill('Emaar Properties');
    await page.getByLabel('AED 300,000 – 600,000').check();
    await page.getByLabel('Salary', { exact: true }).check();
    await page.getByLabel('AED 500,000 – 1,000,000').check();
    await page.getByLabel('No', { exact: true }).check();
    await shot(page, '05-kyc-financial');
    await page.getByRole('button', { name: 'Continue to review' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Review and submit' })).toBeVisible();
    for (const section of ['personal', 'documents', 'address', 'financial']) await expect(page.getByTestId(`review-${section}`)).toContainText('Complete');
    await expect(page.getByTestId('review-personal')).toContainText(fullName);
    await expect(page.getByRole('link', { name: 'Edit address' })).toHaveAttribute('href', '/kyc/address');
    await shot(page, '06-kyc-review');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Submit for verification' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Verification status' })).toBeVisible();
    await expect(page.getByTestId('kyc-status-badge')).toHaveText(/Submitted/);
    await shot(page, '07-kyc-verify-submitted');

    // Not verified yet: the KYC banner shows on the dashboard 2 s after load.
    await page.goto('/dashboard');
    await expect(page.getByTestId('kyc-banner')).toBeVisible({ timeout: 6_000 });

    // ── The admin approves ──
    const adminPage = await newPage(browser);
    await loginAs(adminPage, ADMIN.username, ADMIN.password);
    await adminPage.goto('/admin/kyc');
    await adminPage.getByRole('searchbox', { name: 'Search' }).fill(last);
    const row = adminPage.getByRole('row').filter({ hasText: fullName });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Submitted');
    await shot(adminPage, '08-admin-queue');
    await row.getByRole('link', { name: /Review/ }).click();
    await expect(adminPage.getByRole('heading', { name: fullName })).toBeVisible();
    await expect(adminPage.getByTestId('kyc-detail-data')).toContainText('Civil engineer, construction');
    const docs = adminPage.getByTestId('kyc-detail-documents');
    await expect(docs).toContainText('Documents (4 current');
    const preview = docs.getByTestId('document-image');
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await docs.getByRole('button', { name: /Proof of address/ }).click();
    await expect(docs.getByTestId('document-pdf').getByRole('link')).toHaveAttribute('href', /\/api\/files\/[^?]+\?download=1$/);
    await adminPage.waitForTimeout(1500);
    await shot(adminPage, '09-admin-detail-pdf');
    await adminPage.getByRole('button', { name: 'Approve' }).click();
    const dialog = adminPage.getByRole('dialog', { name: `Approve ${first}’s verification` });
    await dialog.getByLabel('Note for the record').fill('ID, selfie and DEWA bill match the application.');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(dialog).toBeHidden();
    await expect(adminPage.getByText('Verified').first()).toBeVisible();
    if (process.env.KYC_SHOTS) {
      await adminPage.goto('/admin/users/document-center');
      await expect(adminPage.getByRole('table', { name: 'Documents' }).getByRole('button', { name: /^Preview the / }).first()).toBeVisible();
      await shot(adminPage, '10-admin-document-center');
    }
    await adminPage.close();

    // ── The investor sees it ──
    await page.goto('/kyc/verify');
    await expect(page.getByTestId('kyc-status-badge')).toHaveText(/Verified/);
    await expect(page.getByTestId('kyc-live-status')).toContainText('You’re verified');
    await shot(page, '11-kyc-verify-approved');

    // The notification: the bell counts it, its panel and /notifications show it.
    const bell = page.locator('[data-bell-button]');
    await expect(bell).toHaveAccessibleName(/unread/, { timeout: 10_000 });
    await bell.click();
    await expect(page.locator('[data-bell-panel]')).toContainText('Your identity is verified');
    await page.goto('/notifications');
    await expect(page.getByRole('main')).toContainText('Your identity is verified');

    // And the KYC banner is gone (well past its 2 s delay).
    await page.goto('/dashboard');
    await page.waitForTimeout(3_000);
    await expect(page.getByTestId('kyc-banner')).toHaveCount(0);
  });
});

/** Signs up and fills in a whole application through the API (the first test covers the screens), then submits it. */
async function submittedApplicant(page: Page, lastName: string) {
  const email = uniqueEmail('kycfix');
  await page.goto('/');
  const token = async () => decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  const headers = async () => ({ 'x-csrf-token': await token() });
  const ok = async (res: Awaited<ReturnType<Page['request']['post']>>) => {
    expect(res.ok(), `${res.url()} → ${res.status()} ${await res.text()}`).toBe(true);
    return res;
  };
  await ok(await page.request.post('/api/simplified-auth/signup-step1', { data: { email, password: PASSWORD }, headers: await headers() }));
  await ok(await page.request.post('/api/simplified-auth/signup-step2', { data: { email, firstName: 'Rania', lastName, phone: '+971501112233', terms: true }, headers: await headers() }));
  const year = new Date().getUTCFullYear();
  await ok(await page.request.put('/api/kyc/personal', { headers: await headers(), data: { firstName: 'Rania', lastName, dateOfBirth: '1988-09-03', nationality: 'JO', idType: 'passport', idNumber: `R${Math.floor(1e6 + Math.random() * 8e6)}`, idExpiryDate: `${year + 4}-01-31` } }));
  await ok(await page.request.put('/api/kyc/address', { headers: await headers(), data: { line1: 'Villa 7, Street 12, Al Barsha 2', city: 'Dubai', region: 'Dubai', country: 'AE' } }));
  await ok(
    await page.request.put('/api/kyc/financial', {
      headers: await headers(),
      data: { employmentStatus: 'self_employed', occupation: 'Architect', incomeBand: '600k_1m', sourceOfFunds: ['business_income', 'savings'], netWorthBand: '1m_4m', politicallyExposed: false, classification: 'retail' },
    }),
  );
  const upload = async (type: string, name: string, mimeType: string, buffer: Buffer) =>
    ok(await page.request.post('/api/kyc/documents', { headers: await headers(), multipart: { type, file: { name, mimeType, buffer } } }));
  await upload('passport', 'passport.png', 'image/png', makePng(400, 280));
  await upload('proof_of_address', 'ejari.pdf', 'application/pdf', makePdf('Ejari tenancy contract - Al Barsha 2'));
  await upload('selfie', 'selfie-dark.png', 'image/png', makePng(200, 200));
  await ok(await page.request.post('/api/kyc/submit', { headers: await headers(), data: { declaration: true } }));
  const app = (await (await page.request.get('/api/kyc')).json()) as { userId: string; status: string };
  expect(app.status).toBe('submitted');
  return app.userId;
}

test('a rejected document comes back with its reason; the investor replaces it and resubmits', async ({ browser, page }) => {
  test.setTimeout(120_000);
  const tag = Array.from({ length: 6 }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)]).join('');
  const lastName = `Haddad-${tag.charAt(0).toUpperCase()}${tag.slice(1)}`;
  const userId = await submittedApplicant(page, lastName);

  const adminPage = await newPage(browser);
  await loginAs(adminPage, ADMIN.username, ADMIN.password);
  await adminPage.goto(`/admin/kyc?application=${userId}`);
  await expect(adminPage.getByRole('heading', { name: `Rania ${lastName}` })).toBeVisible();
  await adminPage.getByRole('button', { name: 'Reject' }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Reject Rania’s verification' });
  await dialog.getByLabel(/Reason, shown to the investor/).fill('Your selfie is too dark to compare with your passport photo.');
  await dialog.getByRole('checkbox', { name: /Selfie/ }).check();
  await dialog.getByLabel(/Why the selfie is rejected/).fill('Too dark: take it facing a window in daylight.');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog).toBeHidden();
  await expect(adminPage.getByText('Waiting for the investor:')).toBeVisible();
  await adminPage.close();

  // The investor's live status names the reason per document and leads to the fix.
  await page.goto('/kyc/verify');
  await expect(page.getByTestId('kyc-status-badge')).toHaveText(/Action needed/);
  const reasons = page.getByTestId('kyc-rejection');
  await expect(reasons).toContainText('Your selfie is too dark to compare with your passport photo.');
  await expect(reasons).toContainText('Selfie: Too dark: take it facing a window in daylight.');
  await page.getByTestId('fix-and-resubmit').click();
  await expect(page).toHaveURL(/\/kyc\/documents$/);
  const selfie = page.getByTestId('document-selfie');
  await expect(selfie).toContainText('Why it was rejected: Too dark');
  await page.locator('#doc-selfie').setInputFiles({ name: 'selfie-daylight.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(page, 'SELFIE IN DAYLIGHT') });
  await expect(selfie.getByTestId('document-status')).toHaveText('Uploaded', { timeout: 15_000 });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your address' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Verification steps' }).getByRole('link', { name: /Review/ }).click();
  await expect(page.getByTestId('review-documents')).toContainText('Complete');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Submit again for verification' }).click();
  await expect(page.getByTestId('kyc-status-badge')).toHaveText(/Resubmitted/);
});

async function newPage(browser: Browser) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  return context.newPage();
}
