/**
 * Provider webhooks: server-to-server calls authenticated by their signature, not by a session. They are
 * exempt from the CSRF check (no cookie, no Origin) and their body reaches the route RAW (as text), because
 * the signature is computed over the exact bytes sent.
 */
export const STRIPE_WEBHOOK_PATH = '/api/payments/stripe/webhook';

const SIGNED_WEBHOOK_PATHS = new Set([STRIPE_WEBHOOK_PATH]);

export const isSignedWebhook = (pathname: string) => SIGNED_WEBHOOK_PATHS.has(pathname.replace(/\/+$/, ''));
