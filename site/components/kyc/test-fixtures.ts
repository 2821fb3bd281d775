/** Applications as GET /api/kyc answers them, for the KYC screens' tests (not shipped: only tests import it). */
import type { CurrentUser } from '@modules/auth/contract';
import {
  type KycApplicationJson,
  type KycDocumentJson,
  type KycDocumentType,
  type KycMissingItem,
  requiredDocumentTypes,
} from '@modules/kyc/contract';

export const omar: CurrentUser = {
  id: 'u1',
  firstName: 'Omar',
  lastName: 'Rahman',
  email: 'omar@example.com',
  role: 'investor',
  mfaEnabled: false,
  kycStatus: 'not_started',
  unicode: 'MZ-TEST01',
};

export const validPersonal = {
  firstName: 'Omar',
  middleName: undefined as string | undefined,
  lastName: 'Rahman',
  dateOfBirth: '1990-04-12',
  nationality: 'AE',
  idType: 'emirates_id' as const,
  idNumber: '784-1990-1234567-6',
  idExpiryDate: '2031-01-01',
};
export const validAddress = { line1: 'Flat 1204, Marina Heights', line2: undefined as string | undefined, city: 'Dubai', region: 'Dubai' as string | undefined, postalCode: undefined as string | undefined, country: 'AE' };
export const validFinancial = {
  employmentStatus: 'employed' as const,
  occupation: 'Engineer',
  employerName: 'Emaar',
  incomeBand: '300k_600k' as const,
  sourceOfFunds: ['salary' as const],
  sourceOfFundsOther: undefined as string | undefined,
  netWorthBand: '500k_1m' as const,
  politicallyExposed: false,
  classification: 'retail' as const,
  professionalCriteria: [] as ('net_assets_4m' | 'income_1m' | 'regulated_role')[],
  professionalAcknowledged: false,
};

export function doc(type: KycDocumentType, patch: Partial<KycDocumentJson> = {}): KycDocumentJson {
  const id = `00000000-0000-4000-8000-00000000000${type.length % 10}`;
  return {
    id,
    type,
    status: 'pending',
    rejectionReason: null,
    fileId: `f-${type}`,
    url: `/api/files/f-${type}`,
    contentType: 'image/png',
    size: 2048,
    width: 200,
    height: 120,
    originalName: `${type}.png`,
    uploadedAt: '2026-03-01T10:00:00.000Z',
    superseded: false,
    ...patch,
  };
}

/** An application; `missing` and `steps` follow from what is filled in, as the server computes them. */
export function application(patch: Partial<KycApplicationJson> = {}): KycApplicationJson {
  const base: KycApplicationJson = {
    userId: 'u1',
    status: 'not_started',
    editable: true,
    steps: { personal: { complete: false }, documents: { complete: false }, address: { complete: false }, financial: { complete: false }, review: { complete: false } },
    personal: null,
    address: null,
    financial: null,
    documents: [],
    requiredDocuments: requiredDocumentTypes(null),
    missing: [],
    declarationAcceptedAt: null,
    submittedAt: null,
    decidedAt: null,
    rejection: null,
    requestedDocuments: null,
    classification: null,
    retailLimit: { annualLimit: '18000000', appliesToYou: true, used: '0', remaining: '18000000' },
    updatedAt: null,
  };
  const app = { ...base, ...patch };
  app.requiredDocuments = requiredDocumentTypes(app.personal?.idType);
  const missing: KycMissingItem[] = [];
  if (!app.personal) missing.push({ step: 'personal', message: 'Fill in your personal information.' });
  for (const t of app.requiredDocuments) {
    const d = app.documents.find((x) => x.type === t);
    if (!d || d.status === 'rejected') missing.push({ step: 'documents', documentType: t, message: `Upload your ${t}.` });
  }
  if (!app.address) missing.push({ step: 'address', message: 'Fill in your address.' });
  if (!app.financial) missing.push({ step: 'financial', message: 'Fill in your financial information.' });
  const submitted = !['not_started', 'in_progress', 'rejected'].includes(app.status);
  app.missing = patch.missing ?? missing;
  app.steps = patch.steps ?? {
    personal: { complete: submitted || !missing.some((m) => m.step === 'personal') },
    documents: { complete: submitted || !missing.some((m) => m.step === 'documents') },
    address: { complete: submitted || !missing.some((m) => m.step === 'address') },
    financial: { complete: submitted || !missing.some((m) => m.step === 'financial') },
    review: { complete: submitted },
  };
  app.editable = ['not_started', 'in_progress', 'rejected'].includes(app.status);
  return app;
}

/** Everything filled in and uploaded, not yet submitted. */
export function completeApplication(patch: Partial<KycApplicationJson> = {}): KycApplicationJson {
  return application({
    status: 'in_progress',
    personal: { ...validPersonal, idNumber: '784-1990-1234567-6' },
    address: validAddress,
    financial: validFinancial,
    documents: requiredDocumentTypes('emirates_id').map((t) => doc(t)),
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...patch,
  });
}
