/** KYC field rules shared by the steps and the admin screens, and every KYC validation message. Browser-safe. */
import { z } from 'zod';
import { countryNames } from './countries-contract';


/** A calendar date as YYYY-MM-DD that exists (no 2023-02-30). */
export const isIsoDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

/** Today as YYYY-MM-DD in UTC. */
export const todayIso = (now = new Date()) => now.toISOString().slice(0, 10);

/** Whole years between a YYYY-MM-DD date of birth and `today` (YYYY-MM-DD). */
export function ageOn(dateOfBirth: string, today = todayIso()): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age -= 1;
  return age;
}

export const MINIMUM_AGE = 18;

/** Luhn (mod 10) check over a string of digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let n = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum % 10 === 0;
}

/**
 * An Emirates ID number written 784-YYYY-NNNNNNN-N (dashes or spaces optional): 15 digits, starting 784
 * (the UAE's ISO numeric code), then a year, seven digits and a Luhn check digit over all fifteen.
 * Returns the dashed form, or null when the number is not valid.
 */
export function normalizeEmiratesId(value: string): string | null {
  const digits = value.replace(/[\s-]/g, '');
  if (!/^784\d{12}$/.test(digits)) return null;
  const year = Number(digits.slice(3, 7));
  if (year < 1900 || year > new Date().getUTCFullYear()) return null;
  if (!luhnValid(digits)) return null;
  return `${digits.slice(0, 3)}-${digits.slice(3, 7)}-${digits.slice(7, 14)}-${digits.slice(14)}`;
}

/** A passport number: 6 to 9 letters and digits (spaces ignored), upper-cased. Null when not valid. */
export function normalizePassportNumber(value: string): string | null {
  const compact = value.replace(/\s/g, '').toUpperCase();
  return /^[A-Z0-9]{6,9}$/.test(compact) ? compact : null;
}

export const ID_TYPES = ['emirates_id', 'passport'] as const;
export type KycIdType = (typeof ID_TYPES)[number];
export const idTypeLabels: Record<KycIdType, string> = { emirates_id: 'Emirates ID', passport: 'Passport' };

export const kycMessages = {
  firstName: 'Enter your first name as it appears on your ID (2 to 60 letters)',
  lastName: 'Enter your last name as it appears on your ID (2 to 60 letters)',
  middleName: 'Middle names can be at most 60 letters, spaces, apostrophes and hyphens',
  nameCharacters: 'Names can only contain letters, spaces, apostrophes and hyphens',
  dateOfBirth: 'Enter your date of birth as YYYY-MM-DD',
  dateOfBirthFuture: 'Your date of birth cannot be in the future',
  dateOfBirthTooOld: 'Check your date of birth: it is more than 120 years ago',
  underAge: `You must be at least ${MINIMUM_AGE} years old to invest with Manzil`,
  nationality: 'Choose your nationality from the list',
  idType: 'Choose the ID you will verify with: Emirates ID or passport',
  emiratesId: 'Enter a valid Emirates ID number in the format 784-YYYY-NNNNNNN-N',
  passport: 'Enter a valid passport number: 6 to 9 letters and digits',
  idNumber: 'Enter the number of your Emirates ID or passport',
  idExpiryDate: 'Enter the expiry date of your ID as YYYY-MM-DD',
  idExpired: 'Your ID has expired. Verify with an ID that is still valid',
  addressLine1: 'Enter your street address (3 to 120 characters)',
  addressLine2: 'The second address line can be at most 120 characters',
  city: 'Enter your city (2 to 60 characters)',
  region: 'The state or region can be at most 60 characters',
  emirate: 'Choose the emirate you live in',
  postalCode: 'Enter a valid postal code (2 to 12 letters, digits, spaces or hyphens), or leave it empty',
  country: 'Choose your country of residence from the list',
  employmentStatus: 'Choose your employment status',
  occupation: 'Enter your occupation (2 to 80 characters)',
  employerName: 'Enter your employer or company name (2 to 120 characters)',
  incomeBand: 'Choose your annual income range',
  sourceOfFunds: 'Choose at least one source of the money you will invest',
  sourceOfFundsOther: 'Describe the other source of funds (3 to 200 characters)',
  netWorthBand: 'Choose your net worth range',
  classification: 'Choose how you want to be classified: retail or professional investor',
  politicallyExposed: 'Tell us whether you are a politically exposed person',
  professionalCriteria: 'To be classified as a professional investor, confirm at least one of the criteria',
  professionalNetAssets: 'Net assets of AED 4 million or more need a net worth range of AED 4 million or more',
  professionalIncome: 'An annual income of AED 1 million or more needs the income range "Over AED 1,000,000"',
  professionalAcknowledged: 'Confirm that you understand professional investors give up some retail protections',
  declaration: 'Please confirm the declaration before submitting',
  documentType: 'Choose the type of document you are uploading',
  fileMissing: 'Choose a file to upload',
  fileType: 'Upload a JPEG, PNG or PDF file',
  fileTooLarge: 'Files can be at most 10 MB',
  rejectReason: 'Give the investor a reason of at least 10 characters (at most 2,000)',
  documentReason: 'Give a reason of 3 to 500 characters for each rejected document',
  requestTypes: 'Choose at least one document to request',
  requestMessage: 'Tell the investor what you need, in 10 to 1,000 characters',
  overrideReason: 'Explain in at least 10 characters why you approve despite the screening match',
  locked: 'Your verification has been submitted and can no longer be changed. You can edit it again if we ask for changes.',
  approvedLocked: 'Your identity is verified; the application can no longer be changed.',
} as const;

export const NAME_PATTERN = /^[\p{L}\p{M}' .-]+$/u;
export const legalName = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(2, message)
    .max(60, message)
    .regex(NAME_PATTERN, kycMessages.nameCharacters);

export const optionalText = (max: number, message: string, pattern?: RegExp) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .refine((v) => v === '' || !pattern || pattern.test(v), message)
    .optional()
    .transform((v) => (v ? v : undefined));

export const dateField = (message: string) => z.string({ error: message }).trim().refine(isIsoDate, message);

export const countryCode = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .transform((v) => v.toUpperCase())
    .refine((v) => countryNames.has(v), message);
