/** The six screens of identity verification (§2), in order. */
export const KYC_STEPS = [
  {
    slug: 'personal',
    label: 'Personal info',
    title: 'Personal information',
    path: '/kyc/personal',
    summary: 'Your legal name, date of birth, nationality and ID number, exactly as they appear on your ID.',
  },
  {
    slug: 'documents',
    label: 'Documents',
    title: 'Upload your documents',
    path: '/kyc/documents',
    summary: 'Photos or scans of your Emirates ID or passport, a recent proof of address and a selfie.',
  },
  {
    slug: 'address',
    label: 'Address',
    title: 'Your address',
    path: '/kyc/address',
    summary: 'Where you live now. It must match your proof of address.',
  },
  {
    slug: 'financial',
    label: 'Financial info',
    title: 'Financial information',
    path: '/kyc/financial',
    summary: 'Your employment, income band, where your money comes from and your net worth band.',
  },
  {
    slug: 'review',
    label: 'Review',
    title: 'Review and submit',
    path: '/kyc/review',
    summary: 'Check everything, confirm the declaration and submit.',
  },
  {
    slug: 'verify',
    label: 'Verification',
    title: 'Verification status',
    path: '/kyc/verify',
    summary: 'Our compliance team checks your details and you follow the status here.',
  },
] as const;

export type KycStep = (typeof KYC_STEPS)[number];
export type KycStepSlug = KycStep['slug'];

export const KYC_STEP_SLUGS = KYC_STEPS.map((s) => s.slug) as KycStepSlug[];

export function kycStep(slug: KycStepSlug): KycStep {
  return KYC_STEPS.find((s) => s.slug === slug)!;
}

export function kycStepIndex(slug: KycStepSlug): number {
  return KYC_STEP_SLUGS.indexOf(slug);
}

export function isKycStepSlug(v: unknown): v is KycStepSlug {
  return typeof v === 'string' && (KYC_STEP_SLUGS as string[]).includes(v);
}

/** '/kyc/address' (any case, optional trailing slash) → 'address'. */
export function kycStepFromPath(pathname: string): KycStepSlug | null {
  const m = /^\/kyc\/([a-z]+)\/?$/i.exec(pathname);
  const slug = m?.[1]?.toLowerCase();
  return isKycStepSlug(slug) ? slug : null;
}

/** The name the error fallback shows for each step screen (§2: every /kyc step is wrapped). */
export const kycFallbackName = (slug: KycStepSlug) => `KYC ${kycStep(slug).label}`;
