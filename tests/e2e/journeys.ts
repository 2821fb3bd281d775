/**
 * Money journeys' shared set-up (investing.spec.ts, sip.spec.ts): JSON calls through a browser context's own
 * cookies and CSRF header, an admin context, a published property open for funding, a new investor verified
 * through the KYC API, and a deposit made through the wallet screen.
 */
import { type APIRequestContext, type BrowserContext, type Page, expect, test } from '@playwright/test';
import { demoPdf, demoPng } from '@modules/kyc/demo-files';
import { uniqueEmail } from './support';

export const ADMIN = { username: 'admin', password: 'ManzilAdmin#2026' };
export const PASSWORD = 'Harbour#View2026';
/** JSON calls through a context's own cookie jar, with the CSRF header the API asks for. */
export async function call(ctx: BrowserContext, method: string, path: string, data?: unknown, extra: { multipart?: Record<string, unknown> } = {}) {
  const request: APIRequestContext = ctx.request;
  const base = test.info().project.use.baseURL!;
  const cookies = await ctx.cookies(base);
  const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
  const headers: Record<string, string> = { origin: base };
  if (xsrf) headers['x-csrf-token'] = decodeURIComponent(xsrf);
  const res = await request.fetch(path, {
    method,
    headers,
    ...(extra.multipart ? { multipart: extra.multipart as never } : data !== undefined ? { data } : {}),
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status(), body };
}

export async function ok(p: Promise<{ status: number; body: any }>, expected = [200, 201]) {
  const r = await p;
  expect(expected, JSON.stringify(r.body).slice(0, 300)).toContain(r.status);
  return r.body;
}

export async function adminContext(ctx: BrowserContext) {
  await call(ctx, 'GET', '/api/auth/session-debug'); // the XSRF-TOKEN cookie
  await ok(call(ctx, 'POST', '/api/auth/login', ADMIN));
}

/** A property the admin creates and publishes for funding: AED 100 a share, so AED 200 buys exactly 2 shares. */
export async function listProperty(admin: BrowserContext, tag: string, overrides: Record<string, unknown> = {}) {
  const ref = `MZ-E2E-${tag}`.slice(0, 24).toUpperCase();
  const created = await ok(
    call(admin, 'POST', '/api/admin/properties', {
      title: `Creek Harbour one-bedroom ${tag}`,
      summary: 'A one-bedroom in Dubai Creek Harbour with views of the Creek Tower site.',
      description: 'A 780 sq ft one-bedroom with a balcony over the creek.',
      community: 'Dubai Creek Harbour',
      city: 'Dubai',
      propertyType: 'apartment',
      bedrooms: 1,
      bathrooms: 2,
      sizeSqft: 780,
      features: ['Creek view', 'Pool'],
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
      reference: ref,
      ...overrides,
    }),
  );
  await ok(
    call(admin, 'POST', `/api/admin/properties/${created.id}/photos`, undefined, {
      multipart: { alt: 'The living room at dusk', file: { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from(demoPng(640, 400)) } },
    }),
  );
  await ok(call(admin, 'POST', `/api/admin/properties/${created.id}/publish`));
  return { id: created.id as string, title: created.title as string, reference: ref };
}

/** A new investor, signed in in `ctx`, whose identity the admin has approved (documents through the KYC API). */
export async function verifiedInvestor(ctx: BrowserContext, admin: BrowserContext, firstName: string) {
  const email = uniqueEmail('investing');
  await call(ctx, 'GET', '/api/auth/session-debug');
  await ok(call(ctx, 'POST', '/api/auth/register', { email, password: PASSWORD, firstName, lastName: 'Varma', phone: '+971 50 765 4321', terms: true }));
  const me = await ok(call(ctx, 'GET', '/api/auth/me'));
  const userId = (me.user ?? me).id as string;
  const inYears = (n: number) => `${new Date().getUTCFullYear() + n}-06-30`;
  await ok(call(ctx, 'PUT', '/api/kyc/personal', { firstName, lastName: 'Varma', dateOfBirth: '1988-04-12', nationality: 'IN', idType: 'passport', idNumber: 'T4829153', idExpiryDate: inYears(4) }));
  await ok(call(ctx, 'PUT', '/api/kyc/address', { line1: 'Apartment 904, Creek Vista Tower', city: 'Dubai', region: 'Dubai', country: 'AE' }));
  await ok(
    call(ctx, 'PUT', '/api/kyc/financial', {
      employmentStatus: 'employed',
      occupation: 'Product manager',
      employerName: 'Gulf Logistics',
      incomeBand: '300k_600k',
      sourceOfFunds: ['salary'],
      netWorthBand: '1m_4m',
      politicallyExposed: false,
      classification: 'retail',
    }),
  );
  for (const [type, name, mimeType, bytes] of [
    ['passport', 'passport.png', 'image/png', demoPng(400, 260)],
    ['selfie', 'selfie.png', 'image/png', demoPng(300, 300)],
    ['proof_of_address', 'bill.pdf', 'application/pdf', demoPdf(['DEWA bill'])],
  ] as const) {
    await ok(call(ctx, 'POST', '/api/kyc/documents', undefined, { multipart: { type, file: { name, mimeType, buffer: Buffer.from(bytes) } } }));
  }
  await ok(call(ctx, 'POST', '/api/kyc/submit', { declaration: true }));
  await ok(call(admin, 'POST', `/api/admin/kyc/${userId}/approve`, { note: 'Documents checked (end-to-end test).' }));
  await expect.poll(async () => ((await call(ctx, 'GET', '/api/auth/me')).body.user ?? (await call(ctx, 'GET', '/api/auth/me')).body).kycStatus, { timeout: 10_000 }).toBe('approved');
  return { email, userId };
}

/** Deposits through the wallet screen and waits for the sandbox provider to confirm it. */
export async function deposit(page: Page, amountInr: string) {
  await page.goto('/wallet');
  await page.getByRole('button', { name: 'Deposit' }).click();
  const panel = page.getByRole('region', { name: 'Add money' });
  await expect(panel.getByRole('heading', { name: 'Add money' })).toBeFocused();
  await panel.getByRole('radio', { name: /Debit card/ }).check();
  await panel.getByLabel('Amount to pay (INR)').fill(amountInr);
  // The charge is shown before confirming: 1.5% for a debit card, plus 5% VAT on it.
  await expect(panel.getByText(/Transaction charge \(Debit card, 1\.5%\)/)).toBeVisible();
  await expect(panel.getByText('VAT on the charge (5%)')).toBeVisible();
  await panel.getByRole('button', { name: /^Confirm and pay ₹/ }).click();
  // Pending first, then confirmed by the provider within seconds (announced in a live region).
  await expect(panel.getByRole('status')).toContainText(/Received: ₹[\d,.]+ added to your wallet/, { timeout: 20_000 });
}

/**
 * Context options for a journey that signs up investors: its own client address (X-Forwarded-For, trusted by the
 * e2e server with TRUST_PROXY=1), so its signups do not use up the per-address limit the other specs share.
 */
export function ownAddress(tag: number): { extraHTTPHeaders: Record<string, string> } {
  return { extraHTTPHeaders: { 'x-forwarded-for': `10.77.${tag}.${1 + Math.floor(Math.random() * 250)}` } };
}
