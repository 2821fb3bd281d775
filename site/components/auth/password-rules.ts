import { passwordSchema } from '@modules/auth/contract';

/**
 * The four password rules, in the contract's order and with its exact messages (§5). They are read
 * from the schema itself (an empty password breaks every rule), so the checklist can never drift from
 * what the server enforces.
 */
export const PASSWORD_RULES: readonly string[] = passwordSchema.safeParse('').error?.issues.map((i) => i.message) ?? [];

export type PasswordRuleState = { message: string; met: boolean };

/** Each rule and whether this password meets it, for the live checklist. */
export function passwordChecklist(password: string): PasswordRuleState[] {
  const failed = new Set(passwordSchema.safeParse(password).error?.issues.map((i) => i.message) ?? []);
  return PASSWORD_RULES.map((message) => ({ message, met: !failed.has(message) }));
}

export const PASSWORDS_DIFFER = 'The two passwords don’t match';
