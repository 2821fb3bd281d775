/**
 * The payment provider seam. Wallet deposits and withdrawal payouts go through a PaymentProvider; a real
 * one (a card acquirer, a bank's payouts API) plugs in by implementing these two calls and reporting
 * the outcome later through `emit` (from its webhook route), exactly as the sandbox does.
 */
export type ProviderEvent =
  | { type: 'deposit.succeeded'; providerRef: string }
  | { type: 'deposit.failed'; providerRef: string; reason: string }
  | { type: 'payout.succeeded'; providerRef: string }
  | { type: 'payout.failed'; providerRef: string; reason: string };

export type ProviderEventHandler = (event: ProviderEvent) => Promise<'handled' | 'not_found' | 'ignored'>;

export type CreateDepositRequest = {
  /** Our deposit id: the provider's idempotency key. */
  depositId: string;
  userId: string;
  amount: bigint;
  method: string;
};

export type CreatePayoutRequest = {
  withdrawalId: string;
  userId: string;
  amount: bigint;
  iban: string;
  accountName: string;
};

export type PaymentProvider = {
  /** Stored with each deposit and payout: 'sandbox', 'network-intl', … */
  readonly name: string;
  /** Starts collecting a deposit; the outcome arrives later as a deposit.* event. */
  createDeposit(request: CreateDepositRequest): Promise<{ providerRef: string }>;
  /** Starts paying out a withdrawal; the outcome arrives later as a payout.* event. */
  createPayout(request: CreatePayoutRequest): Promise<{ providerRef: string }>;
  /** Who hears about outcomes (the wallet registers itself once). */
  onEvent(handler: ProviderEventHandler): void;
  /** Delivers an outcome to the handler (webhooks and the sandbox call it). */
  emit(event: ProviderEvent): Promise<'handled' | 'not_found' | 'ignored'>;
  /** Stops timers (tests, shutdown). */
  close(): void;
};
