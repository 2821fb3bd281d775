/**
 * Demo investors with real books: verified investors (through the KYC services), wallet deposits, purchases,
 * a cancellation and withdrawals, all through the wallet and investing services, so every figure on the
 * admin screens has its journal entries and the reconciliation holds.
 *
 * The demo catalogue (modules/properties/seed.ts) marks part of each property as sold, "to investors outside
 * the demo accounts". Those shares are backfilled here as real purchases by two professional investors
 * (a family office and a fund), so Σ holdings = shares sold and the client money in the ledger matches.
 *
 * Idempotent: an investor whose email exists is not created again, and only shares sold without a holder
 * are backfilled. The demo investor (investor@manzil.ae) is left alone: the end-to-end journey deposits.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { users } from '../auth/schema';
import { newUnicode } from '../auth/unicode';
import { demoPdf, demoPng } from '../kyc/demo-files';
import { addressInput, financialInput, personalInput, type KycAddressInput, type KycFinancialInput, type KycPersonalInput } from '../kyc/contract';
import { submitApplication, saveStep, uploadDocument } from '../kyc/service';
import { approveApplication } from '../kyc/review';
import { seedChartOfAccounts } from '../ledger';
import { createSandboxProvider } from '../payments';
import { SHARE_SCALE } from '../properties/contract';
import { approveWithdrawal, big, confirmDeposit, createDeposit, q, requestWithdrawal } from '../wallet';
import { markPayoutPaid } from '../wallet/service';
import { MAX_AMOUNT_FILS, quoteDeposit } from '../wallet/contract';
import { cancelInvestment, invest } from './service';
import { transactionCharges } from '../settings';

type DemoInvestor = {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  personal: KycPersonalInput;
  address: KycAddressInput;
  financial: KycFinancialInput;
  /** Deposits: [AED, method, days ago]. */
  deposits: [number, 'uae-bank-transfer' | 'international-transfer' | 'debit-card' | 'credit-card', number][];
  /** Purchases: [property reference, AED, days ago]. */
  purchases: [string, number, number][];
  /** Cancel the purchase at this index (made within the last 48 hours). */
  cancel?: number;
  /** Withdrawals: [AED, 'paid' | 'pending']. */
  withdrawals?: [number, 'paid' | 'pending'][];
};

const years = (n: number) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() + n);
  return d.toISOString().slice(0, 10);
};

/** Password of the first demo investor (aisha.alhashimi@example.ae), verified and already invested. */
export const DEMO_VERIFIED_INVESTOR_PASSWORD = 'ManzilInvest#2026';

export const DEMO_INVESTORS: DemoInvestor[] = [
  {
    email: 'aisha.alhashimi@example.ae',
    firstName: 'Aisha',
    lastName: 'Al Hashimi',
    phone: '+971501112233',
    personal: { firstName: 'Aisha', lastName: 'Al Hashimi', dateOfBirth: '1989-06-21', nationality: 'AE', idType: 'emirates_id', idNumber: '784-1989-5521843-7', idExpiryDate: years(4) },
    address: { line1: 'Apartment 2204, Burj Vista 1, Downtown', city: 'Dubai', region: 'Dubai', country: 'AE' },
    financial: { employmentStatus: 'employed', occupation: 'Cardiologist', employerName: 'Mediclinic City Hospital', incomeBand: '600k_1m', sourceOfFunds: ['salary', 'savings'], netWorthBand: '1m_4m', politicallyExposed: false, classification: 'retail' },
    deposits: [[60_000, 'uae-bank-transfer', 150], [40_000, 'debit-card', 20]],
    purchases: [['MZ-DXB-003', 25_000, 130], ['MZ-AUH-001', 20_000, 15], ['MZ-DXB-002', 15_000, 8], ['MZ-AUH-002', 10_000, 3]],
    withdrawals: [[5_000, 'paid']],
  },
  {
    email: 'james.carter@example.com',
    firstName: 'James',
    lastName: 'Carter',
    phone: '+971558889900',
    personal: { firstName: 'James', lastName: 'Carter', dateOfBirth: '1983-01-09', nationality: 'GB', idType: 'passport', idNumber: '533829174', idExpiryDate: years(7) },
    address: { line1: 'Villa 31, Arabian Ranches 2, Rosa', city: 'Dubai', region: 'Dubai', country: 'AE' },
    financial: { employmentStatus: 'employed', occupation: 'Petroleum engineer', employerName: 'ADNOC Offshore', incomeBand: '300k_600k', sourceOfFunds: ['salary'], netWorthBand: '1m_4m', politicallyExposed: false, classification: 'retail' },
    deposits: [[30_000, 'international-transfer', 110], [15_000, 'credit-card', 25]],
    purchases: [['MZ-DXB-003', 12_000, 100], ['MZ-DXB-001', 8_000, 20], ['MZ-AUH-002', 6_000, 2]],
    withdrawals: [[3_000, 'pending']],
  },
  {
    email: 'priya.nair@example.in',
    firstName: 'Priya',
    lastName: 'Nair',
    phone: '+971529876543',
    personal: { firstName: 'Priya', lastName: 'Nair', dateOfBirth: '1994-09-30', nationality: 'IN', idType: 'passport', idNumber: 'T7729461', idExpiryDate: years(5) },
    address: { line1: 'Flat 908, Al Majaz 3, Corniche Street', city: 'Sharjah', region: 'Sharjah', country: 'AE' },
    financial: { employmentStatus: 'employed', occupation: 'Software engineer', employerName: 'Careem', incomeBand: '300k_600k', sourceOfFunds: ['salary', 'savings'], netWorthBand: '500k_1m', politicallyExposed: false, classification: 'retail' },
    deposits: [[12_000, 'debit-card', 14], [3_000, 'debit-card', 2]],
    purchases: [['MZ-DXB-001', 3_000, 12], ['MZ-DXB-002', 4_000, 7], ['MZ-AUH-001', 2_000, 1]],
    cancel: 2,
  },
  {
    email: 'khalid.alsuwaidi@example.ae',
    firstName: 'Khalid',
    lastName: 'Al Suwaidi',
    phone: '+971504445566',
    personal: { firstName: 'Khalid', lastName: 'Al Suwaidi', dateOfBirth: '1978-12-02', nationality: 'AE', idType: 'emirates_id', idNumber: '784-1978-3390127-1', idExpiryDate: years(3) },
    address: { line1: 'Villa 7, Al Bateen, Street 32', city: 'Abu Dhabi', region: 'Abu Dhabi', country: 'AE' },
    financial: { employmentStatus: 'business_owner', occupation: 'Founder', employerName: 'Suwaidi Logistics LLC', incomeBand: 'over_1m', sourceOfFunds: ['business_income', 'investments'], netWorthBand: '1m_4m', politicallyExposed: false, classification: 'retail' },
    deposits: [[150_000, 'uae-bank-transfer', 138]],
    purchases: [['MZ-DXB-003', 60_000, 135], ['MZ-AUH-001', 40_000, 16], ['MZ-DXB-001', 35_000, 10]],
  },
];

/** The professional investors who hold what the catalogue sold "outside the demo accounts". */
export const BACKFILL_INVESTORS: DemoInvestor[] = [
  {
    email: 'investments@alnoor-family.example.ae',
    firstName: 'Hamdan',
    lastName: 'Al Noori',
    phone: '+971501230099',
    personal: { firstName: 'Hamdan', lastName: 'Al Noori', dateOfBirth: '1969-04-17', nationality: 'AE', idType: 'emirates_id', idNumber: '784-1969-1184420-5', idExpiryDate: years(5) },
    address: { line1: 'Al Noor Family Office, Level 21, ICD Brookfield Place, DIFC', city: 'Dubai', region: 'Dubai', country: 'AE' },
    financial: { employmentStatus: 'business_owner', occupation: 'Family office principal', employerName: 'Al Noor Family Office', incomeBand: 'over_1m', sourceOfFunds: ['business_income', 'investments', 'inheritance'], netWorthBand: 'over_10m', politicallyExposed: false, classification: 'professional', professionalCriteria: ['net_assets_4m', 'income_1m'], professionalAcknowledged: true },
    deposits: [],
    purchases: [],
  },
  {
    email: 'treasury@gulfhorizon.example.com',
    firstName: 'Mariam',
    lastName: 'Haddadin',
    phone: '+971507770011',
    personal: { firstName: 'Mariam', lastName: 'Haddadin', dateOfBirth: '1975-08-05', nationality: 'JO', idType: 'passport', idNumber: 'R4418273', idExpiryDate: years(6) },
    address: { line1: 'Gulf Horizon Capital, Office 1402, Al Maqam Tower, ADGM', city: 'Abu Dhabi', region: 'Abu Dhabi', country: 'AE' },
    financial: { employmentStatus: 'employed', occupation: 'Chief investment officer', employerName: 'Gulf Horizon Capital', incomeBand: 'over_1m', sourceOfFunds: ['salary', 'investments'], netWorthBand: '4m_10m', politicallyExposed: false, classification: 'professional', professionalCriteria: ['net_assets_4m', 'income_1m'], professionalAcknowledged: true },
    deposits: [],
    purchases: [],
  },
];

const DEMO_IBAN = 'AE070331234567890123456';
const daysAgo = (days: number, now: Date) => new Date(now.getTime() - days * 86_400_000 - 3 * 3_600_000);

function demoDocument(type: string, name: string): { bytes: Uint8Array; originalName: string } {
  if (type === 'proof_of_address') return { bytes: demoPdf(['Etisalat by e& - statement of account', `Account holder: ${name}`, 'Demo document']), originalName: 'statement.pdf' };
  if (type === 'selfie') return { bytes: demoPng(240, 300, [215, 185, 165]), originalName: 'selfie.png' };
  return { bytes: demoPng(428, 270, [150, 190, 180]), originalName: `${type.replaceAll('_', '-')}.png` };
}

/** Creates (or finds) a verified investor through the KYC services. */
async function ensureVerifiedInvestor(db: Db, d: DemoInvestor, adminId: string, passwordHash: string, createdDaysAgo: number): Promise<{ id: string; created: boolean }> {
  const [existing] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${d.email}`);
  if (existing) return { id: existing.id, created: false };
  const [user] = await db
    .insert(users)
    .values({ email: d.email, passwordHash, firstName: d.firstName, lastName: d.lastName, phone: d.phone, role: 'investor', unicode: newUnicode(), kycStatus: 'not_started', createdAt: sql`now() - make_interval(days => ${createdDaysAgo})` })
    .returning({ id: users.id });
  const personal = personalInput.parse(d.personal);
  await saveStep(db, user.id, { step: 'personal', data: personal });
  await saveStep(db, user.id, { step: 'address', data: addressInput.parse(d.address) });
  await saveStep(db, user.id, { step: 'financial', data: financialInput.parse(d.financial) });
  const types = personal.idType === 'emirates_id' ? ['emirates_id_front', 'emirates_id_back', 'proof_of_address', 'selfie'] : ['passport', 'proof_of_address', 'selfie'];
  for (const type of types) await uploadDocument(db, user.id, { type: type as never, ...demoDocument(type, `${d.firstName} ${d.lastName}`) });
  await submitApplication(db, user.id, { declaration: true });
  await approveApplication(db, user.id, { note: 'Demo investor: documents verified.', override: false, overrideReason: undefined } as never, { id: adminId, ip: null } as never);
  return { id: user.id, created: true };
}

/** Deposits enough (by bank transfer, ≤ AED 10M a deposit) for the wallet to receive at least `net` fils. */
async function depositNet(db: Db, userId: string, net: bigint, at: Date) {
  const provider = createSandboxProvider({ confirmAfterMs: null });
  let left = net;
  const rates = await transactionCharges(db);
  while (left > 0n) {
    // Gross up for the 0.5% charge and its VAT, then check with the one pricing function.
    let gross = (left * 10_000n) / (10_000n - 53n) + 100n;
    if (gross > MAX_AMOUNT_FILS) gross = MAX_AMOUNT_FILS;
    const d = await createDeposit(db, provider, userId, { amount: gross, method: 'uae-bank-transfer' }, { at });
    await confirmDeposit(db, provider.name, d.providerRef, { at, notify: false });
    left -= BigInt(quoteDeposit(gross, 'uae-bank-transfer', rates).net);
  }
}

async function propertyByRef(db: Db, reference: string) {
  const [p] = await q<{ id: string; status: string; share_price: string; shares_sold: string; total_shares: string; published_at: string | null }>(
    db,
    sql`select id, status, share_price::text, shares_sold::text, total_shares::text, published_at::text from properties where reference = ${reference}`,
  );
  return p ?? null;
}

type Target = { id: string; reference: string; target: bigint; price: bigint; publishedAt: string | null };

/**
 * Shares the catalogue marks sold that nobody holds: released now (so the demo investors can buy into a
 * funded property as they would have while it was funding), and bought back afterwards by backfill.
 */
async function releaseUnheldShares(db: Db): Promise<Target[]> {
  const rows = await q<{ id: string; reference: string; sold: string; held: string; share_price: string; published_at: string | null }>(
    db,
    sql`select p.id, p.reference, p.shares_sold::text as sold, coalesce(h.units, 0)::text as held, p.share_price::text, p.published_at::text
          from properties p left join (select property_id, sum(units) as units from holdings group by property_id) h on h.property_id = p.id
         where p.shares_sold > coalesce(h.units, 0) order by p.reference`,
  );
  for (const r of rows) await db.execute(sql`update properties set shares_sold = ${r.held}::bigint where id = ${r.id}`);
  return rows.map((r) => ({ id: r.id, reference: r.reference, target: big(r.sold), price: big(r.share_price), publishedAt: r.published_at }));
}

/**
 * Buys each released property back up to the shares sold the catalogue shows, as real purchases (with their
 * deposits and journal entries) by the professional investors, dated while the property was funding.
 */
async function backfillSoldShares(db: Db, targets: Target[], holderIds: string[], now: Date): Promise<number> {
  let purchases = 0;
  for (const [i, t] of targets.entries()) {
    const [h] = await q<{ held: string; status: string }>(
      db,
      sql`select coalesce((select sum(units) from holdings where property_id = ${t.id}), 0)::text as held, (select status from properties where id = ${t.id}) as status`,
    );
    let shortfall = t.target - big(h.held);
    const published = t.publishedAt ? new Date(t.publishedAt) : daysAgo(400, now);
    const span = Math.max(4, Math.floor((now.getTime() - published.getTime()) / 86_400_000));
    let chunk = 0;
    while (shortfall > 0n) {
      const holder = holderIds[(i + chunk) % holderIds.length];
      // At most AED 9.9M a purchase, and an amount that buys no more units than are missing.
      let amount = (shortfall * t.price) / SHARE_SCALE;
      if (amount > 990_000_000n) amount = 990_000_000n;
      const units = (amount * SHARE_SCALE) / t.price;
      if (units <= 0n || amount < 20_000n) break;
      const cost = (units * t.price + SHARE_SCALE - 1n) / SHARE_SCALE;
      // Spread over the funding period, from soon after publication, and at least three days ago.
      const at = daysAgo(Math.max(3, span - 1 - Math.floor(((span - 1) * chunk) / 3)), now);
      // The professional investors keep 2% of what they invest as cash in the wallet, for fees as they fall due.
      await depositNet(db, holder, cost + cost / 50n, at);
      const result = await invest(db, holder, { propertyId: t.id, amount }, { now: at, allowStatuses: ['funded', 'exited', 'closed'], notify: false });
      shortfall -= BigInt(result.body.units);
      purchases += 1;
      chunk += 1;
    }
    // Units too few to price (less than a fil's worth) stay released: the catalogue shows them unsold.
    // Buying the last shares marks a property funded; a sold (exited) or closed one keeps its own status.
    if (h.status === 'exited' || h.status === 'closed') await db.execute(sql`update properties set status = ${h.status} where id = ${t.id}`);
  }
  return purchases;
}

export async function seedDemoInvesting(db: Db, opts: { now?: Date } = {}): Promise<{ investors: number; purchases: number }> {
  const now = opts.now ?? new Date();
  await seedChartOfAccounts(db);
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (!admin) return { investors: 0, purchases: 0 };
  const [anyProperty] = await q(db, sql`select 1 from properties limit 1`);
  if (!anyProperty) return { investors: 0, purchases: 0 };
  const targets = await releaseUnheldShares(db);
  const allExist = await q(db, sql`select count(*)::int as n from users where lower(email) in (${sql.join([...BACKFILL_INVESTORS, ...DEMO_INVESTORS].map((d) => sql`${d.email}`), sql`, `)})`);
  if (!targets.length && Number((allExist[0] as { n: number }).n) === BACKFILL_INVESTORS.length + DEMO_INVESTORS.length) return { investors: 0, purchases: 0 };
  const passwordHash = await Bun.password.hash(crypto.randomUUID() + crypto.randomUUID(), { algorithm: 'argon2id' });

  let investors = 0;
  let purchases = 0;
  const holders: string[] = [];
  for (const [i, d] of BACKFILL_INVESTORS.entries()) {
    const { id, created } = await ensureVerifiedInvestor(db, d, admin.id, passwordHash, 720 - i * 30);
    if (created) investors += 1;
    holders.push(id);
  }

  // The first demo investor can sign in (README: a verified investor with a portfolio); the rest cannot.
  const knownHash = await Bun.password.hash(DEMO_VERIFIED_INVESTOR_PASSWORD, { algorithm: 'argon2id' });
  for (const [i, d] of DEMO_INVESTORS.entries()) {
    const { id, created } = await ensureVerifiedInvestor(db, d, admin.id, i === 0 ? knownHash : passwordHash, 200 - i * 20);
    if (!created) continue;
    investors += 1;
    // Deposits and purchases in date order, so the running balance reads as it happened.
    const events = [
      ...d.deposits.map(([aed, method, days]) => ({ days, kind: 'deposit' as const, aed, method, ref: '', index: -1 })),
      ...d.purchases.map(([ref, aed, days], index) => ({ days, kind: 'purchase' as const, aed, method: '', ref, index })),
    ].sort((a, b) => b.days - a.days || (a.kind === 'deposit' ? -1 : 1));
    const provider = createSandboxProvider({ confirmAfterMs: null });
    const made: string[] = [];
    for (const e of events) {
      const at = daysAgo(e.days, now);
      if (e.kind === 'deposit') {
        const dep = await createDeposit(db, provider, id, { amount: BigInt(e.aed) * 100n, method: e.method as never }, { at });
        await confirmDeposit(db, provider.name, dep.providerRef, { at, notify: false });
        continue;
      }
      const property = await propertyByRef(db, e.ref);
      if (!property || !['funding', 'funded'].includes(property.status)) continue;
      try {
        const r = await invest(db, id, { propertyId: property.id, amount: BigInt(e.aed) * 100n }, { now: at, allowStatuses: ['funded'], notify: false });
        made[e.index] = r.body.id;
        purchases += 1;
      } catch {
        // Sold out, or the catalogue changed: the demo investor simply did not buy it.
      }
    }
    if (d.cancel !== undefined && made[d.cancel]) await cancelInvestment(db, id, made[d.cancel]);
    for (const [aed, status] of d.withdrawals ?? []) {
      const w = await requestWithdrawal(db, id, { amount: BigInt(aed) * 100n, iban: DEMO_IBAN });
      if (status === 'paid') {
        const payouts = createSandboxProvider({ confirmAfterMs: null });
        await approveWithdrawal(db, payouts, admin.id, w.id, null);
        const [{ provider_ref }] = await q<{ provider_ref: string }>(db, sql`select provider_ref from wallet_withdrawals where id = ${w.id}`);
        await markPayoutPaid(db, payouts.name, provider_ref);
      }
    }
  }
  purchases += await backfillSoldShares(db, targets, holders, now);
  return { investors, purchases };
}
