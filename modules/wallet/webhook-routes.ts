import { Elysia } from 'elysia';
import type { Db } from '@db/client';
import { AppError, notFound } from '@api/errors';
import { STRIPE_WEBHOOK_PATH } from '@api/webhooks';
import { STRIPE_PROVIDER, WebhookSignatureError, type PaymentProvider, type StripeProvider } from '../payments';
import { providerEventSeen, recordProviderEvent } from './provider-events';

/**
 * POST /api/payments/stripe/webhook: verifies the Stripe-Signature on the raw body (400 and nothing changes
 * when it does not verify), skips an event id already applied, and hands the event to the wallet. An event
 * for a deposit or payout not committed yet answers 409 so that Stripe delivers it again later.
 */
export const stripeWebhookRoutes = (db: Db, provider: PaymentProvider | null) =>
  new Elysia().post(STRIPE_WEBHOOK_PATH, async ({ body, request }) => {
    if (!provider || provider.name !== STRIPE_PROVIDER) throw notFound('Stripe payments are not configured on this server.', 'stripe_disabled');
    const raw = typeof body === 'string' ? body : '';
    let parsed;
    try {
      parsed = (provider as StripeProvider).parseWebhook(raw, request.headers.get('stripe-signature'));
    } catch (err) {
      if (err instanceof WebhookSignatureError) throw new AppError(400, 'invalid_signature', 'The webhook signature is missing or does not match this payload.');
      throw err;
    }
    if (await providerEventSeen(db, STRIPE_PROVIDER, parsed.id)) return { received: true, duplicate: true };
    const outcome = parsed.event ? await provider.emit(parsed.event) : 'ignored';
    if (outcome === 'not_found') throw new AppError(409, 'payment_not_found_yet', 'No deposit or payout matches this event yet. Deliver it again later.');
    await recordProviderEvent(db, STRIPE_PROVIDER, parsed.id, parsed.type, outcome);
    return { received: true, outcome };
  });
