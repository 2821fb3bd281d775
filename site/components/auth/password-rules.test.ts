import { describe, expect, it } from 'vitest';
import { PASSWORD_RULES, passwordChecklist } from './password-rules';

const met = (pw: string) => passwordChecklist(pw).filter((r) => r.met).map((r) => r.message);

describe('password checklist', () => {
  it('lists the four rules with the spec’s messages, in order', () => {
    expect(PASSWORD_RULES).toEqual([
      'Password must be at least 8 characters long',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one lowercase letter',
      'Password must contain at least one number',
    ]);
  });

  it('ticks off each rule as the password grows', () => {
    expect(met('')).toEqual([]);
    expect(met('a')).toEqual(['Password must contain at least one lowercase letter']);
    expect(met('aB3')).toEqual([
      'Password must contain at least one uppercase letter',
      'Password must contain at least one lowercase letter',
      'Password must contain at least one number',
    ]);
    expect(met('abcdefgh')).toEqual(['Password must be at least 8 characters long', 'Password must contain at least one lowercase letter']);
    expect(passwordChecklist('Manzil2026').every((r) => r.met)).toBe(true);
  });
});
