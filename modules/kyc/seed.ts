/**
 * Demo KYC applicants, so /admin/kyc has a living queue on a fresh install: one submitted with every
 * document, one rejected with a per-document reason, one flagged by the (fictitious) demo screening list.
 * They go through the real services (history, screening, notifications and audit entries included).
 * Idempotent: an applicant whose email exists is left alone. The demo investor is not touched.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { users } from '../auth/schema';
import { newUnicode } from '../auth/unicode';
import { demoPdf, demoPng } from './demo-files';
import { addressInput, financialInput, personalInput, type KycAddressInput, type KycDocumentType, type KycFinancialInput, type KycPersonalInput } from './contract';
import { kycApplications } from './schema';
import { saveStep, submitApplication, uploadDocument } from './service';
import { rejectApplication } from './review';

type DemoApplicant = {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  personal: KycPersonalInput;
  address: KycAddressInput;
  financial: KycFinancialInput;
  daysAgo: number;
  reject?: { reason: string; documentType: KycDocumentType; documentReason: string };
};

const years = (n: number) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() + n);
  return d.toISOString().slice(0, 10);
};

export const DEMO_KYC_APPLICANTS: DemoApplicant[] = [
  {
    email: 'fatima.almansoori@example.ae',
    firstName: 'Fatima',
    lastName: 'Al Mansoori',
    phone: '+971502223344',
    personal: { firstName: 'Fatima', lastName: 'Al Mansoori', dateOfBirth: '1991-03-14', nationality: 'AE', idType: 'emirates_id', idNumber: '784-1991-4827153-1', idExpiryDate: years(3) },
    address: { line1: 'Villa 14, Street 7, Al Barsha 2', city: 'Dubai', region: 'Dubai', country: 'AE' },
    financial: { employmentStatus: 'employed', occupation: 'Architect', employerName: 'Gulf Design Studio', incomeBand: '300k_600k', sourceOfFunds: ['salary', 'savings'], netWorthBand: '1m_4m', politicallyExposed: false, classification: 'retail' },
    daysAgo: 3,
  },
  {
    email: 'rohan.mehta@example.com',
    firstName: 'Rohan',
    lastName: 'Mehta',
    phone: '+971554567890',
    personal: { firstName: 'Rohan', lastName: 'Mehta', dateOfBirth: '1986-11-02', nationality: 'IN', idType: 'passport', idNumber: 'Z4821937', idExpiryDate: years(6) },
    address: { line1: 'Apartment 1203, Marina Heights Tower', city: 'Dubai', region: 'Dubai', country: 'AE' },
    financial: { employmentStatus: 'business_owner', occupation: 'Managing director', employerName: 'Mehta Trading LLC', incomeBand: 'over_1m', sourceOfFunds: ['business_income'], netWorthBand: '4m_10m', politicallyExposed: false, classification: 'professional', professionalCriteria: ['net_assets_4m', 'income_1m'], professionalAcknowledged: true },
    daysAgo: 6,
    reject: {
      reason: 'Your proof of address is older than three months. Please upload a utility bill or bank statement from the last three months.',
      documentType: 'proof_of_address',
      documentReason: 'The statement is dated more than three months ago.',
    },
  },
  {
    // Close to a name on the fictitious demo watchlist, to show a screening hit and the approval override.
    email: 'samira.khuzaymi@example.com',
    firstName: 'Samira',
    lastName: 'Al-Khuzaymi',
    phone: '+971567771122',
    personal: { firstName: 'Samira', lastName: 'Al-Khuzaymi', dateOfBirth: '1988-03-22', nationality: 'BH', idType: 'passport', idNumber: 'BH7730219', idExpiryDate: years(4) },
    address: { line1: 'Flat 5, Building 22, Al Reem Island', city: 'Abu Dhabi', region: 'Abu Dhabi', country: 'AE' },
    financial: { employmentStatus: 'self_employed', occupation: 'Consultant', incomeBand: '600k_1m', sourceOfFunds: ['business_income', 'investments'], netWorthBand: '1m_4m', politicallyExposed: true, classification: 'retail' },
    daysAgo: 1,
  },
];

const palette: Record<KycDocumentType, [number, number, number]> = {
  emirates_id_front: [170, 205, 190],
  emirates_id_back: [150, 185, 175],
  passport: [120, 80, 90],
  proof_of_address: [240, 240, 235],
  selfie: [220, 190, 170],
  supporting: [200, 200, 200],
};

function demoDocument(type: KycDocumentType, name: string): { bytes: Uint8Array; originalName: string } {
  if (type === 'proof_of_address') {
    return { bytes: demoPdf(['DEWA - Dubai Electricity and Water Authority', `Account holder: ${name}`, 'Statement of account (demo document)']), originalName: 'utility-bill.pdf' };
  }
  if (type === 'selfie') return { bytes: demoPng(240, 300, palette[type]), originalName: 'selfie.png' };
  return { bytes: demoPng(428, 270, palette[type]), originalName: `${type.replaceAll('_', '-')}.png` };
}

export async function seedKycDemo(db: Db): Promise<{ created: number }> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  let created = 0;
  for (const a of DEMO_KYC_APPLICANTS) {
    const [exists] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${a.email}`);
    if (exists) continue;
    const [user] = await db
      .insert(users)
      .values({
        email: a.email,
        passwordHash: await Bun.password.hash(crypto.randomUUID() + crypto.randomUUID(), { algorithm: 'argon2id' }),
        firstName: a.firstName,
        lastName: a.lastName,
        phone: a.phone,
        role: 'investor',
        unicode: newUnicode(),
        kycStatus: 'not_started',
      })
      .returning({ id: users.id });
    const personal = personalInput.parse(a.personal);
    await saveStep(db, user.id, { step: 'personal', data: personal });
    await saveStep(db, user.id, { step: 'address', data: addressInput.parse(a.address) });
    await saveStep(db, user.id, { step: 'financial', data: financialInput.parse(a.financial) });
    const docIds = new Map<KycDocumentType, string>();
    const types: KycDocumentType[] =
      personal.idType === 'emirates_id' ? ['emirates_id_front', 'emirates_id_back', 'proof_of_address', 'selfie'] : ['passport', 'proof_of_address', 'selfie'];
    for (const type of types) {
      const doc = await uploadDocument(db, user.id, { type, ...demoDocument(type, `${a.firstName} ${a.lastName}`) });
      docIds.set(type, doc.id);
    }
    await submitApplication(db, user.id, { declaration: true });
    if (a.reject && admin) {
      await rejectApplication(
        db,
        user.id,
        { reason: a.reject.reason, documents: [{ id: docIds.get(a.reject.documentType)!, reason: a.reject.documentReason }] },
        { id: admin.id, ip: null },
      );
    }
    // Spread the queue over the last days, so the age filter and sorting have something to show.
    await db
      .update(kycApplications)
      .set({ submittedAt: sql`now() - make_interval(days => ${a.daysAgo})`, firstSubmittedAt: sql`now() - make_interval(days => ${a.daysAgo})` })
      .where(eq(kycApplications.userId, user.id));
    created += 1;
  }
  return { created };
}
