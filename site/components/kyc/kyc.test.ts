import { afterEach, describe, expect, it } from 'vitest';
import { checkDocumentFile, requiredSlots } from './documents';
import { ageOn, emptyDraft, fieldErrors, formatEmiratesId, KYC_DRAFT_KEY, loadDraft, personalSchema, saveDraft } from './kyc-draft';
import { kycStatusInfo } from './kyc-status';
import { kycFallbackName, kycStepFromPath } from './steps';

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

const valid = { firstName: 'Omar', lastName: 'Rahman', dateOfBirth: '1990-04-12', nationality: 'AE', idType: 'emirates_id', idNumber: '784-1990-1234567-1' };

describe('KYC personal details', () => {
  it('formats an Emirates ID number as 784-XXXX-XXXXXXX-X', () => {
    expect(formatEmiratesId('784199012345671')).toBe('784-1990-1234567-1');
    expect(formatEmiratesId('784 1990')).toBe('784-1990');
  });

  it('accepts valid details and explains each problem', () => {
    expect(fieldErrors(personalSchema, valid)).toEqual({});
    expect(fieldErrors(personalSchema, { ...valid, firstName: 'O', idNumber: '123-4567' })).toEqual({
      firstName: 'First name must be at least 2 characters',
      idNumber: 'An Emirates ID number has 15 digits: 784-XXXX-XXXXXXX-X',
    });
    expect(fieldErrors(personalSchema, { ...valid, idType: 'passport', idNumber: 'n1234567' })).toEqual({});
  });

  it('requires investors to be 18 or older', () => {
    const today = new Date();
    const seventeen = `${today.getUTCFullYear() - 17}-01-01`;
    expect(fieldErrors(personalSchema, { ...valid, dateOfBirth: seventeen }).dateOfBirth).toBe('You must be 18 or older to invest');
    expect(ageOn('2000-02-29', new Date(Date.UTC(2018, 1, 28)))).toBe(17);
    expect(ageOn('2000-02-30')).toBeNull();
  });
});

describe('KYC draft in sessionStorage', () => {
  it('keeps answers for the same user and discards another user’s', () => {
    const data = memorySession();
    const d = emptyDraft('u1');
    d.personal.firstName = 'Omar';
    d.completed = ['personal', 'documents'];
    saveDraft(d);
    expect(data.has(KYC_DRAFT_KEY)).toBe(true);
    const back = loadDraft('u1');
    expect(back.personal.firstName).toBe('Omar');
    // Documents are only done once uploaded, which a draft can never claim.
    expect(back.completed).toEqual(['personal']);
    expect(loadDraft('u2').personal.firstName).toBe('');
  });

  it('starts fresh from unreadable data', () => {
    const data = memorySession();
    data.set(KYC_DRAFT_KEY, '{oops');
    expect(loadDraft('u1')).toEqual(emptyDraft('u1'));
  });
});

describe('KYC documents', () => {
  it('accepts JPEG, PNG and PDF up to 10 MB', () => {
    expect(checkDocumentFile({ name: 'id.jpg', type: 'image/jpeg', size: 2_000_000 })).toBeNull();
    expect(checkDocumentFile({ name: 'bill.pdf', type: '', size: 500_000 })).toBeNull();
    expect(checkDocumentFile({ name: 'id.gif', type: 'image/gif', size: 1000 })).toBe('This file type isn’t accepted. Choose a JPEG, PNG or PDF.');
    expect(checkDocumentFile({ name: 'big.png', type: 'image/png', size: 10 * 1024 * 1024 + 1 })).toBe('This file is 10.0 MB. The limit is 10 MB.');
  });

  it('does not ask for an ID back with a passport', () => {
    expect(requiredSlots('emirates_id').map((s) => s.key)).toEqual(['idFront', 'idBack', 'proofOfAddress', 'selfie']);
    expect(requiredSlots('passport').map((s) => s.key)).toEqual(['idFront', 'proofOfAddress', 'selfie']);
  });
});

describe('KYC status and steps', () => {
  it('maps every status to a badge and a next action', () => {
    expect(kycStatusInfo('not_started')).toMatchObject({ label: 'Not started', action: { href: '/kyc/personal' } });
    expect(kycStatusInfo('under_review')).toMatchObject({ label: 'Under review', editable: false, action: { href: '/kyc/verify' } });
    // §3: 'completed' and 'approved' both mean verified; anything unknown is not verified.
    expect(kycStatusInfo('completed').key).toBe('approved');
    expect(kycStatusInfo('weird').key).toBe('not_started');
    expect(kycStatusInfo('rejected')).toMatchObject({ label: 'Not approved', editable: true });
  });

  it('names each step for the error fallback and reads steps from paths', () => {
    expect(kycFallbackName('financial')).toBe('KYC Financial info');
    expect(kycStepFromPath('/KYC/Review/')).toBe('review');
    expect(kycStepFromPath('/kyc/other')).toBeNull();
  });
});
