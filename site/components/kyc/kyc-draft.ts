import type { z } from 'zod';
import {
  addressInput,
  financialInput,
  type InvestorClassification,
  type KycAddress,
  type KycApplicationJson,
  type KycFinancial,
  type KycIdType,
  type KycPersonal,
  personalInput,
} from '@modules/kyc/contract';

/**
 * The investor's answers on the three form steps, as the form holds them (strings, '' for "not
 * answered"). Each step is saved to the account (PUT /api/kyc/{step}) as soon as its answers are
 * whole; until then what was typed stays in this tab's sessionStorage (cleared at logout and when the
 * tab closes), so a reload or a detour through another step loses nothing.
 */
export const KYC_DRAFT_KEY = 'manzil.kyc.draft';

export type FormStep = 'personal' | 'address' | 'financial';

export type PersonalForm = {
  firstName: string;
  middleName: string;
  lastName: string;
  dateOfBirth: string;
  nationality: string;
  idType: KycIdType;
  idNumber: string;
  idExpiryDate: string;
};
export type AddressForm = { country: string; line1: string; line2: string; city: string; region: string; postalCode: string };
export type FinancialForm = {
  employmentStatus: string;
  occupation: string;
  employerName: string;
  incomeBand: string;
  sourceOfFunds: string[];
  sourceOfFundsOther: string;
  netWorthBand: string;
  politicallyExposed: '' | 'yes' | 'no';
  classification: InvestorClassification;
  professionalCriteria: string[];
  professionalAcknowledged: boolean;
};
export type StepForms = { personal: PersonalForm; address: AddressForm; financial: FinancialForm };

export const emptyForms = (): StepForms => ({
  personal: { firstName: '', middleName: '', lastName: '', dateOfBirth: '', nationality: '', idType: 'emirates_id', idNumber: '', idExpiryDate: '' },
  address: { country: 'AE', line1: '', line2: '', city: '', region: '', postalCode: '' },
  financial: {
    employmentStatus: '',
    occupation: '',
    employerName: '',
    incomeBand: '',
    sourceOfFunds: [],
    sourceOfFundsOther: '',
    netWorthBand: '',
    politicallyExposed: '',
    classification: 'retail',
    professionalCriteria: [],
    professionalAcknowledged: false,
  },
});

// ── Between the form and the API ────────────────────────────────────────────────────────────────

export function personalForm(p: KycPersonal | null): PersonalForm {
  const empty = emptyForms().personal;
  if (!p) return empty;
  return {
    firstName: p.firstName,
    middleName: p.middleName ?? '',
    lastName: p.lastName,
    dateOfBirth: p.dateOfBirth,
    nationality: p.nationality,
    idType: p.idType,
    idNumber: p.idNumber,
    idExpiryDate: p.idExpiryDate,
  };
}

export function addressForm(a: KycAddress | null): AddressForm {
  if (!a) return emptyForms().address;
  return { country: a.country, line1: a.line1, line2: a.line2 ?? '', city: a.city, region: a.region ?? '', postalCode: a.postalCode ?? '' };
}

export function financialForm(f: KycFinancial | null): FinancialForm {
  if (!f) return emptyForms().financial;
  return {
    employmentStatus: f.employmentStatus,
    occupation: f.occupation ?? '',
    employerName: f.employerName ?? '',
    incomeBand: f.incomeBand,
    sourceOfFunds: [...f.sourceOfFunds],
    sourceOfFundsOther: f.sourceOfFundsOther ?? '',
    netWorthBand: f.netWorthBand,
    politicallyExposed: f.politicallyExposed ? 'yes' : 'no',
    classification: f.classification,
    professionalCriteria: [...f.professionalCriteria],
    professionalAcknowledged: f.professionalAcknowledged,
  };
}

export function formsFromApplication(app: KycApplicationJson | undefined): StepForms {
  return {
    personal: personalForm(app?.personal ?? null),
    address: addressForm(app?.address ?? null),
    financial: financialForm(app?.financial ?? null),
  };
}

/** What each step's PUT body is made of. Empty optional texts are left for the contract to drop. */
export const toInput: { [K in FormStep]: (form: StepForms[K]) => unknown } = {
  personal: (p) => ({ ...p }),
  address: (a) => ({ ...a }),
  financial: (f) => ({
    ...f,
    politicallyExposed: f.politicallyExposed === '' ? undefined : f.politicallyExposed === 'yes',
  }),
};

export const stepSchemas: Record<FormStep, z.ZodType> = { personal: personalInput, address: addressInput, financial: financialInput };

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

export const stepErrors = <K extends FormStep>(step: K, form: StepForms[K]) => fieldErrors(stepSchemas[step], toInput[step](form));

/** True when the form holds exactly what the server has saved (nothing to save). */
export function sameAsSaved<K extends FormStep>(step: K, form: StepForms[K], app: KycApplicationJson | undefined): boolean {
  const saved = formsFromApplication(app)[step];
  return JSON.stringify(canonical(form)) === JSON.stringify(canonical(saved));
}

function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return [...v].sort();
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)).map(([k, x]) => [k, canonical(x)]));
  return typeof v === 'string' ? v.trim() : v;
}

// ── The tab's drafts ────────────────────────────────────────────────────────────────────────────

type StoredDraft = { version: 2; userId: string; steps: Partial<{ [K in FormStep]: { form: StepForms[K]; at: number } }> };

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function readStored(userId: string): StoredDraft {
  const fresh: StoredDraft = { version: 2, userId, steps: {} };
  try {
    const raw = storage()?.getItem(KYC_DRAFT_KEY);
    if (!raw) return fresh;
    const saved = JSON.parse(raw) as StoredDraft;
    if (saved?.version !== 2 || saved.userId !== userId || typeof saved.steps !== 'object' || !saved.steps) return fresh;
    return saved;
  } catch {
    return fresh;
  }
}

/**
 * The form to start a step with: this tab's draft when it is newer than what the server has
 * (answers typed but not yet whole enough to save), otherwise the saved answers.
 */
export function initialForm<K extends FormStep>(userId: string, step: K, app: KycApplicationJson | undefined): StepForms[K] {
  const server = formsFromApplication(app)[step];
  if (app && !app.editable) return server;
  const local = readStored(userId).steps[step] as { form: StepForms[K]; at: number } | undefined;
  if (!local || typeof local.form !== 'object') return server;
  const savedAt = app?.updatedAt ? Date.parse(app.updatedAt) : 0;
  if (local.at < savedAt) return server;
  return { ...server, ...local.form };
}

export function saveLocalDraft<K extends FormStep>(userId: string, step: K, form: StepForms[K]) {
  const stored = readStored(userId);
  stored.steps[step] = { form, at: Date.now() } as never;
  try {
    storage()?.setItem(KYC_DRAFT_KEY, JSON.stringify(stored));
  } catch {
    /* storage full or blocked: the answers still live in memory for this visit */
  }
}

export function clearLocalDrafts() {
  try {
    storage()?.removeItem(KYC_DRAFT_KEY);
  } catch {
    /* nothing to clear */
  }
}

// ── Emirates ID typing aid ──────────────────────────────────────────────────────────────────────

/** '784199012345671' → '784-1990-1234567-1' (as much as has been typed). */
export function formatEmiratesId(input: string): string {
  const d = input.replace(/\D/g, '').slice(0, 15);
  const parts = [d.slice(0, 3), d.slice(3, 7), d.slice(7, 14), d.slice(14, 15)].filter(Boolean);
  return parts.join('-');
}

export const labelOf = (options: readonly { value: string; label: string }[], value: string) => options.find((o) => o.value === value)?.label ?? '';
/** A label map as choice options, in the order of the given values. */
export const optionsOf = <T extends string>(values: readonly T[], labels: Record<T, string>) => values.map((value) => ({ value, label: labels[value] }));
