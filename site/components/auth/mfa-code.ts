import { verifyMfaInput } from '@modules/auth/contract';
import { isStaffRole } from '@modules/auth/permissions-contract';

export type MfaEntryMode = 'code' | 'recovery';

/** Keeps what a 6-digit code field may hold: digits only, at most 6 ("123 456", "123-456" → "123456"). */
export function normalizeOneTimeCode(input: string): string {
  return input.replace(/\D/g, '').slice(0, 6);
}

/** Recovery codes look like ABCD-1234: letters and digits, upper-cased, one optional dash. */
export function normalizeRecoveryCode(input: string): string {
  const clean = input.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 8);
  return clean.length > 4 ? `${clean.slice(0, 4)}-${clean.slice(4)}` : clean;
}

export function normalizeMfaInput(input: string, mode: MfaEntryMode): string {
  return mode === 'code' ? normalizeOneTimeCode(input) : normalizeRecoveryCode(input);
}

/** null when the code can be sent; otherwise the contract's message. */
export function mfaCodeError(code: string, mode: MfaEntryMode): string | null {
  const result = verifyMfaInput.safeParse({ code });
  if (!result.success) return result.error.issues[0]?.message ?? 'Enter the 6-digit code';
  // The schema accepts either shape; in code mode only the 6 digits may go.
  if (mode === 'code' && !/^\d{6}$/.test(code.trim())) return 'Enter the 6-digit code';
  return null;
}

/** Where a verified user goes (§6): admins to the admin dashboard, everyone else to theirs. */
export function homeFor(role: string | null | undefined): string {
  return isStaffRole(role) ? '/admin/dashboard' : '/dashboard';
}
