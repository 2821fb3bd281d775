/**
 * The Stripe adapter (official `stripe` SDK). Deposits are PaymentIntents for card top-ups: the investor's
 * browser confirms the card with Stripe.js using the client secret, and the wallet is credited only when
 * Stripe's signed webhook (payment_intent.succeeded) arrives — never on the browser's word. Withdrawals are
 * paid through Stripe Connect: each investor's verified bank account is the external account of a Custom
 * connected account (created at their first payout to that IBAN), a transfer moves the amount to it and a
 * payout sends it to the bank; payout.paid / payout.failed arrive on the Connect webhook. Every create call
 * carries our document id as Stripe's idempotency key, so a retried payout pays once.
 * Decision record: docs/decisions/013-payments-provider.md.
 */
import { createHash, createHmac } from 'node:crypto';
import Stripe from 'stripe';
import type { CreateDepositRequest, CreatePayoutRequest, PaymentProvider, ProviderEvent, ProviderEventHandler } from './provider';

export const STRIPE_PROVIDER = 'stripe';
/** Card methods only: bank transfers reach the client-money account directly and are booked by operators. */
const STRIPE_METHODS = new Set(['debit-card', 'credit-card']);
/** Stripe takes amounts of at most eight digits of the smallest unit: AED 999,999.99. */
const STRIPE_MAX_AMOUNT = 99_999_999n;

/** Where the adapter remembers each investor's connected account (a table in production: ./payees.ts). */
export type PayeeStore = {
  get(userId: string, iban: string): Promise<string | null>;
  set(userId: string, iban: string, payeeRef: string): Promise<void>;
};

/**
 * HMAC-SHA256 through node:crypto. Under Bun the SDK loads its web build, whose SubtleCrypto provider is
 * async-only; this one lets the synchronous `webhooks.constructEvent` verify signatures everywhere.
 */
export const stripeCryptoProvider = {
  computeHMACSignature: (payload: string, secret: string) => createHmac('sha256', secret).update(payload, 'utf8').digest('hex'),
  computeHMACSignatureAsync: async (payload: string, secret: string) => createHmac('sha256', secret).update(payload, 'utf8').digest('hex'),
  computeSHA256Async: async (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest()),
} as unknown as Stripe.CryptoProvider;

export type StripeProviderOptions = {
  secretKey: string;
  /** One or more webhook signing secrets (the account endpoint and the Connect endpoint), comma-separated. */
  webhookSecret: string;
  publishableKey?: string | null;
  payees: PayeeStore;
  /** A ready client (tests inject one whose HTTP layer is a fake: Stripe.createFetchHttpClient(fakeFetch)). */
  client?: Stripe;
  /** Country of the connected accounts Manzil opens for payouts (default AE). */
  payeeCountry?: string;
};

export class WebhookSignatureError extends Error {}

export type ParsedWebhook = { id: string; type: string; event: ProviderEvent | null };

export type StripeProvider = PaymentProvider & {
  readonly publishableKey: string | null;
  /** Verifies the signature on the RAW body and maps the event; throws WebhookSignatureError when it does not verify. */
  parseWebhook(rawBody: string, signature: string | null): ParsedWebhook;
};

const splitName = (name: string) => {
  const parts = name.trim().split(/\s+/);
  return { first: parts[0] ?? name, last: parts.slice(1).join(' ') || parts[0] || name };
};

/** Maps the Stripe events the wallet cares about; anything else is acknowledged and ignored. */
export function providerEventOf(event: Stripe.Event): ProviderEvent | null {
  switch (event.type) {
    case 'payment_intent.succeeded': {
      const pi = event.data.object;
      if (pi.currency !== 'aed') return null;
      return { type: 'deposit.succeeded', providerRef: pi.id, amount: BigInt(pi.amount_received) };
    }
    case 'payment_intent.payment_failed': {
      const pi = event.data.object;
      return { type: 'deposit.failed', providerRef: pi.id, reason: pi.last_payment_error?.message ?? 'the card payment was declined' };
    }
    // Payouts of Manzil's own balance (no `account`) are not investor withdrawals.
    case 'payout.paid':
      return event.account ? { type: 'payout.succeeded', providerRef: event.data.object.id } : null;
    case 'payout.failed':
      return event.account ? { type: 'payout.failed', providerRef: event.data.object.id, reason: event.data.object.failure_message ?? 'the bank refused the transfer' } : null;
    default:
      return null;
  }
}

export function createStripeProvider(opts: StripeProviderOptions): StripeProvider {
  const stripe = opts.client ?? new Stripe(opts.secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
  const secrets = opts.webhookSecret.split(',').map((s) => s.trim()).filter(Boolean);
  let handler: ProviderEventHandler | null = null;

  async function payeeAccount(request: CreatePayoutRequest): Promise<string> {
    const known = await opts.payees.get(request.userId, request.iban);
    if (known) return known;
    const name = splitName(request.accountName);
    const account = await stripe.accounts.create(
      {
        type: 'custom',
        country: opts.payeeCountry ?? 'AE',
        email: request.email,
        business_type: 'individual',
        individual: { first_name: name.first, last_name: name.last, email: request.email },
        capabilities: { transfers: { requested: true } },
        external_account: { object: 'bank_account', country: request.iban.slice(0, 2), currency: 'aed', account_holder_name: request.accountName, account_holder_type: 'individual', account_number: request.iban },
        metadata: { userId: request.userId },
      },
      { idempotencyKey: `payee:${request.userId}:${request.iban}` },
    );
    await opts.payees.set(request.userId, request.iban, account.id);
    return account.id;
  }

  return {
    name: STRIPE_PROVIDER,
    publishableKey: opts.publishableKey ?? null,
    supportsMethod: (method) => STRIPE_METHODS.has(method),
    maxDepositFils: STRIPE_MAX_AMOUNT,
    async createDeposit(request: CreateDepositRequest) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: Number(request.amount),
          currency: 'aed',
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          description: 'Manzil wallet top-up',
          metadata: { depositId: request.depositId, userId: request.userId, method: request.method },
        },
        { idempotencyKey: `deposit:${request.depositId}` },
      );
      return { providerRef: intent.id, clientSecret: intent.client_secret };
    },
    async createPayout(request: CreatePayoutRequest) {
      const account = await payeeAccount(request);
      const amount = Number(request.amount);
      const metadata = { withdrawalId: request.withdrawalId, userId: request.userId };
      await stripe.transfers.create({ amount, currency: 'aed', destination: account, transfer_group: request.withdrawalId, metadata }, { idempotencyKey: `payout-transfer:${request.withdrawalId}` });
      const payout = await stripe.payouts.create({ amount, currency: 'aed', metadata }, { stripeAccount: account, idempotencyKey: `payout:${request.withdrawalId}` });
      return { providerRef: payout.id };
    },
    parseWebhook(rawBody, signature) {
      if (!signature) throw new WebhookSignatureError('missing Stripe-Signature header');
      for (const secret of secrets) {
        try {
          const event = stripe.webhooks.constructEvent(rawBody, signature, secret, undefined, stripeCryptoProvider);
          return { id: event.id, type: event.type, event: providerEventOf(event) };
        } catch (err) {
          if (!(err instanceof Stripe.errors.StripeSignatureVerificationError)) throw new WebhookSignatureError((err as Error).message);
        }
      }
      throw new WebhookSignatureError('no signature matches');
    },
    onEvent(h) {
      handler = h;
    },
    async emit(event) {
      return handler ? handler(event) : 'ignored';
    },
    close() {},
  };
}
