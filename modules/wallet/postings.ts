/**
 * The wallet's journal entries, one pure builder per document: what a deposit, a withdrawal, an adjustment
 * and a failed payout's reversal post. Services resolve the accounts (the investor's client-money
 * sub-account) and the date, then call these; nothing else in the wallet writes journal lines.
 */
import { LEDGER_ACCOUNTS, type PostingEntry, type PostingLine } from '../ledger';
import { bpsLabel, maskIban } from './contract';

export type DepositDocument = {
  id: string;
  amount: bigint;
  charge: bigint;
  vat: bigint;
  net: bigint;
  chargeBps: number;
  methodName: string;
  rail: 'card' | 'bank_transfer';
  providerRef: string;
};

/** Dr the clearing account for what was paid; Cr the investor's client money (net), the charge and its VAT. */
export function depositPosting(d: DepositDocument, ctx: { investorAccount: string; date: string }): PostingEntry {
  const clearing = d.rail === 'card' ? LEDGER_ACCOUNTS.cardClearing : LEDGER_ACCOUNTS.bankTransferClearing;
  const lines: PostingLine[] = [
    { accountCode: clearing, debit: d.amount, memo: `${d.methodName} deposit ${d.providerRef}` },
    { accountCode: ctx.investorAccount, credit: d.net, memo: 'Deposit to wallet, net of the transaction charge' },
  ];
  if (d.charge > 0n) lines.push({ accountCode: LEDGER_ACCOUNTS.transactionFees, credit: d.charge, memo: `Transaction charge ${bpsLabel(d.chargeBps)}` });
  if (d.vat > 0n) lines.push({ accountCode: LEDGER_ACCOUNTS.vatOutput, credit: d.vat, memo: 'VAT 5% on the transaction charge' });
  return { date: ctx.date, memo: `Wallet deposit by ${d.methodName}`, source: { module: 'wallet.deposit', id: d.id }, authorId: null, lines };
}

export type WithdrawalDocument = { id: string; amount: bigint; iban: string };

/** Dr the investor's client money; Cr the client-money bank account the payout leaves from. */
export function withdrawalPosting(w: WithdrawalDocument, ctx: { investorAccount: string; date: string; authorId: string | null }): PostingEntry {
  return {
    date: ctx.date,
    memo: `Wallet withdrawal to ${maskIban(w.iban)}`,
    source: { module: 'wallet.withdrawal', id: w.id },
    authorId: ctx.authorId,
    lines: [
      { accountCode: ctx.investorAccount, debit: w.amount, memo: 'Withdrawal from wallet' },
      { accountCode: LEDGER_ACCOUNTS.bankClientMoney, credit: w.amount, memo: `Payout to ${maskIban(w.iban)}` },
    ],
  };
}

/** The mirror image of withdrawalPosting, when the payout finally failed and the money stays with Manzil. */
export function payoutReversalPosting(w: WithdrawalDocument & { reason: string }, ctx: { investorAccount: string; date: string }): PostingEntry {
  return {
    date: ctx.date,
    memo: `Failed payout to ${maskIban(w.iban)} returned to the wallet: ${w.reason}`.slice(0, 1000),
    source: { module: 'wallet.withdrawal.reversal', id: w.id },
    authorId: null,
    lines: [
      { accountCode: LEDGER_ACCOUNTS.bankClientMoney, debit: w.amount, memo: `Payout to ${maskIban(w.iban)} failed` },
      { accountCode: ctx.investorAccount, credit: w.amount, memo: 'Withdrawal returned to wallet' },
    ],
  };
}

export type AdjustmentDocument = { id: string; amount: bigint; reason: string };

/** A credit: Dr client-money bank, Cr the investor. A debit: the other way round. */
export function adjustmentPosting(a: AdjustmentDocument, ctx: { investorAccount: string; date: string; authorId: string }): PostingEntry {
  const abs = a.amount < 0n ? -a.amount : a.amount;
  const reason = a.reason.slice(0, 200);
  const lines: PostingLine[] =
    a.amount > 0n
      ? [
          { accountCode: LEDGER_ACCOUNTS.bankClientMoney, debit: abs, memo: reason },
          { accountCode: ctx.investorAccount, credit: abs, memo: 'Wallet adjustment (credit)' },
        ]
      : [
          { accountCode: ctx.investorAccount, debit: abs, memo: 'Wallet adjustment (debit)' },
          { accountCode: LEDGER_ACCOUNTS.bankClientMoney, credit: abs, memo: reason },
        ];
  return { date: ctx.date, memo: `Wallet adjustment: ${a.reason}`.slice(0, 1000), source: { module: 'wallet.adjustment', id: a.id }, authorId: ctx.authorId, lines };
}
