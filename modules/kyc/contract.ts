import { z } from 'zod';
import type { ScreeningHit } from './screening-contract';

/*
 * KYC (identity verification): the contract shared by the /kyc screens, the admin review screens and the
 * API. Browser-safe: zod and plain functions only. Every validation message lives here, once.
 *
 * Investor API (auth: investor or admin acting on their own application)
 *   GET  /api/kyc                     → KycApplicationJson (an application that was never started reads as status 'not_started')
 *   PUT  /api/kyc/personal            personalInput   → KycApplicationJson
 *   PUT  /api/kyc/address             addressInput    → KycApplicationJson
 *   PUT  /api/kyc/financial           financialInput  → KycApplicationJson
 *   POST /api/kyc/documents           multipart: type (KycDocumentType), file (JPEG/PNG/PDF ≤ 10 MB) → 201 KycDocumentJson
 *   POST /api/kyc/submit              submitInput { declaration: true } → KycApplicationJson;
 *                                     422 { error: 'kyc_incomplete', missing: KycMissingItem[] } when something is missing
 *   GET  /api/files/:fileId           the document itself (owner and admins only; 401 visitor, 403 anyone else)
 *
 * Admin API (auth: admin; 401 visitor, 403 investor)
 *   GET  /api/admin/kyc               adminKycListQuery (./admin-list-contract.ts) → { items: AdminKycListItem[], total }; /export → CSV
 *   GET  /api/admin/kyc/:userId       → AdminKycDetail (read only: opening it does not change the status)
 *   POST /api/admin/kyc/:userId/start-review       submitted|resubmitted → under_review
 *   POST /api/admin/kyc/:userId/approve            approveInput  → AdminKycDetail
 *   POST /api/admin/kyc/:userId/reject             rejectInput   → AdminKycDetail
 *   POST /api/admin/kyc/:userId/request-documents  requestDocumentsInput → AdminKycDetail
 *   GET  /api/admin/documents         adminDocumentsQuery (./admin-list-contract.ts) → { items: AdminDocumentListItem[], total }; /export → CSV
 *
 * Status machine (users.kyc_status mirrors the application's status, so GET /api/auth/me follows it):
 *   not_started → in_progress      the first step saved or the first document uploaded
 *   in_progress → submitted        POST /api/kyc/submit with every step complete and the declaration accepted
 *   submitted | resubmitted → under_review   an admin starts the review (start-review; approve/reject/request-documents
 *                                            on a submitted application pass through under_review, recorded in the history)
 *   under_review → approved        approveInput (a screening-flagged application needs override: true and a reason)
 *   under_review → rejected        rejectInput: a reason, and optionally a reason per document
 *   under_review → rejected        request-documents: the same 'rejected' status with `requestedDocuments` set —
 *                                  the investor sees "action needed", uploads what was asked for and submits again
 *   rejected → resubmitted         POST /api/kyc/submit after fixing what was asked (editing is open again while rejected)
 * Steps and documents can be edited while not_started, in_progress or rejected; while submitted, resubmitted,
 * under_review or approved every PUT and upload answers 409 { error: 'kyc_locked' }.
 */

export const KYC_STATUSES = ['not_started', 'in_progress', 'submitted', 'under_review', 'approved', 'rejected', 'resubmitted'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

export const kycStatusLabels: Record<KycStatus, string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  submitted: 'Submitted',
  under_review: 'Under review',
  approved: 'Verified',
  rejected: 'Action needed',
  resubmitted: 'Resubmitted',
};

/** Statuses in which the investor may change their answers and documents. */
export const KYC_EDITABLE_STATUSES: readonly KycStatus[] = ['not_started', 'in_progress', 'rejected'];
/** Statuses waiting for an admin decision. */
export const KYC_PENDING_REVIEW_STATUSES: readonly KycStatus[] = ['submitted', 'resubmitted', 'under_review'];
export const isKycEditable = (status: string) => (KYC_EDITABLE_STATUSES as readonly string[]).includes(status);

/** The screens, in order. `review` is complete once the application is submitted. */
export const KYC_STEPS = ['personal', 'documents', 'address', 'financial', 'review'] as const;
export type KycStep = (typeof KYC_STEPS)[number];
export const kycStepLabels: Record<KycStep, string> = {
  personal: 'Personal information',
  documents: 'Documents',
  address: 'Address',
  financial: 'Financial information',
  review: 'Review and submit',
};
export const kycStepPaths: Record<KycStep, string> = {
  personal: '/kyc/personal',
  documents: '/kyc/documents',
  address: '/kyc/address',
  financial: '/kyc/financial',
  review: '/kyc/review',
};

// ---------------------------------------------------------------------------------------------------
// Countries (ISO 3166-1 alpha-2), for nationality and address.

export const COUNTRIES: readonly (readonly [code: string, name: string])[] = [
  ['AD', "Andorra"],
  ['AE', "United Arab Emirates"],
  ['AF', "Afghanistan"],
  ['AG', "Antigua and Barbuda"],
  ['AI', "Anguilla"],
  ['AL', "Albania"],
  ['AM', "Armenia"],
  ['AO', "Angola"],
  ['AR', "Argentina"],
  ['AS', "American Samoa"],
  ['AT', "Austria"],
  ['AU', "Australia"],
  ['AW', "Aruba"],
  ['AX', "Åland Islands"],
  ['AZ', "Azerbaijan"],
  ['BA', "Bosnia and Herzegovina"],
  ['BB', "Barbados"],
  ['BD', "Bangladesh"],
  ['BE', "Belgium"],
  ['BF', "Burkina Faso"],
  ['BG', "Bulgaria"],
  ['BH', "Bahrain"],
  ['BI', "Burundi"],
  ['BJ', "Benin"],
  ['BL', "Saint Barthélemy"],
  ['BM', "Bermuda"],
  ['BN', "Brunei"],
  ['BO', "Bolivia"],
  ['BQ', "Caribbean Netherlands"],
  ['BR', "Brazil"],
  ['BS', "Bahamas"],
  ['BT', "Bhutan"],
  ['BW', "Botswana"],
  ['BY', "Belarus"],
  ['BZ', "Belize"],
  ['CA', "Canada"],
  ['CC', "Cocos (Keeling) Islands"],
  ['CD', "Congo - Kinshasa"],
  ['CF', "Central African Republic"],
  ['CG', "Congo - Brazzaville"],
  ['CH', "Switzerland"],
  ['CI', "Côte d’Ivoire"],
  ['CK', "Cook Islands"],
  ['CL', "Chile"],
  ['CM', "Cameroon"],
  ['CN', "China"],
  ['CO', "Colombia"],
  ['CR', "Costa Rica"],
  ['CU', "Cuba"],
  ['CV', "Cape Verde"],
  ['CW', "Curaçao"],
  ['CX', "Christmas Island"],
  ['CY', "Cyprus"],
  ['CZ', "Czechia"],
  ['DE', "Germany"],
  ['DJ', "Djibouti"],
  ['DK', "Denmark"],
  ['DM', "Dominica"],
  ['DO', "Dominican Republic"],
  ['DZ', "Algeria"],
  ['EC', "Ecuador"],
  ['EE', "Estonia"],
  ['EG', "Egypt"],
  ['EH', "Western Sahara"],
  ['ER', "Eritrea"],
  ['ES', "Spain"],
  ['ET', "Ethiopia"],
  ['FI', "Finland"],
  ['FJ', "Fiji"],
  ['FK', "Falkland Islands"],
  ['FM', "Micronesia"],
  ['FO', "Faroe Islands"],
  ['FR', "France"],
  ['GA', "Gabon"],
  ['GB', "United Kingdom"],
  ['GD', "Grenada"],
  ['GE', "Georgia"],
  ['GF', "French Guiana"],
  ['GG', "Guernsey"],
  ['GH', "Ghana"],
  ['GI', "Gibraltar"],
  ['GL', "Greenland"],
  ['GM', "Gambia"],
  ['GN', "Guinea"],
  ['GP', "Guadeloupe"],
  ['GQ', "Equatorial Guinea"],
  ['GR', "Greece"],
  ['GT', "Guatemala"],
  ['GU', "Guam"],
  ['GW', "Guinea-Bissau"],
  ['GY', "Guyana"],
  ['HK', "Hong Kong SAR China"],
  ['HN', "Honduras"],
  ['HR', "Croatia"],
  ['HT', "Haiti"],
  ['HU', "Hungary"],
  ['ID', "Indonesia"],
  ['IE', "Ireland"],
  ['IL', "Israel"],
  ['IM', "Isle of Man"],
  ['IN', "India"],
  ['IQ', "Iraq"],
  ['IR', "Iran"],
  ['IS', "Iceland"],
  ['IT', "Italy"],
  ['JE', "Jersey"],
  ['JM', "Jamaica"],
  ['JO', "Jordan"],
  ['JP', "Japan"],
  ['KE', "Kenya"],
  ['KG', "Kyrgyzstan"],
  ['KH', "Cambodia"],
  ['KI', "Kiribati"],
  ['KM', "Comoros"],
  ['KN', "Saint Kitts and Nevis"],
  ['KP', "North Korea"],
  ['KR', "South Korea"],
  ['KW', "Kuwait"],
  ['KY', "Cayman Islands"],
  ['KZ', "Kazakhstan"],
  ['LA', "Laos"],
  ['LB', "Lebanon"],
  ['LC', "Saint Lucia"],
  ['LI', "Liechtenstein"],
  ['LK', "Sri Lanka"],
  ['LR', "Liberia"],
  ['LS', "Lesotho"],
  ['LT', "Lithuania"],
  ['LU', "Luxembourg"],
  ['LV', "Latvia"],
  ['LY', "Libya"],
  ['MA', "Morocco"],
  ['MC', "Monaco"],
  ['MD', "Moldova"],
  ['ME', "Montenegro"],
  ['MF', "Saint Martin"],
  ['MG', "Madagascar"],
  ['MH', "Marshall Islands"],
  ['MK', "North Macedonia"],
  ['ML', "Mali"],
  ['MM', "Myanmar (Burma)"],
  ['MN', "Mongolia"],
  ['MO', "Macao SAR China"],
  ['MP', "Northern Mariana Islands"],
  ['MQ', "Martinique"],
  ['MR', "Mauritania"],
  ['MS', "Montserrat"],
  ['MT', "Malta"],
  ['MU', "Mauritius"],
  ['MV', "Maldives"],
  ['MW', "Malawi"],
  ['MX', "Mexico"],
  ['MY', "Malaysia"],
  ['MZ', "Mozambique"],
  ['NA', "Namibia"],
  ['NC', "New Caledonia"],
  ['NE', "Niger"],
  ['NF', "Norfolk Island"],
  ['NG', "Nigeria"],
  ['NI', "Nicaragua"],
  ['NL', "Netherlands"],
  ['NO', "Norway"],
  ['NP', "Nepal"],
  ['NR', "Nauru"],
  ['NU', "Niue"],
  ['NZ', "New Zealand"],
  ['OM', "Oman"],
  ['PA', "Panama"],
  ['PE', "Peru"],
  ['PF', "French Polynesia"],
  ['PG', "Papua New Guinea"],
  ['PH', "Philippines"],
  ['PK', "Pakistan"],
  ['PL', "Poland"],
  ['PM', "Saint Pierre and Miquelon"],
  ['PN', "Pitcairn Islands"],
  ['PR', "Puerto Rico"],
  ['PS', "Palestinian Territories"],
  ['PT', "Portugal"],
  ['PW', "Palau"],
  ['PY', "Paraguay"],
  ['QA', "Qatar"],
  ['RE', "Réunion"],
  ['RO', "Romania"],
  ['RS', "Serbia"],
  ['RU', "Russia"],
  ['RW', "Rwanda"],
  ['SA', "Saudi Arabia"],
  ['SB', "Solomon Islands"],
  ['SC', "Seychelles"],
  ['SD', "Sudan"],
  ['SE', "Sweden"],
  ['SG', "Singapore"],
  ['SH', "Saint Helena"],
  ['SI', "Slovenia"],
  ['SJ', "Svalbard and Jan Mayen"],
  ['SK', "Slovakia"],
  ['SL', "Sierra Leone"],
  ['SM', "San Marino"],
  ['SN', "Senegal"],
  ['SO', "Somalia"],
  ['SR', "Suriname"],
  ['SS', "South Sudan"],
  ['ST', "São Tomé and Príncipe"],
  ['SV', "El Salvador"],
  ['SX', "Sint Maarten"],
  ['SY', "Syria"],
  ['SZ', "Eswatini"],
  ['TC', "Turks and Caicos Islands"],
  ['TD', "Chad"],
  ['TG', "Togo"],
  ['TH', "Thailand"],
  ['TJ', "Tajikistan"],
  ['TK', "Tokelau"],
  ['TL', "Timor-Leste"],
  ['TM', "Turkmenistan"],
  ['TN', "Tunisia"],
  ['TO', "Tonga"],
  ['TR', "Türkiye"],
  ['TT', "Trinidad and Tobago"],
  ['TV', "Tuvalu"],
  ['TW', "Taiwan"],
  ['TZ', "Tanzania"],
  ['UA', "Ukraine"],
  ['UG', "Uganda"],
  ['US', "United States"],
  ['UY', "Uruguay"],
  ['UZ', "Uzbekistan"],
  ['VA', "Vatican City"],
  ['VC', "Saint Vincent and Grenadines"],
  ['VE', "Venezuela"],
  ['VG', "British Virgin Islands"],
  ['VI', "U.S. Virgin Islands"],
  ['VN', "Vietnam"],
  ['VU', "Vanuatu"],
  ['WF', "Wallis and Futuna"],
  ['WS', "Samoa"],
  ['XK', "Kosovo"],
  ['YE', "Yemen"],
  ['YT', "Mayotte"],
  ['ZA', "South Africa"],
  ['ZM', "Zambia"],
  ['ZW', "Zimbabwe"],] as const;

export const COUNTRY_CODES: readonly string[] = COUNTRIES.map(([code]) => code);
const countryNames = new Map<string, string>(COUNTRIES.map(([code, name]) => [code, name]));
export const countryName = (code: string | null | undefined) => (code ? (countryNames.get(code.toUpperCase()) ?? code) : '');

/** The seven emirates, for an address in the UAE. */
export const UAE_EMIRATES = ['Abu Dhabi', 'Dubai', 'Sharjah', 'Ajman', 'Umm Al Quwain', 'Ras Al Khaimah', 'Fujairah'] as const;

// ---------------------------------------------------------------------------------------------------
// Shared field rules.

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

const NAME_PATTERN = /^[\p{L}\p{M}' .-]+$/u;
const legalName = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(2, message)
    .max(60, message)
    .regex(NAME_PATTERN, kycMessages.nameCharacters);

const optionalText = (max: number, message: string, pattern?: RegExp) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .refine((v) => v === '' || !pattern || pattern.test(v), message)
    .optional()
    .transform((v) => (v ? v : undefined));

const dateField = (message: string) => z.string({ error: message }).trim().refine(isIsoDate, message);

const countryCode = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .transform((v) => v.toUpperCase())
    .refine((v) => countryNames.has(v), message);

// ---------------------------------------------------------------------------------------------------
// Step 1: personal information.

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

// ---------------------------------------------------------------------------------------------------
// Admin decisions.

export const approveInput = z
  .object({
    note: optionalText(1000, 'The note can be at most 1,000 characters'),
    /** Required (true) to approve an application whose screening flagged it. */
    override: z.boolean({ error: 'override must be true or false' }).optional().default(false),
    overrideReason: optionalText(1000, kycMessages.overrideReason),
  })
  .superRefine((v, ctx) => {
    if (v.override && (!v.overrideReason || v.overrideReason.length < 10)) {
      ctx.addIssue({ code: 'custom', path: ['overrideReason'], message: kycMessages.overrideReason });
    }
  });
export type KycApproveInput = z.input<typeof approveInput>;

export const rejectInput = z.object({
  reason: z.string({ error: kycMessages.rejectReason }).trim().min(10, kycMessages.rejectReason).max(2000, kycMessages.rejectReason),
  /** Per-document reasons: these documents become 'rejected'; the investor must upload each type again. */
  documents: z
    .array(
      z.object({
        id: z.uuid({ error: 'Each rejected document needs its id' }),
        reason: z.string({ error: kycMessages.documentReason }).trim().min(3, kycMessages.documentReason).max(500, kycMessages.documentReason),
      }),
      { error: 'documents must be a list of { id, reason }' },
    )
    .max(20, 'Reject at most 20 documents at once')
    .optional()
    .default([]),
});
export type KycRejectInput = z.input<typeof rejectInput>;

/**
 * Ask for more documents: the application goes to 'rejected' (shown to the investor as "Action needed")
 * with `requestedDocuments` set; the investor uploads each requested type and submits again (→ resubmitted).
 */
export const requestDocumentsInput = z.object({
  types: z
    .array(documentTypeSchema, { error: kycMessages.requestTypes })
    .min(1, kycMessages.requestTypes)
    .max(KYC_DOCUMENT_TYPES.length, kycMessages.requestTypes)
    .transform((v) => [...new Set(v)]),
  message: z.string({ error: kycMessages.requestMessage }).trim().min(10, kycMessages.requestMessage).max(1000, kycMessages.requestMessage),
});
export type KycRequestDocumentsInput = z.input<typeof requestDocumentsInput>;

export const RISK_LEVELS = ['low', 'medium', 'high'] as const;
export type KycRiskLevel = (typeof RISK_LEVELS)[number];
export const riskLevelLabels: Record<KycRiskLevel, string> = { low: 'Low', medium: 'Medium', high: 'High' };

// The admin list queries (GET /api/admin/kyc, /api/admin/documents) live in ./admin-list-contract.ts.

// ---------------------------------------------------------------------------------------------------
// Responses.

/** Timestamps are ISO 8601 strings; amounts are integer fils as strings. */
export type KycDocumentJson = {
  id: string;
  type: KycDocumentType;
  status: KycDocumentStatus;
  rejectionReason: string | null;
  fileId: string;
  /** The authorised download route (GET /api/files/:fileId): the owner and admins only. */
  url: string;
  contentType: 'image/jpeg' | 'image/png' | 'application/pdf';
  size: number;
  width: number | null;
  height: number | null;
  /** The name the file had on the uploader's device, for display only (never used on the filesystem). */
  originalName: string | null;
  uploadedAt: string;
  /** True once replaced by a newer upload of the same type (only in admin listings that ask for them). */
  superseded: boolean;
};

export type KycStepState = { complete: boolean };

export type KycApplicationJson = {
  userId: string;
  status: KycStatus;
  /** False while submitted, resubmitted, under review or approved. */
  editable: boolean;
  steps: Record<KycStep, KycStepState>;
  personal: KycPersonal | null;
  address: KycAddress | null;
  financial: KycFinancial | null;
  /** The current document of each type (superseded uploads are left out). */
  documents: KycDocumentJson[];
  requiredDocuments: KycDocumentType[];
  /** What is still needed before submitting (empty when ready). */
  missing: KycMissingItem[];
  declarationAcceptedAt: string | null;
  submittedAt: string | null;
  decidedAt: string | null;
  /** Set while status is 'rejected' after a rejection. */
  rejection: { reason: string; documents: { id: string; type: KycDocumentType; reason: string }[] } | null;
  /** Set while status is 'rejected' after an admin asked for more documents. */
  requestedDocuments: { types: KycDocumentType[]; message: string; requestedAt: string } | null;
  classification: InvestorClassification | null;
  /**
   * Retail investors' annual investment limit (a setting; AED 180,000 by default), fils as strings. Professional
   * investors have none (appliesToYou false, remaining null). `used`: purchases minus cancellations over the
   * last 12 months (from modules/investing).
   */
  retailLimit: { annualLimit: string; appliesToYou: boolean; used: string; remaining: string | null };
  updatedAt: string | null;
};

/** One sanctions/PEP list match (see modules/kyc/screening-contract.ts). */
export type KycScreeningHitJson = ScreeningHit;

export type KycScreeningJson = {
  riskLevel: KycRiskLevel;
  flagged: boolean;
  hits: KycScreeningHitJson[];
  screenedAt: string | null;
};

export type KycHistoryEntryJson = {
  id: string;
  from: KycStatus | null;
  to: KycStatus;
  at: string;
  actor: { id: string; name: string; role: 'admin' | 'investor' } | null;
  note: string | null;
};

export type AdminKycListItem = {
  userId: string;
  unicode: string;
  name: string;
  email: string;
  status: KycStatus;
  riskLevel: KycRiskLevel;
  flagged: boolean;
  nationality: string | null;
  classification: InvestorClassification | null;
  documentsCount: number;
  submittedAt: string | null;
  updatedAt: string;
  /** Whole days since submission (null when never submitted). */
  ageDays: number | null;
};

export type AdminKycDetail = {
  applicant: { id: string; unicode: string; email: string; firstName: string; lastName: string; phone: string | null; createdAt: string };
  application: KycApplicationJson;
  screening: KycScreeningJson;
  /** Every upload, newest first, including superseded ones. */
  documents: KycDocumentJson[];
  history: KycHistoryEntryJson[];
  /** The decisions this admin can take now. */
  actions: { startReview: boolean; approve: boolean; reject: boolean; requestDocuments: boolean };
  /** Approval needs override: true with a reason (the screening flagged the applicant). */
  approvalNeedsOverride: boolean;
};

export type AdminDocumentListItem = KycDocumentJson & {
  userId: string;
  unicode: string;
  userName: string;
  email: string;
  applicationStatus: KycStatus;
};

export type AdminListJson<T> = { items: T[]; total: number };
