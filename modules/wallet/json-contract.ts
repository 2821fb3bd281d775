/**
 * The JSON shapes of the wallet API (fils as strings; timestamps as ISO 8601 strings). Re-exported by
 * ./contract.ts; import them from there.
 */
import type { AdjustmentRequestStatus, DepositStatus, PaymentMethodKey, WalletTransactionKind, WithdrawalStatus } from './contract';

export type WalletSummary = {
  currency: 'AED';
  /** Everything in the wallet, fils. */
  balance: string;
  /** Held for pending withdrawals, fils. */
  held: string;
  /** balance − held: what can be invested or withdrawn. */
  available: string;
  /** Net amount of deposits paid but not yet confirmed by the provider. */
  pendingDeposits: string;
  /** Withdrawals requested and not yet paid (held or being paid). */
  pendingWithdrawals: string;
  limits: { minDeposit: string; minWithdrawal: string; maxAmount: string };
  /** The verified name payouts go to (the KYC legal name), or null before identity is verified. */
  payeeName: string | null;
  updatedAt: string | null;
};

export type WalletTransactionJson = {
  id: string;
  kind: WalletTransactionKind;
  /** Signed fils: + into the wallet, − out of it. */
  amount: string;
  /** The wallet balance right after this movement (the running balance). */
  balanceAfter: string;
  description: string;
  /** What caused it: a deposit, withdrawal, investment or adjustment id. */
  reference: { type: 'deposit' | 'withdrawal' | 'investment' | 'adjustment'; id: string } | null;
  /** The journal entry (e.g. "JE-000123") that records it in the books. */
  journalReference: string | null;
  createdAt: string;
};

export type TransactionsPage = {
  items: WalletTransactionJson[];
  total: number;
  limit: number;
  offset: number;
  /** Balance before the oldest item of the filtered range (for statements). */
  openingBalance: string;
  closingBalance: string;
};

export type DepositJson = {
  id: string;
  status: DepositStatus;
  amount: string;
  method: PaymentMethodKey;
  methodName: string;
  chargeBps: number;
  charge: string;
  vat: string;
  net: string;
  /** The provider's reference (sandbox: "sbx_dep_…", Stripe: the PaymentIntent id "pi_…"). */
  providerRef: string;
  provider: string;
  /**
   * Stripe only, in the answer to POST /api/wallet/deposits: the PaymentIntent's client secret, which the
   * wallet screen hands to Stripe.js to confirm the card payment. The wallet is credited only when Stripe's
   * signed webhook says the payment succeeded, never on the browser's word.
   */
  clientSecret?: string | null;
  createdAt: string;
  confirmedAt: string | null;
};

export type WithdrawalJson = {
  id: string;
  status: WithdrawalStatus;
  amount: string;
  /** Masked for display: "AE07 •••• 3456". */
  ibanMasked: string;
  accountName: string;
  /** Why an admin rejected it. */
  reason: string | null;
  createdAt: string;
  decidedAt: string | null;
  paidAt: string | null;
};

export type AdminWalletRow = {
  userId: string;
  name: string;
  email: string;
  unicode: string;
  kycStatus: string;
  balance: string;
  held: string;
  available: string;
  pendingWithdrawals: number;
  updatedAt: string | null;
};

export type AdminWalletsPage = {
  items: AdminWalletRow[];
  total: number;
  limit: number;
  offset: number;
  totals: { balance: string; held: string; wallets: number };
};

export type AdjustmentJson = {
  id: string;
  userId: string;
  amount: string;
  reason: string;
  balanceAfter: string;
  journalReference: string;
  createdBy: string;
  createdAt: string;
};

export type AdminWithdrawalJson = WithdrawalJson & {
  userId: string;
  name: string;
  email: string;
  unicode: string;
  /** The full IBAN (admins pay into it). */
  iban: string;
  /** The investor's wallet balance now. */
  walletBalance: string;
  decidedBy: string | null;
  /** The first administrator's approval, for a withdrawal above the four-eyes threshold. */
  firstApprovedBy: string | null;
  firstApprovedByEmail: string | null;
  firstApprovedAt: string | null;
  /** Above the four-eyes threshold: two different administrators must approve it. */
  needsSecondApproval: boolean;
};

/** An adjustment above the four-eyes threshold, waiting for (or decided by) a second administrator. */
export type AdjustmentRequestJson = {
  id: string;
  userId: string;
  name: string;
  unicode: string;
  /** Signed fils. */
  amount: string;
  reason: string;
  status: AdjustmentRequestStatus;
  requestedBy: string;
  requestedByEmail: string;
  decidedBy: string | null;
  decidedByEmail: string | null;
  decisionNote: string | null;
  adjustmentId: string | null;
  createdAt: string;
  decidedAt: string | null;
};

/** How this server takes payments (GET /api/wallet/payment-methods answers it with the methods). */
export type PaymentsConfigJson = {
  /** 'stripe' | 'sandbox' | 'staging-sandbox' | 'none' (production without a provider: deposits and withdrawals refused). */
  mode: 'stripe' | 'sandbox' | 'staging-sandbox' | 'none';
  /** Stripe's publishable key for Stripe.js on the wallet screen. */
  publishableKey: string | null;
  /** Shown on the wallet screen when money is not real (the sandbox), else null. */
  label: string | null;
};

export type AdminWalletDetail = {
  wallet: AdminWalletRow;
  transactions: WalletTransactionJson[];
  withdrawals: AdminWithdrawalJson[];
  adjustments: AdjustmentJson[];
  adjustmentRequests: AdjustmentRequestJson[];
  deposits: DepositJson[];
  /** The four-eyes threshold now, fils. */
  fourEyesThreshold: string;
};
