import { describe, expect, it } from 'vitest';
import { homeFor, mfaCodeError, normalizeMfaInput, normalizeOneTimeCode, normalizeRecoveryCode } from './mfa-code';

describe('MFA code entry', () => {
  it('keeps only the 6 digits of a pasted or typed code', () => {
    expect(normalizeOneTimeCode('123 456')).toBe('123456');
    expect(normalizeOneTimeCode('Your code: 987-654.')).toBe('987654');
    expect(normalizeOneTimeCode('12345678')).toBe('123456');
    expect(normalizeOneTimeCode('abc')).toBe('');
  });

  it('shapes recovery codes as XXXX-XXXX', () => {
    expect(normalizeRecoveryCode('abcd1234')).toBe('ABCD-1234');
    expect(normalizeRecoveryCode(' ab cd-12 34 extra')).toBe('ABCD-1234');
    expect(normalizeRecoveryCode('ab')).toBe('AB');
    expect(normalizeMfaInput('abcd1234', 'code')).toBe('1234');
  });

  it('accepts exactly six digits, and a full recovery code in recovery mode', () => {
    expect(mfaCodeError('123456', 'code')).toBeNull();
    expect(mfaCodeError('ABCD-1234', 'recovery')).toBeNull();
  });

  it('rejects short or empty codes with the contract’s message', () => {
    expect(mfaCodeError('12345', 'code')).toBe('Enter the 6-digit code (or a recovery code)');
    expect(mfaCodeError('', 'code')).toBe('Enter the 6-digit code (or a recovery code)');
    expect(mfaCodeError('ABC', 'recovery')).toBe('Enter the 6-digit code (or a recovery code)');
  });

  it('sends admins to the admin dashboard and everyone else to theirs (§6)', () => {
    expect(homeFor('admin')).toBe('/admin/dashboard');
    expect(homeFor('investor')).toBe('/dashboard');
    expect(homeFor(undefined)).toBe('/dashboard');
  });
});
