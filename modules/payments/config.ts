/**
 * Which payment provider a server uses, from its environment:
 *   STRIPE_SECRET_KEY set            → Stripe (STRIPE_WEBHOOK_SECRET required; STRIPE_PUBLISHABLE_KEY for the wallet screen)
 *   otherwise, not in production     → the sandbox (development and tests)
 *   otherwise, PAYMENTS_SANDBOX=1    → the sandbox, labelled as such (a staging deployment)
 *   otherwise                        → none: deposits and withdrawals answer 503 payments_not_configured
 * A sandbox handed in by the caller is refused in production the same way.
 */
import type { Db } from '@db/client';
import { dbPayeeStore } from './payees';
import type { PaymentProvider } from './provider';
import { createSandboxProvider, SANDBOX_PROVIDER, type SandboxOptions } from './sandbox';
import { createStripeProvider, STRIPE_PROVIDER, type StripeProvider } from './stripe';

export type PaymentsMode = 'stripe' | 'sandbox' | 'staging-sandbox' | 'none';

export type PaymentsSetup = {
  provider: PaymentProvider | null;
  mode: PaymentsMode;
  publishableKey: string | null;
  /** Said on the wallet screen when money is not real. */
  label: string | null;
};

export const SANDBOX_LABEL = 'Sandbox payments: no real money moves.';
export const STAGING_LABEL = 'Staging: sandbox payments, no real money moves.';

type Env = Record<string, string | undefined>;

const staging = (env: Env) => env.PAYMENTS_SANDBOX === '1' || env.PAYMENTS_SANDBOX === 'true';

/** The setup for a provider handed in by the caller (tests, the server), refusing the sandbox in production. */
export function paymentsFor(provider: PaymentProvider | null, opts: { production: boolean; env?: Env }): PaymentsSetup {
  const env = opts.env ?? process.env;
  if (!provider) return { provider: null, mode: 'none', publishableKey: null, label: null };
  if (provider.name === STRIPE_PROVIDER) return { provider, mode: 'stripe', publishableKey: (provider as StripeProvider).publishableKey ?? null, label: null };
  if (provider.name === SANDBOX_PROVIDER) {
    if (!opts.production) return { provider, mode: 'sandbox', publishableKey: null, label: SANDBOX_LABEL };
    if (staging(env)) return { provider, mode: 'staging-sandbox', publishableKey: null, label: STAGING_LABEL };
    provider.close();
    return { provider: null, mode: 'none', publishableKey: null, label: null };
  }
  return { provider, mode: 'stripe', publishableKey: null, label: null };
}

/** The provider the environment asks for (see the header). Throws on a half-configured Stripe. */
export function paymentsFromEnv(db: Db, opts: { production: boolean; env?: Env; sandbox?: SandboxOptions }): PaymentsSetup {
  const env = opts.env ?? process.env;
  if (env.STRIPE_SECRET_KEY) {
    if (!env.STRIPE_WEBHOOK_SECRET) throw new Error('STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not: Stripe payments cannot be confirmed without the webhook signing secret.');
    const provider = createStripeProvider({
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,
      payees: dbPayeeStore(db, STRIPE_PROVIDER),
      payeeCountry: env.STRIPE_PAYEE_COUNTRY,
    });
    return paymentsFor(provider, opts);
  }
  if (opts.production && !staging(env)) return paymentsFor(null, opts);
  return paymentsFor(createSandboxProvider(opts.sandbox), opts);
}
