/**
 * Payments: the provider seam (PaymentProvider), the built-in sandbox (development, tests, labelled staging)
 * and the Stripe adapter, chosen from the environment by paymentsFromEnv. The wallet owns deposits and
 * withdrawals; it hands money movements to a provider and books them when the provider reports the outcome.
 */
export type { CreateDepositRequest, CreatePayoutRequest, PaymentProvider, ProviderEvent, ProviderEventHandler, ProviderEventOutcome } from './provider';
export { createSandboxProvider, SANDBOX_PROVIDER, type SandboxOptions } from './sandbox';
export { createStripeProvider, providerEventOf, stripeCryptoProvider, STRIPE_PROVIDER, WebhookSignatureError, type PayeeStore, type StripeProvider, type StripeProviderOptions } from './stripe';
export { paymentsFor, paymentsFromEnv, SANDBOX_LABEL, STAGING_LABEL, type PaymentsMode, type PaymentsSetup } from './config';
export { dbPayeeStore } from './payees';
export { paymentPayees } from './schema';
