/**
 * Payments: the provider seam (PaymentProvider) and the built-in sandbox provider. The wallet owns
 * deposits and withdrawals; it hands money movements to a provider and books them when the provider
 * reports the outcome.
 */
export type { CreateDepositRequest, CreatePayoutRequest, PaymentProvider, ProviderEvent, ProviderEventHandler } from './provider';
export { createSandboxProvider, SANDBOX_PROVIDER, type SandboxOptions } from './sandbox';
