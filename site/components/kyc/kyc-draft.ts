import { z } from 'zod';
import type { KycStepSlug } from './steps';

/**
 * The investor's KYC answers while they walk the steps. They stay in this tab's sessionStorage
 * (cleared at logout and when the tab closes) until the KYC module takes the submission.
 * The validation messages below move to modules/kyc/contract.ts when that module lands.
 */
export const KYC_DRAFT_KEY = 'manzil.kyc.draft';

export const ID_TYPES = [
  { value: 'emirates_id', label: 'Emirates ID' },
  { value: 'passport', label: 'Passport' },
] as const;

export const EMPLOYMENT_STATUSES = [
  { value: 'employed', label: 'Employed' },
  { value: 'self_employed', label: 'Self-employed' },
  { value: 'business_owner', label: 'Business owner' },
  { value: 'retired', label: 'Retired' },
  { value: 'student', label: 'Student' },
  { value: 'not_employed', label: 'Not currently employed' },
] as const;

export const INCOME_BANDS = [
  { value: 'under_120k', label: 'Under AED 120,000' },
  { value: '120k_360k', label: 'AED 120,000 – 360,000' },
  { value: '360k_1m', label: 'AED 360,000 – 1,000,000' },
  { value: 'over_1m', label: 'Over AED 1,000,000' },
] as const;

export const SOURCES_OF_FUNDS = [
  { value: 'salary', label: 'Salary or wages' },
  { value: 'business', label: 'Business income' },
  { value: 'savings', label: 'Savings' },
  { value: 'investments', label: 'Investment returns' },
  { value: 'property_sale', label: 'Sale of property' },
  { value: 'inheritance', label: 'Inheritance or gift' },
  { value: 'pension', label: 'Pension' },
] as const;

export const NET_WORTH_BANDS = [
  { value: 'under_250k', label: 'Under AED 250,000' },
  { value: '250k_1m', label: 'AED 250,000 – 1,000,000' },
  { value: '1m_4m', label: 'AED 1,000,000 – 4,000,000' },
  { value: 'over_4m', label: 'Over AED 4,000,000' },
] as const;

const WORKING = ['employed', 'self_employed', 'business_owner'];

export type KycPersonal = { firstName: string; lastName: string; dateOfBirth: string; nationality: string; idType: string; idNumber: string };
export type KycAddress = { country: string; line1: string; line2: string; city: string; emirate: string; region: string; postalCode: string };
export type KycFinancial = { employmentStatus: string; occupation: string; incomeBand: string; sourcesOfFunds: string[]; netWorthBand: string };

export type KycDraft = {
  version: 1;
  userId: string;
  personal: KycPersonal;
  address: KycAddress;
  financial: KycFinancial;
  declaration: boolean;
  /** Steps whose answers passed validation. Documents complete only once uploaded, which this draft never records. */
  completed: KycStepSlug[];
  lastStep: KycStepSlug;
};

export function emptyDraft(userId: string): KycDraft {
  return {
    version: 1,
    userId,
    personal: { firstName: '', lastName: '', dateOfBirth: '', nationality: '', idType: 'emirates_id', idNumber: '' },
    address: { country: 'AE', line1: '', line2: '', city: '', emirate: '', region: '', postalCode: '' },
    financial: { employmentStatus: '', occupation: '', incomeBand: '', sourcesOfFunds: [], netWorthBand: '' },
    declaration: false,
    completed: [],
    lastStep: 'personal',
  };
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The saved draft for this user; a draft left by someone else in this tab, or an unreadable one, is discarded. */
export function loadDraft(userId: string): KycDraft {
  const fresh = emptyDraft(userId);
  const raw = storage()?.getItem(KYC_DRAFT_KEY);
  if (!raw) return fresh;
  try {
    const saved = JSON.parse(raw) as Partial<KycDraft>;
    if (saved?.version !== 1 || saved.userId !== userId) return fresh;
    return {
      ...fresh,
      personal: { ...fresh.personal, ...saved.personal },
      address: { ...fresh.address, ...saved.address },
      financial: {
        ...fresh.financial,
        ...saved.financial,
        sourcesOfFunds: Array.isArray(saved.financial?.sourcesOfFunds) ? saved.financial.sourcesOfFunds.filter((s) => typeof s === 'string') : [],
      },
      declaration: saved.declaration === true,
      completed: Array.isArray(saved.completed) ? saved.completed.filter((s) => s !== 'documents') : [],
      lastStep: saved.lastStep ?? 'personal',
    };
  } catch {
    return fresh;
  }
}

export function saveDraft(draft: KycDraft) {
  try {
    storage()?.setItem(KYC_DRAFT_KEY, JSON.stringify(draft));
  } catch {
    /* storage full or blocked: the answers still live in memory for this visit */
  }
}

export function hasSavedDraft(userId: string): boolean {
  const d = loadDraft(userId);
  return d.completed.length > 0 || Object.values(d.personal).some((v) => v && v !== 'emirates_id');
}

// ── Emirates ID and passport numbers ────────────────────────────────────────

/** '784198712345671' → '784-1987-1234567-1' (as much as has been typed). */
export function formatEmiratesId(input: string): string {
  const d = input.replace(/\D/g, '').slice(0, 15);
  const parts = [d.slice(0, 3), d.slice(3, 7), d.slice(7, 14), d.slice(14, 15)].filter(Boolean);
  return parts.join('-');
}

export const EMIRATES_ID_PATTERN = /^784-?\d{4}-?\d{7}-?\d$/;
export const PASSPORT_PATTERN = /^[A-Z0-9]{6,12}$/;

/** Whole years between a yyyy-mm-dd birth date and today. */
export function ageOn(dateOfBirth: string, today = new Date()): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const birth = new Date(Date.UTC(y, mo - 1, d));
  if (birth.getUTCMonth() !== mo - 1 || birth.getUTCDate() !== d) return null;
  let age = today.getUTCFullYear() - y;
  if (today.getUTCMonth() + 1 < mo || (today.getUTCMonth() + 1 === mo && today.getUTCDate() < d)) age -= 1;
  return age;
}

export const personalSchema = z
  .object({
    firstName: z.string().trim().min(2, 'First name must be at least 2 characters'),
    lastName: z.string().trim().min(2, 'Last name must be at least 2 characters'),
    dateOfBirth: z.string().min(1, 'Enter your date of birth'),
    nationality: z.string().min(2, 'Choose your nationality'),
    idType: z.enum(['emirates_id', 'passport'], { error: 'Choose the ID you will upload' }),
    idNumber: z.string().trim().min(1, 'Enter your ID number'),
  })
  .superRefine((v, ctx) => {
    const age = ageOn(v.dateOfBirth);
    if (v.dateOfBirth && (age === null || age < 0 || age > 120)) {
      ctx.addIssue({ code: 'custom', path: ['dateOfBirth'], message: 'Enter a valid date of birth' });
    } else if (age !== null && age < 18) {
      ctx.addIssue({ code: 'custom', path: ['dateOfBirth'], message: 'You must be 18 or older to invest' });
    }
    const id = v.idNumber.trim();
    if (!id) return;
    if (v.idType === 'emirates_id' && !EMIRATES_ID_PATTERN.test(id)) {
      ctx.addIssue({ code: 'custom', path: ['idNumber'], message: 'An Emirates ID number has 15 digits: 784-XXXX-XXXXXXX-X' });
    }
    if (v.idType === 'passport' && !PASSPORT_PATTERN.test(id.replace(/\s/g, '').toUpperCase())) {
      ctx.addIssue({ code: 'custom', path: ['idNumber'], message: 'Enter the passport number as printed: 6 to 12 letters and digits' });
    }
  });

export const addressSchema = z
  .object({
    country: z.string().min(2, 'Choose your country of residence'),
    line1: z.string().trim().min(3, 'Enter your building, flat or villa number and street'),
    line2: z.string(),
    city: z.string().trim().min(2, 'Enter your city'),
    emirate: z.string(),
    region: z.string(),
    postalCode: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.country === 'AE' && !v.emirate) ctx.addIssue({ code: 'custom', path: ['emirate'], message: 'Choose your emirate' });
  });

export const financialSchema = z
  .object({
    employmentStatus: z.string().min(1, 'Choose your employment status'),
    occupation: z.string(),
    incomeBand: z.string().min(1, 'Choose your annual income band'),
    sourcesOfFunds: z.array(z.string()).min(1, 'Choose at least one source of funds'),
    netWorthBand: z.string().min(1, 'Choose your net worth band'),
  })
  .superRefine((v, ctx) => {
    if (WORKING.includes(v.employmentStatus) && v.occupation.trim().length < 2) {
      ctx.addIssue({ code: 'custom', path: ['occupation'], message: 'Tell us your occupation' });
    }
  });

export const needsOccupation = (employmentStatus: string) => WORKING.includes(employmentStatus);

export type FieldErrors = Record<string, string | undefined>;

/** The first message for each field, or {} when the answers are valid. */
export function fieldErrors(schema: z.ZodType, value: unknown): FieldErrors {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    out[key] ??= issue.message;
  }
  return out;
}

export const labelOf = (options: readonly { value: string; label: string }[], value: string) => options.find((o) => o.value === value)?.label ?? '';
