import { afterEach, describe, expect, it } from 'vitest';
import { kycMessages } from '@modules/kyc/contract';
import { checkDocumentFile, documentSlots, missingDocuments } from './documents';
import { emptyForms, formatEmiratesId, initialForm, KYC_DRAFT_KEY, saveLocalDraft, stepErrors, toInput } from './kyc-draft';
import { kycStatusInfo } from './kyc-status';
import { kycFallbackName, kycStepFromPath } from './steps';
import { fixPath, nextOpenStep, verificationStages } from './steps/VerifyStep';
import { application, completeApplication, doc, validPersonal } from './test-fixtures';

function memorySession() {
  const data = new Map<string, string>();
  (globalThis as { sessionStorage?: unknown }).sessionStorage = {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
  return data;
}
afterEach(() => {
  delete (globalThis as { sessionStorage?: unknown }).sessionStorage;
});

const personal = { ...emptyForms().personal, ...validPersonal, middleName: '' };

describe('KYC personal details (validated with the API’s own contract)', () => {
  it('formats an Emirates ID number as 784-YYYY-NNNNNNN-N while typing', () => {
    expect(formatEmiratesId('784199012345676')).toBe('784-1990-1234567-6');
    expect(formatEmiratesId('784 1990')).toBe('784-1990');
  });

  it('accepts valid details and names each problem', () => {
    expect(stepErrors('personal', personal)).toEqual({});
    expect(stepErrors('personal', { ...personal, firstName: 'O', idNumber: '784-1990-1234567-1' })).toEqual({
      firstName: kycMessages.firstName,
      idNumber: kycMessages.emiratesId,
    });
    expect(stepErrors('personal', { ...personal, idType: 'passport', idNumber: 'n1234567' })).toEqual({});
  });

  it('requires investors to be 18 or older, and an ID still valid', () => {
    const year = new Date().getUTCFullYear();
    expect(stepErrors('personal', { ...personal, dateOfBirth: `${year - 17}-01-01` }).dateOfBirth).toBe(kycMessages.underAge);
    expect(stepErrors('personal', { ...personal, idExpiryDate: `${year - 1}-01-01` }).idExpiryDate).toBe(kycMessages.idExpired);
  });

  it('asks for the emirate of a UAE address and the PEP answer on the financial step', () => {
    const address = { ...emptyForms().address, line1: '12 Marina Walk', city: 'Dubai' };
    expect(stepErrors('address', address)).toEqual({ region: kycMessages.emirate });
    const financial = { ...emptyForms().financial, employmentStatus: 'retired', incomeBand: 'under_120k', sourceOfFunds: ['pension'], netWorthBand: 'under_500k' };
    expect(stepErrors('financial', financial)).toEqual({ politicallyExposed: kycMessages.politicallyExposed });
    expect(toInput.financial({ ...financial, politicallyExposed: 'no' })).toMatchObject({ politicallyExposed: false });
    expect(stepErrors('financial', { ...financial, politicallyExposed: 'no' })).toEqual({});
  });
});

describe('KYC drafts in the tab', () => {
  it('start from the saved answers, or from a newer draft typed in this tab', () => {
    memorySession();
    const saved = completeApplication({ updatedAt: new Date(Date.now() - 60_000).toISOString() });
    expect(initialForm('u1', 'personal', saved).firstName).toBe('Omar');
    saveLocalDraft('u1', 'personal', { ...personal, firstName: 'Omar Khalid' });
    expect(initialForm('u1', 'personal', saved).firstName).toBe('Omar Khalid');
    // Someone else's draft in this tab is ignored.
    expect(initialForm('u2', 'personal', application()).firstName).toBe('');
  });

  it('prefer the server once it has newer answers, and ignore drafts once the application is locked', () => {
    memorySession();
    saveLocalDraft('u1', 'personal', { ...personal, firstName: 'Draft' });
    const newer = completeApplication({ updatedAt: new Date(Date.now() + 60_000).toISOString() });
    expect(initialForm('u1', 'personal', newer).firstName).toBe('Omar');
    expect(initialForm('u1', 'personal', completeApplication({ status: 'submitted' })).firstName).toBe('Omar');
  });

  it('start fresh from unreadable data', () => {
    const data = memorySession();
    data.set(KYC_DRAFT_KEY, '{oops');
    expect(initialForm('u1', 'address', application())).toEqual(emptyForms().address);
  });
});

describe('KYC documents', () => {
  it('accept JPEG, PNG and PDF up to 10 MB before uploading', () => {
    expect(checkDocumentFile({ name: 'id.jpg', type: 'image/jpeg', size: 2_000_000 })).toBeNull();
    expect(checkDocumentFile({ name: 'bill.pdf', type: '', size: 500_000 })).toBeNull();
    expect(checkDocumentFile({ name: 'id.gif', type: 'image/gif', size: 1000 })).toBe(kycMessages.fileType);
    expect(checkDocumentFile({ name: 'big.png', type: 'image/png', size: 10 * 1024 * 1024 + 1 })).toBe(kycMessages.fileTooLarge);
  });

  it('follow the ID chosen: no ID back with a passport', () => {
    expect(documentSlots(application({ personal: { ...validPersonal } }))).toEqual(['emirates_id_front', 'emirates_id_back', 'proof_of_address', 'selfie']);
    expect(documentSlots(application({ personal: { ...validPersonal, idType: 'passport', idNumber: 'N1234567' } }))).toEqual(['passport', 'proof_of_address', 'selfie']);
  });

  it('count rejected documents and ones asked for again as missing', () => {
    const app = completeApplication({
      status: 'rejected',
      documents: [doc('emirates_id_front', { status: 'rejected', rejectionReason: 'Blurry' }), doc('emirates_id_back'), doc('proof_of_address'), doc('selfie')],
      requestedDocuments: { types: ['supporting'], message: 'Please send a salary certificate.', requestedAt: '2026-03-02T10:00:00.000Z' },
    });
    expect(documentSlots(app)).toContain('supporting');
    expect(missingDocuments(app)).toEqual(['emirates_id_front', 'supporting']);
    expect(fixPath(app)).toBe('documents');
  });
});

describe('KYC status and steps', () => {
  it('maps every status to a badge and a next action', () => {
    expect(kycStatusInfo('not_started')).toMatchObject({ label: 'Not started', action: { href: '/kyc/personal' } });
    expect(kycStatusInfo('under_review')).toMatchObject({ label: 'Under review', editable: false, action: { href: '/kyc/verify' } });
    expect(kycStatusInfo('resubmitted')).toMatchObject({ label: 'Resubmitted', editable: false });
    // §3: 'completed' and 'approved' both mean verified; anything unknown is not verified.
    expect(kycStatusInfo('completed').key).toBe('approved');
    expect(kycStatusInfo('weird').key).toBe('not_started');
    expect(kycStatusInfo('rejected')).toMatchObject({ label: 'Action needed', editable: true });
  });

  it('resume at the first open step', () => {
    expect(nextOpenStep(application())).toBe('personal');
    expect(nextOpenStep(application({ status: 'in_progress', personal: validPersonal }))).toBe('documents');
    expect(nextOpenStep(completeApplication())).toBe('review');
  });

  it('show review as waiting until an admin starts it', () => {
    expect(verificationStages('submitted').map((s) => s.state)).toEqual(['done', 'upcoming', 'upcoming']);
    expect(verificationStages('under_review').map((s) => s.state)).toEqual(['done', 'current', 'upcoming']);
    expect(verificationStages('rejected').at(-1)).toEqual({ label: 'Action needed', state: 'failed' });
  });

  it('names each step for the error fallback and reads steps from paths', () => {
    expect(kycFallbackName('financial')).toBe('KYC Financial info');
    expect(kycStepFromPath('/KYC/Review/')).toBe('review');
    expect(kycStepFromPath('/kyc/other')).toBeNull();
  });
});
