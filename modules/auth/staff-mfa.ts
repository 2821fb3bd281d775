/**
 * Staff accounts and two-factor verification. A staff account (any staff role, permissions.ts) must have MFA
 * on whenever the policy is on: always with NODE_ENV=production, and elsewhere when REQUIRE_STAFF_MFA=1 (off
 * by default in development and tests, so the demo admin keeps working) — and always when the account was
 * created from an invitation (`mfaMandatory` on the user: invited staff set it up before anything else).
 * Until such an account has MFA on, its session reaches only the MFA setup flow (see plugin.ts).
 */
import { isStaffRole } from './permissions-contract';

type Env = Record<string, string | undefined>;

export { isStaffRole, STAFF_ROLES } from './permissions-contract';

const ON = ['1', 'true', 'yes', 'on'];
const OFF = ['0', 'false', 'no', 'off'];

/** A boolean switch from the environment: true, false, or undefined when unset (anything else is an error). */
export function envSwitch(env: Env, name: string): boolean | undefined {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return undefined;
  if (ON.includes(raw)) return true;
  if (OFF.includes(raw)) return false;
  throw new Error(`${name} must be 1 or 0 (it is "${env[name]}").`);
}

/** Whether staff accounts must use MFA: always in production, else REQUIRE_STAFF_MFA (default off). */
export function staffMfaRequired(env: Env = process.env): boolean {
  if (env.NODE_ENV === 'production') return true;
  return envSwitch(env, 'REQUIRE_STAFF_MFA') ?? false;
}

type MfaUser = { role: string; mfaEnabled: boolean; mfaMethod: string | null; mfaMandatory?: boolean };

/** MFA is on the way login honours it: enabled with a known method. */
export const hasMfa = (u: MfaUser) => u.mfaEnabled && (u.mfaMethod === 'authenticator' || u.mfaMethod === 'email');

/** This account must use MFA (a staff account while the policy is on). */
export const mfaRequiredFor = (u: Pick<MfaUser, 'role' | 'mfaMandatory'>, env: Env = process.env) => isStaffRole(u.role) && (Boolean(u.mfaMandatory) || staffMfaRequired(env));

/** This account must set up MFA before it may do anything else. */
export const mfaSetupRequiredFor = (u: MfaUser, env: Env = process.env) => mfaRequiredFor(u, env) && !hasMfa(u);

export const mfaSetupRequired = {
  status: 403,
  error: 'mfa_setup_required',
  message: 'Set up two-factor verification to continue: staff accounts must use it. Go to Account → Security.',
} as const;
