/**
 * The wallet's contract: amount rules, payment methods and their charges, IBAN validation, input
 * schemas (each validation message once) and the JSON shapes of the wallet API. Browser-safe: the
 * /wallet screen and the admin wallet screens import it, and the API validates with the same schemas.
 *
 * Amounts in JSON responses are STRINGS of integer fils of AED ("125000" = AED 1,250.00), signed where
 * a movement can go both ways. Inputs accept a JSON number or a string of digits.
 *
 * Investor API (auth: signed-in user; 401 for visitors)
 *   GET  /api/wallet                          → WalletSummary
 *   GET  /api/wallet/payment-methods          → { items: PaymentMethod[] }
 *   GET  /api/wallet/deposits/quote           ?amount&method → DepositQuote (the charge shown before confirming)
 *   POST /api/wallet/deposits                 depositInput { amount, method } → 201 DepositJson (status 'pending';
 *                                             the payment provider confirms within a few seconds → 'confirmed').
 *                                             Optional Idempotency-Key header (as for withdrawals and investments):
 *                                             a repeat answers 200 with the first response (header Idempotent-Replay).
 *   GET  /api/wallet/deposits/:id             → DepositJson (poll it until it is confirmed)
 *   POST /api/wallet/deposits needs verified identity (422 kyc_required) and a payment provider (503
 *                                             payments_not_configured in production without one). With Stripe the
 *                                             answer carries the PaymentIntent's clientSecret; the wallet is
 *                                             credited only by Stripe's signed webhook.
 *   POST /api/wallet/withdrawals              withdrawalInput { amount, iban, accountName? } → 201 WithdrawalJson
 *                                             (status 'pending'; the amount is held until an admin decides). Verified
 *                                             identity only; paid only to an account in the verified name (a different
 *                                             accountName: 422 account_name_mismatch).
 *   POST /api/wallet/withdrawals/:id/cancel   a pending withdrawal, by its owner → WithdrawalJson ('cancelled')
 *   GET  /api/wallet/withdrawals              → { items: WithdrawalJson[] }
 *   GET  /api/wallet/transactions             transactionsQuery → TransactionsPage (newest first, with running balance)
 *   GET  /api/wallet/statement                statementQuery ?from&to&format=csv|pdf → the file (attachment)
 *
 * Payment provider
 *   POST /api/payments/sandbox/:providerRef/confirm   confirms a sandbox deposit or payout now (tests, demos);
 *                                                     idempotent. Exists only where the sandbox is in use (never in
 *                                                     production, unless PAYMENTS_SANDBOX=1 for staging).
 *   POST /api/payments/stripe/webhook                 Stripe events, signature-verified on the raw body (400 otherwise);
 *                                                     CSRF-exempt; redelivered event ids are acknowledged, not applied.
 *
 * Admin API (auth: admin; 401 visitor, 403 investor — settled before the input is validated)
 *   (The three admin lists and their CSV exports follow the one list contract: ./admin-list-contract.ts.)
 *   GET  /api/admin/wallets                   adminWalletsQuery → AdminWalletsPage
 *   GET  /api/admin/wallets/:userId           → AdminWalletDetail
 *   POST /api/admin/wallets/:userId/adjustments  adjustmentInput { amount (signed), reason } → 201 AdjustmentJson (audited,
 *                                             journaled), or above the four-eyes threshold 202 AdjustmentRequestJson
 *                                             (pending a second administrator). Never one's own wallet (403 self_approval).
 *   GET  /api/admin/wallets/adjustment-requests       adjustmentRequestsQuery ?q&sort&status → { items: AdjustmentRequestJson[], total }
 *   POST /api/admin/wallets/adjustment-requests/:id/approve   another administrator (403 second_admin_required for the asker)
 *   POST /api/admin/wallets/adjustment-requests/:id/reject    rejectAdjustmentRequestInput { reason }
 *   GET  /api/admin/wallets/withdrawals       adminWithdrawalsQuery ?q&sort&status → { items: AdminWithdrawalJson[], total }
 *   POST /api/admin/wallets/withdrawals/:id/approve   → AdminWithdrawalJson ('processing', then 'paid' when the payout confirms;
 *                                             above the four-eyes threshold the first approval gives
 *                                             'awaiting_second_approval' and a different admin's completes it).
 *                                             Never a withdrawal from one's own wallet (403 self_approval).
 *   POST /api/admin/wallets/withdrawals/:id/reject    rejectWithdrawalInput { reason } → AdminWithdrawalJson ('rejected'; hold released)
 *
 * Errors: 400 { message, error: 'validation_failed', fields } for malformed input; 422 for business rules
 * (error codes in walletErrorCodes); 404 for an unknown or someone else's deposit/withdrawal.
 */
import { electronicFormatIBAN, getCountrySpecifications, isValidIBAN } from 'ibantools';
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Amount rules

/** The largest single movement (deposit, withdrawal, investment, adjustment): AED 10,000,000. */
export const MAX_AMOUNT_FILS = 1_000_000_000n;
/** The smallest deposit: AED 10. */
export const MIN_DEPOSIT_FILS = 1_000n;
/** The smallest withdrawal: AED 10. */
export const MIN_WITHDRAWAL_FILS = 1_000n;
/** Standard UAE VAT on fees, basis points (5%). Same value as the ledger's VAT_RATE_BPS. */
export const FEE_VAT_BPS = 500;

const aedPlain = (fils: bigint) => {
  const whole = (fils / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const frac = fils % 100n;
  return frac === 0n ? `AED ${whole}` : `AED ${whole}.${frac.toString().padStart(2, '0')}`;
};

export const walletMessages = {
  amountType: (label: string) => `${label} must be a whole number of fils (AED 1 = 100 fils), like 125000 for AED 1,250`,
  amountFraction: (label: string) => `${label} must be a whole number of fils: a fraction of a fil can't be paid`,
  amountPositive: (label: string) => `${label} must be more than zero`,
  amountTooLarge: (label: string) => `${label} is too large: the most in one go is ${aedPlain(MAX_AMOUNT_FILS)}`,
  amountBelowMin: (label: string, min: bigint) => `${label} must be at least ${aedPlain(min)}`,
  adjustmentZero: 'An adjustment must be more or less than zero',
  methodUnknown: `Choose a payment method: ${'uae-bank-transfer, international-transfer, debit-card or credit-card'}`,
  ibanRequired: 'Enter the IBAN of the bank account to pay into',
  ibanFormat: 'An IBAN starts with a 2-letter country code and 2 check digits, like AE07 0331 2345 6789 0123 456',
  ibanLength: (country: string, length: number) => `A ${country} IBAN has ${length} characters`,
  ibanChecksum: 'That IBAN is not valid: its check digits do not match. Copy it again from your bank',
  ibanCountry: (country: string) => `We can't pay into IBANs from ${country}`,
  reasonRequired: 'Give a reason (at least 5 characters); it is kept in the journal and the audit log',
  reasonTooLong: 'The reason must be at most 500 characters',
  insufficientAvailable: (available: bigint) =>
    `You have ${aedPlain(available)} available to withdraw. Enter a smaller amount.`,
  adjustmentWouldGoNegative: (available: bigint) =>
    `This debit would take the wallet below zero: only ${aedPlain(available)} is available (not held).`,
  depositNotFound: 'There is no deposit with that id.',
  withdrawalNotFound: 'There is no withdrawal with that id.',
  withdrawalNotPending: (status: string) => `This withdrawal is ${status}, so it can no longer be changed.`,
  walletUserNotFound: 'There is no investor with that id.',
  kycRequiredDeposit: 'Complete identity verification before depositing.',
  kycRequiredWithdrawal: 'Complete identity verification before withdrawing.',
  accountNameMismatch: (name: string) => `Payouts go only to a bank account in your verified name. Enter the account holder as ${name}, or leave it blank.`,
  paymentsNotConfigured: 'Payments are not set up on this server yet, so deposits and withdrawals are unavailable. Please try again later or contact support.',
  aboveProviderLimit: (max: bigint) => `A card deposit can be at most ${aedPlain(max)}. Enter a smaller amount, or deposit in several payments.`,
  methodUnavailable: (name: string) => `${name} is not available at the moment. Choose another payment method.`,
  ownWithdrawal: 'You cannot approve or reject a withdrawal from your own wallet. Ask another administrator.',
  ownWallet: 'You cannot adjust your own wallet. Ask another administrator.',
  secondAdminRequired: 'You asked for this yourself, so another administrator must approve it.',
  requestNotPending: (status: string) => `This request is ${status}, so it can no longer be decided.`,
  requestNotFound: 'There is no adjustment request with that id.',
  dateRange: 'The start date must be on or before the end date',
  statementFormat: 'Choose csv or pdf',
} as const;

/** Machine codes of the wallet's 4xx answers (the `error` field). */
export const walletErrorCodes = {
  insufficientFunds: 'insufficient_funds',
  withdrawalNotPending: 'withdrawal_not_pending',
  adjustmentNegative: 'adjustment_would_go_negative',
  kycRequired: 'kyc_required',
  accountNameMismatch: 'account_name_mismatch',
  paymentsNotConfigured: 'payments_not_configured',
  methodUnavailable: 'method_unavailable',
  aboveProviderLimit: 'above_provider_limit',
  selfApproval: 'self_approval',
  secondAdminRequired: 'second_admin_required',
  requestNotPending: 'request_not_pending',
} as const;

/** Compares account holder names as a bank would: case, accents and spacing do not matter. */
export const sameHolderName = (a: string, b: string) => {
  const norm = (s: string) => s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  return norm(a) !== '' && norm(a) === norm(b);
};

/**
 * An amount of fils as a JSON number or a string of digits, checked and turned into a bigint:
 * integers only ("100.5" and 100.5 are refused, not rounded), more than zero, at most MAX_AMOUNT_FILS,
 * and at least `min` when given.
 */
export function amountSchema(label = 'Amount', opts: { min?: bigint; max?: bigint } = {}) {
  const max = opts.max ?? MAX_AMOUNT_FILS;
  return z
    .union([z.number(), z.string()], { error: walletMessages.amountType(label) })
    .transform((raw, ctx): bigint => {
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      };
      let value: bigint;
      if (typeof raw === 'number') {
        if (!Number.isFinite(raw)) return fail(walletMessages.amountType(label));
        if (!Number.isInteger(raw)) return fail(walletMessages.amountFraction(label));
        if (!Number.isSafeInteger(raw)) return fail(raw > 0 ? walletMessages.amountTooLarge(label) : walletMessages.amountPositive(label));
        value = BigInt(raw);
      } else {
        const s = raw.trim();
        if (/^-?\d+\.\d*$/.test(s)) return fail(walletMessages.amountFraction(label));
        if (!/^-?\d{1,30}$/.test(s)) return fail(walletMessages.amountType(label));
        value = BigInt(s);
      }
      if (value <= 0n) return fail(walletMessages.amountPositive(label));
      if (value > max) return fail(walletMessages.amountTooLarge(label));
      if (opts.min !== undefined && value < opts.min) return fail(walletMessages.amountBelowMin(label, opts.min));
      return value;
    });
}

/** A signed amount of fils (admin adjustments): not zero, at most MAX_AMOUNT_FILS either way. */
export function signedAmountSchema(label = 'Amount') {
  return z
    .union([z.number(), z.string()], { error: walletMessages.amountType(label) })
    .transform((raw, ctx): bigint => {
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      };
      let value: bigint;
      if (typeof raw === 'number') {
        if (!Number.isFinite(raw)) return fail(walletMessages.amountType(label));
        if (!Number.isInteger(raw)) return fail(walletMessages.amountFraction(label));
        if (!Number.isSafeInteger(raw)) return fail(walletMessages.amountTooLarge(label));
        value = BigInt(raw);
      } else {
        const s = raw.trim();
        if (/^[-+]?\d+\.\d*$/.test(s)) return fail(walletMessages.amountFraction(label));
        if (!/^[-+]?\d{1,30}$/.test(s)) return fail(walletMessages.amountType(label));
        value = BigInt(s);
      }
      if (value === 0n) return fail(walletMessages.adjustmentZero);
      if (value > MAX_AMOUNT_FILS || value < -MAX_AMOUNT_FILS) return fail(walletMessages.amountTooLarge(label));
      return value;
    });
}

// ---------------------------------------------------------------------------------------------
// Payment methods; their charges (§9: 0.5% to 2.5% by payment method) are settings (modules/settings),
// read on the server for each quote and deposit and served to the screens with the methods.

export const PAYMENT_METHOD_KEYS = ['uae-bank-transfer', 'international-transfer', 'debit-card', 'credit-card'] as const;
export type PaymentMethodKey = (typeof PAYMENT_METHOD_KEYS)[number];

export type PaymentMethod = {
  key: PaymentMethodKey;
  name: string;
  detail: string;
  /** How the money arrives: card payments and bank transfers settle through different clearing accounts. */
  rail: 'card' | 'bank_transfer';
};

export const PAYMENT_METHODS: readonly PaymentMethod[] = [
  {
    key: 'uae-bank-transfer',
    name: 'UAE bank transfer',
    detail: 'From an account in your name at a UAE bank. Usually arrives within one working day.',
    rail: 'bank_transfer',
  },
  {
    key: 'international-transfer',
    name: 'International bank transfer',
    detail: 'From an account in your name outside the UAE. Usually arrives in 2-3 working days.',
    rail: 'bank_transfer',
  },
  {
    key: 'debit-card',
    name: 'Debit card',
    detail: 'Visa or Mastercard in your name. Arrives instantly.',
    rail: 'card',
  },
  {
    key: 'credit-card',
    name: 'Credit card',
    detail: 'Visa or Mastercard in your name. Arrives instantly.',
    rail: 'card',
  },
];

export const paymentMethodByKey = (key: string): PaymentMethod | undefined => PAYMENT_METHODS.find((m) => m.key === key);

/** A method with the charge in force (GET /api/wallet/payment-methods). */
export type PaymentMethodJson = PaymentMethod & {
  /** The transaction charge, basis points of the deposit (50 = 0.5%), before 5% VAT on it. */
  chargeBps: number;
};
/** Transaction charge per method key, basis points (modules/settings chargeBpsByMethod). */
export type ChargeRates = Record<string, number>;

/** Basis points as a percentage label: 50 → "0.5%", 250 → "2.5%". */
export function bpsLabel(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const frac = String(bps % 100).padStart(2, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}%` : `${whole}%`;
}

/** Integer division rounding half to even (banker's rounding), for non-negative bigint. */
function divHalfEven(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  if (r * 2n < d) return q;
  if (r * 2n > d) return q + 1n;
  return q % 2n === 0n ? q : q + 1n;
}

/** A fee in fils at `bps` of `amount`, rounded half-even, and the 5% VAT on it (also half-even). */
export function feeWithVat(amount: bigint, bps: number | bigint): { fee: bigint; vat: bigint } {
  const fee = divHalfEven(amount * BigInt(bps), 10_000n);
  const vat = divHalfEven(fee * BigInt(FEE_VAT_BPS), 10_000n);
  return { fee, vat };
}

export type DepositQuote = {
  /** What the investor pays through the method, fils. */
  amount: string;
  method: PaymentMethodKey;
  methodName: string;
  chargeBps: number;
  /** The transaction charge before VAT, fils. */
  charge: string;
  /** 5% VAT on the charge, fils. */
  vat: string;
  /** charge + vat. */
  totalCharge: string;
  /** What reaches the wallet: amount − charge − vat. */
  net: string;
};

/**
 * The one deposit pricing: the charge is taken from the amount paid, with 5% VAT on the charge, and
 * the rest reaches the wallet. The same function prices the quote shown before confirming and the
 * deposit the server records.
 */
export function quoteDeposit(amount: bigint, methodKey: PaymentMethodKey, rates: ChargeRates): DepositQuote {
  const method = paymentMethodByKey(methodKey);
  const chargeBps = rates[methodKey];
  if (!method || chargeBps === undefined) throw new RangeError(`unknown payment method ${methodKey}`);
  const { fee, vat } = feeWithVat(amount, chargeBps);
  return {
    amount: amount.toString(),
    method: method.key,
    methodName: method.name,
    chargeBps,
    charge: fee.toString(),
    vat: vat.toString(),
    totalCharge: (fee + vat).toString(),
    net: (amount - fee - vat).toString(),
  };
}

// ---------------------------------------------------------------------------------------------
// IBAN (ISO 13616), validated with ibantools: country length, structure and mod-97 check digits

/** The countries we pay into (UAE first: AE + 21 characters = 23). */
export const IBAN_COUNTRIES: ReadonlySet<string> = new Set([
  'AE', 'SA', 'BH', 'KW', 'QA', 'OM', 'JO', 'LB', 'EG',
  'GB', 'IE', 'DE', 'FR', 'NL', 'BE', 'LU', 'CH', 'AT', 'IT', 'ES', 'PT',
  'SE', 'NO', 'DK', 'FI', 'PL', 'CZ', 'GR', 'CY', 'MT', 'TR', 'PK',
]);

export const IBAN_COUNTRY_NAMES: Readonly<Record<string, string>> = { AE: 'UAE', SA: 'Saudi', GB: 'UK', DE: 'German', FR: 'French' };

/** Strips spaces and dashes and upper-cases: "ae07 0331-2345…" → "AE070331…" (ibantools' electronic format). */
export const normalizeIban = (raw: string) => electronicFormatIBAN(raw) ?? '';

export type IbanCheck = { ok: true; iban: string } | { ok: false; message: string };

/** Validates an IBAN as a person types it; on success returns it in electronic format. */
export function checkIban(raw: string): IbanCheck {
  const iban = normalizeIban(raw);
  if (!iban) return { ok: false, message: walletMessages.ibanRequired };
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return { ok: false, message: walletMessages.ibanFormat };
  const country = iban.slice(0, 2);
  const length = getCountrySpecifications()[country]?.chars;
  if (!IBAN_COUNTRIES.has(country) || !length) return { ok: false, message: walletMessages.ibanCountry(country) };
  if (iban.length !== length) return { ok: false, message: walletMessages.ibanLength(IBAN_COUNTRY_NAMES[country] ?? country, length) };
  if (!isValidIBAN(iban)) return { ok: false, message: walletMessages.ibanChecksum };
  return { ok: true, iban };
}

/** "AE070331234567890123456" → "AE07 0331 2345 6789 0123 456". */
export const formatIban = (iban: string) => normalizeIban(iban).replace(/(.{4})(?=.)/g, '$1 ');

/** Shows only the country, check digits and last 4: "AE07 •••• 3456". */
export const maskIban = (iban: string) => {
  const n = normalizeIban(iban);
  return n.length <= 8 ? n : `${n.slice(0, 4)} •••• ${n.slice(-4)}`;
};

export const ibanSchema = z
  .string({ error: walletMessages.ibanRequired })
  .transform((raw, ctx): string => {
    const result = checkIban(raw);
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: result.message });
      return z.NEVER;
    }
    return result.iban;
  });

// ---------------------------------------------------------------------------------------------
// Inputs

export const paymentMethodSchema = z.enum(PAYMENT_METHOD_KEYS, { error: walletMessages.methodUnknown });

export const depositInput = z.object({
  amount: amountSchema('Deposit amount', { min: MIN_DEPOSIT_FILS }),
  method: paymentMethodSchema,
});
export type DepositInput = z.infer<typeof depositInput>;

export const depositQuoteQuery = depositInput;

export const withdrawalInput = z.object({
  amount: amountSchema('Withdrawal amount', { min: MIN_WITHDRAWAL_FILS }),
  iban: ibanSchema,
  /**
   * Payouts go only to an account in the investor's verified name: the server fills it from the verified
   * identity, and refuses a different name (422 account_name_mismatch) when one is given.
   */
  accountName: z.string({ error: 'Account name must be text' }).trim().max(120, 'Account name must be at most 120 characters').optional(),
});
export type WithdrawalInput = z.infer<typeof withdrawalInput>;

const dateString = (label: string) =>
  z
    .string({ error: `${label} must be a date as YYYY-MM-DD` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date as YYYY-MM-DD`)
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    }, `${label} must be a real calendar date`);

export const WALLET_TRANSACTION_KINDS = ['deposit', 'charge', 'withdrawal', 'investment', 'refund', 'adjustment', 'trade', 'sale', 'distribution', 'fee'] as const;
export type WalletTransactionKind = (typeof WALLET_TRANSACTION_KINDS)[number];
export const walletTransactionKindLabels: Record<WalletTransactionKind, string> = {
  deposit: 'Deposit',
  charge: 'Transaction charge',
  withdrawal: 'Withdrawal',
  investment: 'Investment',
  refund: 'Refund',
  adjustment: 'Adjustment',
  trade: 'Exchange trade',
  sale: 'Sale proceeds',
  distribution: 'Rental distribution',
  fee: 'Platform fee',
};

const pageLimit = z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number').min(1, 'limit must be at least 1').max(200, 'limit must be at most 200').default(50);
const pageOffset = z.coerce.number({ error: 'offset must be a number' }).int('offset must be a whole number').min(0, 'offset cannot be negative').max(1_000_000, 'offset is too large').default(0);

export const transactionsQuery = z
  .object({
    from: dateString('from').optional(),
    to: dateString('to').optional(),
    kind: z.enum(WALLET_TRANSACTION_KINDS, { error: `kind must be one of: ${WALLET_TRANSACTION_KINDS.join(', ')}` }).optional(),
    limit: pageLimit,
    offset: pageOffset,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: walletMessages.dateRange, path: ['to'] });
export type TransactionsQuery = z.infer<typeof transactionsQuery>;

export const statementQuery = z
  .object({
    from: dateString('from'),
    to: dateString('to'),
    format: z.enum(['csv', 'pdf'], { error: walletMessages.statementFormat }).default('csv'),
  })
  .refine((q) => q.from <= q.to, { message: walletMessages.dateRange, path: ['to'] });
export type StatementQuery = z.infer<typeof statementQuery>;

const reasonSchema = z
  .string({ error: walletMessages.reasonRequired })
  .trim()
  .min(5, walletMessages.reasonRequired)
  .max(500, walletMessages.reasonTooLong);

export const adjustmentInput = z.object({
  /** Signed fils: positive credits the wallet, negative debits it. */
  amount: signedAmountSchema('Adjustment amount'),
  reason: reasonSchema,
});
export type AdjustmentInput = z.infer<typeof adjustmentInput>;

export const rejectWithdrawalInput = z.object({ reason: reasonSchema });
export const rejectAdjustmentRequestInput = z.object({ reason: reasonSchema });

export const WITHDRAWAL_STATUSES = ['pending', 'awaiting_second_approval', 'processing', 'paid', 'rejected', 'cancelled', 'failed'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
export const withdrawalStatusLabels: Record<WithdrawalStatus, string> = {
  pending: 'Awaiting approval',
  awaiting_second_approval: 'Awaiting second approval',
  processing: 'Being paid',
  paid: 'Paid',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  failed: 'Payout failed, returned to wallet',
};

export const ADJUSTMENT_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type AdjustmentRequestStatus = (typeof ADJUSTMENT_REQUEST_STATUSES)[number];

export const DEPOSIT_STATUSES = ['pending', 'confirmed', 'failed'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
export const depositStatusLabels: Record<DepositStatus, string> = { pending: 'Processing', confirmed: 'Received', failed: 'Failed' };

// Responses: ./json-contract.ts (the JSON shapes of the wallet API).
export type * from './json-contract';
