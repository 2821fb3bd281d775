/**
 * The payment provider seam. Wallet deposits and withdrawal payouts go through a PaymentProvider; a real
 * one (Stripe: ./stripe.ts) plugs in by implementing these calls and reporting outcomes later through
 * `emit` (from its signature-verified webhook route), exactly as the sandbox does.
 */
export type ProviderEvent =
  /** `amount`: what the provider says it collected, fils (a deposit is credited only when it matches). */
  | { type: 'deposit.succeeded'; providerRef: string; amount?: bigint }
  | { type: 'deposit.failed'; providerRef: string; reason: string }
  | { type: 'payout.succeeded'; providerRef: string }
  | { type: 'payout.failed'; providerRef: string; reason: string };

export type ProviderEventOutcome = 'handled' | 'not_found' | 'ignored';
export type ProviderEventHandler = (event: ProviderEvent) => Promise<ProviderEventOutcome>;

export type CreateDepositRequest = {
  /** Our deposit id: the provider's idempotency key. */
  depositId: string;
  userId: string;
  amount: bigint;
  method: string;
};

export type CreatePayoutRequest = {
  /** Our withdrawal id: the provider's idempotency key (a retry pays once). */
  withdrawalId: string;
  userId: string;
  amount: bigint;
  /** Electronic format, validated (ibantools). */
  iban: string;
  /** The investor's verified name: payouts go only to an account in that name. */
  accountName: string;
  email: string;
};

export type PaymentProvider = {
  /** Stored with each deposit and payout: 'sandbox', 'stripe', … */
  readonly name: string;
  /** Starts collecting a deposit; the outcome arrives later as a deposit.* event. */
  createDeposit(request: CreateDepositRequest): Promise<{ providerRef: string; clientSecret?: string | null }>;
  /** Starts paying out a withdrawal; the outcome arrives later as a payout.* event. Idempotent by withdrawalId. */
  createPayout(request: CreatePayoutRequest): Promise<{ providerRef: string }>;
  /** The largest single deposit it can collect, fils (no limit of its own when absent). */
  readonly maxDepositFils?: bigint;
  /** Which deposit methods it can collect (all when absent). */
  supportsMethod?(method: string): boolean;
  /** Who hears about outcomes (the wallet registers itself once). */
  onEvent(handler: ProviderEventHandler): void;
  /** Delivers an outcome to the handler (webhooks and the sandbox call it). */
  emit(event: ProviderEvent): Promise<ProviderEventOutcome>;
  /** Stops timers (tests, shutdown). */
  close(): void;
};
