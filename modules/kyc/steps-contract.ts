/** The five KYC steps' inputs (personal, documents, address, financial, review and submit). Browser-safe. */
import { z } from 'zod';
import { ID_TYPES, KycIdType, MINIMUM_AGE, NAME_PATTERN, ageOn, countryCode, dateField, kycMessages, legalName, normalizeEmiratesId, normalizePassportNumber, optionalText, todayIso } from './rules-contract';
import { UAE_EMIRATES } from './countries-contract';
import type { KycStep } from './contract';


export const personalInput = z
  .object({
    firstName: legalName(kycMessages.firstName),
    middleName: optionalText(60, kycMessages.middleName, NAME_PATTERN),
    lastName: legalName(kycMessages.lastName),
    dateOfBirth: dateField(kycMessages.dateOfBirth),
    nationality: countryCode(kycMessages.nationality),
    idType: z.enum(ID_TYPES, { error: kycMessages.idType }),
    idNumber: z.string({ error: kycMessages.idNumber }).trim().min(1, kycMessages.idNumber).max(40, kycMessages.idNumber),
    idExpiryDate: dateField(kycMessages.idExpiryDate),
  })
  .superRefine((v, ctx) => {
    const today = todayIso();
    if (v.dateOfBirth > today) ctx.addIssue({ code: 'custom', path: ['dateOfBirth'], message: kycMessages.dateOfBirthFuture });
    else if (ageOn(v.dateOfBirth, today) > 120) ctx.addIssue({ code: 'custom', path: ['dateOfBirth'], message: kycMessages.dateOfBirthTooOld });
    else if (ageOn(v.dateOfBirth, today) < MINIMUM_AGE) ctx.addIssue({ code: 'custom', path: ['dateOfBirth'], message: kycMessages.underAge });
    if (v.idType === 'emirates_id' && !normalizeEmiratesId(v.idNumber)) {
      ctx.addIssue({ code: 'custom', path: ['idNumber'], message: kycMessages.emiratesId });
    }
    if (v.idType === 'passport' && !normalizePassportNumber(v.idNumber)) {
      ctx.addIssue({ code: 'custom', path: ['idNumber'], message: kycMessages.passport });
    }
    if (v.idExpiryDate <= today) ctx.addIssue({ code: 'custom', path: ['idExpiryDate'], message: kycMessages.idExpired });
  })
  .transform((v) => ({
    ...v,
    idNumber: (v.idType === 'emirates_id' ? normalizeEmiratesId(v.idNumber) : normalizePassportNumber(v.idNumber)) ?? v.idNumber,
  }));
export type KycPersonalInput = z.input<typeof personalInput>;
export type KycPersonal = z.output<typeof personalInput>;

/** The name screening and the admin screens use: first, middle and last. */
export const kycFullName = (p: Pick<KycPersonal, 'firstName' | 'middleName' | 'lastName'>) =>
  [p.firstName, p.middleName, p.lastName].filter(Boolean).join(' ');

// ---------------------------------------------------------------------------------------------------
// Step 3: address (the UI shows it after documents; it can be saved in any order).

export const addressInput = z
  .object({
    line1: z.string({ error: kycMessages.addressLine1 }).trim().min(3, kycMessages.addressLine1).max(120, kycMessages.addressLine1),
    line2: optionalText(120, kycMessages.addressLine2),
    city: z.string({ error: kycMessages.city }).trim().min(2, kycMessages.city).max(60, kycMessages.city),
    /** The emirate for an address in the UAE (required there, one of UAE_EMIRATES); a state or region elsewhere. */
    region: optionalText(60, kycMessages.region),
    postalCode: optionalText(12, kycMessages.postalCode, /^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/),
    country: countryCode(kycMessages.country),
  })
  .superRefine((v, ctx) => {
    if (v.country === 'AE' && !(UAE_EMIRATES as readonly string[]).includes(v.region ?? '')) {
      ctx.addIssue({ code: 'custom', path: ['region'], message: kycMessages.emirate });
    }
  });
export type KycAddressInput = z.input<typeof addressInput>;
export type KycAddress = z.output<typeof addressInput>;

// ---------------------------------------------------------------------------------------------------
// Step 4: financial information and investor classification.

export const EMPLOYMENT_STATUSES = ['employed', 'self_employed', 'business_owner', 'retired', 'student', 'homemaker', 'unemployed'] as const;
export type EmploymentStatus = (typeof EMPLOYMENT_STATUSES)[number];
export const employmentStatusLabels: Record<EmploymentStatus, string> = {
  employed: 'Employed',
  self_employed: 'Self-employed',
  business_owner: 'Business owner',
  retired: 'Retired',
  student: 'Student',
  homemaker: 'Homemaker',
  unemployed: 'Not employed',
};
/** Employment statuses that need an occupation; the first and third need an employer or company name too. */
export const EMPLOYMENT_NEEDS_OCCUPATION: readonly EmploymentStatus[] = ['employed', 'self_employed', 'business_owner'];
export const EMPLOYMENT_NEEDS_EMPLOYER: readonly EmploymentStatus[] = ['employed', 'business_owner'];

/** Annual income, AED. */
export const INCOME_BANDS = ['under_120k', '120k_300k', '300k_600k', '600k_1m', 'over_1m'] as const;
export type IncomeBand = (typeof INCOME_BANDS)[number];
export const incomeBandLabels: Record<IncomeBand, string> = {
  under_120k: 'Under AED 120,000',
  '120k_300k': 'AED 120,000 – 300,000',
  '300k_600k': 'AED 300,000 – 600,000',
  '600k_1m': 'AED 600,000 – 1,000,000',
  over_1m: 'Over AED 1,000,000',
};

export const SOURCES_OF_FUNDS = ['salary', 'business_income', 'investments', 'savings', 'inheritance', 'property_sale', 'pension', 'gift', 'other'] as const;
export type SourceOfFunds = (typeof SOURCES_OF_FUNDS)[number];
export const sourceOfFundsLabels: Record<SourceOfFunds, string> = {
  salary: 'Salary',
  business_income: 'Business income',
  investments: 'Investment returns',
  savings: 'Savings',
  inheritance: 'Inheritance',
  property_sale: 'Sale of property',
  pension: 'Pension',
  gift: 'Gift',
  other: 'Other',
};

/** Net worth excluding the primary residence, AED. */
export const NET_WORTH_BANDS = ['under_500k', '500k_1m', '1m_4m', '4m_10m', 'over_10m'] as const;
export type NetWorthBand = (typeof NET_WORTH_BANDS)[number];
export const netWorthBandLabels: Record<NetWorthBand, string> = {
  under_500k: 'Under AED 500,000',
  '500k_1m': 'AED 500,000 – 1,000,000',
  '1m_4m': 'AED 1,000,000 – 4,000,000',
  '4m_10m': 'AED 4,000,000 – 10,000,000',
  over_10m: 'Over AED 10,000,000',
};

export const INVESTOR_CLASSIFICATIONS = ['retail', 'professional'] as const;
export type InvestorClassification = (typeof INVESTOR_CLASSIFICATIONS)[number];
export const investorClassificationLabels: Record<InvestorClassification, string> = {
  retail: 'Retail investor',
  professional: 'Professional investor',
};

/**
 * Professional investor criteria, after the UAE SCA's definition of a natural-person professional investor.
 * Rule: `professional` needs at least one criterion, each consistent with the answers above it —
 *   net_assets_4m:  net worth (excluding the primary residence) of AED 4,000,000 or more → netWorthBand 4m_10m or over_10m
 *   income_1m:      annual income of AED 1,000,000 or more → incomeBand over_1m
 *   regulated_role: works or worked for at least a year in a professional role at a licensed financial institution
 *                   (declared; an admin may ask for proof with request-documents)
 * — and the acknowledgement that professional investors have no annual investment limit and fewer protections.
 * Retail investors are held to the annual investment limit (a setting, AED 180,000 a year by default).
 */
export const PROFESSIONAL_CRITERIA = ['net_assets_4m', 'income_1m', 'regulated_role'] as const;
export type ProfessionalCriterion = (typeof PROFESSIONAL_CRITERIA)[number];
export const professionalCriterionLabels: Record<ProfessionalCriterion, string> = {
  net_assets_4m: 'My net assets, excluding my primary residence, are AED 4,000,000 or more',
  income_1m: 'My annual income is AED 1,000,000 or more',
  regulated_role: 'I work, or have worked for at least a year, in a professional role at a licensed financial institution',
};
export const PROFESSIONAL_NET_WORTH_BANDS: readonly NetWorthBand[] = ['4m_10m', 'over_10m'];

export const financialInput = z
  .object({
    employmentStatus: z.enum(EMPLOYMENT_STATUSES, { error: kycMessages.employmentStatus }),
    occupation: optionalText(80, kycMessages.occupation),
    employerName: optionalText(120, kycMessages.employerName),
    incomeBand: z.enum(INCOME_BANDS, { error: kycMessages.incomeBand }),
    sourceOfFunds: z
      .array(z.enum(SOURCES_OF_FUNDS, { error: kycMessages.sourceOfFunds }), { error: kycMessages.sourceOfFunds })
      .min(1, kycMessages.sourceOfFunds)
      .max(SOURCES_OF_FUNDS.length, kycMessages.sourceOfFunds)
      .transform((v) => [...new Set(v)]),
    sourceOfFundsOther: optionalText(200, kycMessages.sourceOfFundsOther),
    netWorthBand: z.enum(NET_WORTH_BANDS, { error: kycMessages.netWorthBand }),
    politicallyExposed: z.boolean({ error: kycMessages.politicallyExposed }),
    classification: z.enum(INVESTOR_CLASSIFICATIONS, { error: kycMessages.classification }),
    professionalCriteria: z
      .array(z.enum(PROFESSIONAL_CRITERIA, { error: kycMessages.professionalCriteria }), { error: kycMessages.professionalCriteria })
      .max(PROFESSIONAL_CRITERIA.length, kycMessages.professionalCriteria)
      .optional()
      .default([])
      .transform((v) => [...new Set(v)]),
    professionalAcknowledged: z.boolean({ error: kycMessages.professionalAcknowledged }).optional().default(false),
  })
  .superRefine((v, ctx) => {
    if (EMPLOYMENT_NEEDS_OCCUPATION.includes(v.employmentStatus) && (!v.occupation || v.occupation.length < 2)) {
      ctx.addIssue({ code: 'custom', path: ['occupation'], message: kycMessages.occupation });
    }
    if (EMPLOYMENT_NEEDS_EMPLOYER.includes(v.employmentStatus) && (!v.employerName || v.employerName.length < 2)) {
      ctx.addIssue({ code: 'custom', path: ['employerName'], message: kycMessages.employerName });
    }
    if (v.sourceOfFunds.includes('other') && (!v.sourceOfFundsOther || v.sourceOfFundsOther.length < 3)) {
      ctx.addIssue({ code: 'custom', path: ['sourceOfFundsOther'], message: kycMessages.sourceOfFundsOther });
    }
    if (v.classification !== 'professional') return;
    if (v.professionalCriteria.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['professionalCriteria'], message: kycMessages.professionalCriteria });
    }
    if (v.professionalCriteria.includes('net_assets_4m') && !PROFESSIONAL_NET_WORTH_BANDS.includes(v.netWorthBand)) {
      ctx.addIssue({ code: 'custom', path: ['professionalCriteria'], message: kycMessages.professionalNetAssets });
    }
    if (v.professionalCriteria.includes('income_1m') && v.incomeBand !== 'over_1m') {
      ctx.addIssue({ code: 'custom', path: ['professionalCriteria'], message: kycMessages.professionalIncome });
    }
    if (!v.professionalAcknowledged) {
      ctx.addIssue({ code: 'custom', path: ['professionalAcknowledged'], message: kycMessages.professionalAcknowledged });
    }
  })
  .transform((v) => ({
    ...v,
    // What does not apply is not kept.
    occupation: EMPLOYMENT_NEEDS_OCCUPATION.includes(v.employmentStatus) ? v.occupation : undefined,
    employerName: EMPLOYMENT_NEEDS_EMPLOYER.includes(v.employmentStatus) ? v.employerName : undefined,
    sourceOfFundsOther: v.sourceOfFunds.includes('other') ? v.sourceOfFundsOther : undefined,
    professionalCriteria: v.classification === 'professional' ? v.professionalCriteria : [],
    professionalAcknowledged: v.classification === 'professional' ? v.professionalAcknowledged : false,
  }));
export type KycFinancialInput = z.input<typeof financialInput>;
export type KycFinancial = z.output<typeof financialInput>;

// ---------------------------------------------------------------------------------------------------
// Step 2: documents.

export const KYC_DOCUMENT_TYPES = ['emirates_id_front', 'emirates_id_back', 'passport', 'proof_of_address', 'selfie', 'supporting'] as const;
export type KycDocumentType = (typeof KYC_DOCUMENT_TYPES)[number];
export const kycDocumentTypeLabels: Record<KycDocumentType, string> = {
  emirates_id_front: 'Emirates ID (front)',
  emirates_id_back: 'Emirates ID (back)',
  passport: 'Passport (photo page)',
  proof_of_address: 'Proof of address',
  selfie: 'Selfie',
  supporting: 'Supporting document',
};
export const kycDocumentTypeHints: Record<KycDocumentType, string> = {
  emirates_id_front: 'The side with your photo. All four corners visible, no glare.',
  emirates_id_back: 'The side with the chip and the machine-readable lines.',
  passport: 'The page with your photo and the machine-readable lines.',
  proof_of_address: 'A utility bill, bank statement or tenancy contract (Ejari) from the last 3 months, showing your name and address.',
  selfie: 'A clear photo of your face, looking at the camera, without sunglasses or a hat.',
  supporting: 'Any further document we asked you for.',
};
export const KYC_DOCUMENT_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type KycDocumentStatus = (typeof KYC_DOCUMENT_STATUSES)[number];
export const kycDocumentStatusLabels: Record<KycDocumentStatus, string> = { pending: 'Pending review', accepted: 'Accepted', rejected: 'Rejected' };

/** The documents a submission needs, by the ID chosen in the personal step (none chosen yet: the ID-independent ones). */
export function requiredDocumentTypes(idType: KycIdType | null | undefined): KycDocumentType[] {
  if (idType === 'emirates_id') return ['emirates_id_front', 'emirates_id_back', 'proof_of_address', 'selfie'];
  if (idType === 'passport') return ['passport', 'proof_of_address', 'selfie'];
  return ['proof_of_address', 'selfie'];
}

export const documentTypeSchema = z.enum(KYC_DOCUMENT_TYPES, { error: kycMessages.documentType });

/** Upload limits, enforced by the server on the file's content (magic bytes), not its name or declared type. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const ALLOWED_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
/** For <input type="file" accept=…>. */
export const UPLOAD_ACCEPT = 'image/jpeg,image/png,application/pdf,.jpg,.jpeg,.png,.pdf';
export const UPLOAD_RULES_TEXT = 'JPEG, PNG or PDF, at most 10 MB';

/** Client-side pre-check of a chosen file (the server checks the content again). Null when fine. */
export function checkUploadFile(file: { size: number; type: string }): string | null {
  if (file.size === 0) return kycMessages.fileMissing;
  if (file.size > MAX_UPLOAD_BYTES) return kycMessages.fileTooLarge;
  if (file.type && !(ALLOWED_UPLOAD_TYPES as readonly string[]).includes(file.type)) return kycMessages.fileType;
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Step 5: review and submit.

export const KYC_DECLARATION_TEXT =
  'I declare that the information and documents I have provided are true, complete and my own, that I am acting on my own behalf, ' +
  'and that I will tell Manzil promptly if any of it changes. I understand that giving false information may lead to my account being closed and reported to the authorities.';

export const submitInput = z.object({ declaration: z.literal(true, { error: kycMessages.declaration }) });
export type KycSubmitInput = z.input<typeof submitInput>;
/** What POST /api/kyc/submit accepts: a missing or false declaration is reported with the other missing items (422). */
export const submitBody = z.object({ declaration: z.boolean({ error: kycMessages.declaration }).optional().default(false) });

/** One thing still needed before submitting (422 kyc_incomplete lists them; GET /api/kyc too). */
export type KycMissingItem = {
  step: KycStep;
  /** A field of the step, or the document type that is missing. */
  field?: string;
  documentType?: KycDocumentType;
  message: string;
};
