/**
 * How this process runs, decided once at start from the environment (see README "Running in production"):
 *   production   NODE_ENV=production. Never demo data; an empty database needs ADMIN_EMAIL/ADMIN_PASSWORD;
 *                staff accounts must use MFA.
 *   demo         DEMO=1 asks for the demo accounts and data on a new database (and tops up a demo database
 *                at later starts). Unset, it defaults to on outside production when no ADMIN_EMAIL is given,
 *                so `npm start` on a laptop shows a living demo. DEMO=0 turns it off.
 * Anything unsafe or ambiguous refuses to start with a StartupError, whose message says what to change.
 */
import { envSwitch, staffMfaRequired } from '../modules/auth/staff-mfa';

type Env = Record<string, string | undefined>;

export type RunMode = { production: boolean; demo: boolean; staffMfa: boolean };

/** A configuration the server refuses to start with; the message is for the operator and never holds a secret. */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}

function readSwitch(env: Env, name: string): boolean | undefined {
  try {
    return envSwitch(env, name);
  } catch (err) {
    throw new StartupError((err as Error).message);
  }
}

export function runModeFromEnv(env: Env = process.env): RunMode {
  const production = env.NODE_ENV === 'production';
  const demoAsked = readSwitch(env, 'DEMO');
  const staffMfaAsked = readSwitch(env, 'REQUIRE_STAFF_MFA');
  if (production && demoAsked) {
    throw new StartupError(
      'DEMO=1 is refused with NODE_ENV=production: demo accounts and data must never reach a production database. ' +
        'Unset DEMO, or run the demo without NODE_ENV=production.',
    );
  }
  if (production && staffMfaAsked === false) {
    throw new StartupError('REQUIRE_STAFF_MFA=0 is refused with NODE_ENV=production: staff accounts always need two-factor verification there.');
  }
  return {
    production,
    demo: demoAsked ?? (!production && !env.ADMIN_EMAIL),
    staffMfa: staffMfaRequired(env),
  };
}
