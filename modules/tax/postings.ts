/**
 * The tax module's journal entries, built by pure functions (STYLE.md: one builder per document):
 *   settlementPosting  filing a return moves the period's output and input VAT to VAT payable (or receivable)
 *   paymentPosting     the payment to the FTA (or the refund from it) through a bank account
 *   adjustmentPosting  a manual VAT adjustment against the account an accountant names
 */
import { LEDGER_ACCOUNTS, type PostingEntry, type PostingLine } from '@modules/ledger';
import type { VatBox } from './contract';
import { EXPENSE_BOXES } from './return-contract';

const A = LEDGER_ACCOUNTS;

/** A signed amount on one account: positive on `side`, negative on the other; nothing when zero. */
function signed(accountCode: string, amount: bigint, side: 'debit' | 'credit', memo: string): PostingLine[] {
  if (amount === 0n) return [];
  const other = side === 'debit' ? 'credit' : 'debit';
  return [amount > 0n ? { accountCode, [side]: amount, memo } : { accountCode, [other]: -amount, memo }];
}

/**
 * Filing a return: Dr 2410 the output VAT total (box 12), Cr 1410 the input VAT total (box 13), and the net to
 * 2420 VAT payable: a credit when tax is payable, a debit when it is refundable. Dated the period's last day.
 * Null when the return has no VAT at all (nothing to move).
 */
export function settlementPosting(r: { period: string; to: string; outputVat: bigint; inputVat: bigint; authorId?: string | null }): PostingEntry | null {
  const net = r.outputVat - r.inputVat;
  const lines = [
    ...signed(A.vatOutput, r.outputVat, 'debit', `Output VAT for ${r.period}`),
    ...signed(A.vatInput, r.inputVat, 'credit', `Input VAT for ${r.period}`),
    ...signed(A.vatPayable, net, 'credit', net >= 0n ? `VAT payable for ${r.period}` : `VAT refundable for ${r.period}`),
  ];
  if (lines.length < 2) return null;
  return { date: r.to, memo: `VAT return ${r.period} filed`, source: { module: 'tax.vat-return', id: r.period }, authorId: r.authorId ?? null, lines };
}

/** Paying the FTA: Dr 2420 / Cr the bank account; a refund (negative net) the other way round. */
export function paymentPosting(r: { period: string; date: string; net: bigint; bankLedgerAccount: string; authorId?: string | null }): PostingEntry {
  const payable = r.net > 0n;
  const amount = payable ? r.net : -r.net;
  const memo = payable ? `VAT for ${r.period} paid to the FTA` : `VAT refund for ${r.period} from the FTA`;
  return {
    date: r.date,
    memo,
    source: { module: 'tax.vat-payment', id: r.period },
    authorId: r.authorId ?? null,
    lines: payable
      ? [
          { accountCode: A.vatPayable, debit: amount, memo },
          { accountCode: r.bankLedgerAccount, credit: amount, memo },
        ]
      : [
          { accountCode: r.bankLedgerAccount, debit: amount, memo },
          { accountCode: A.vatPayable, credit: amount, memo },
        ],
  };
}

export const isInputBox = (box: VatBox) => (EXPENSE_BOXES as readonly string[]).includes(box);

/**
 * A manual VAT adjustment: on an output box (1a–7) more VAT due credits 2410 and debits `accountCode`; on an
 * input box (9, 10) more VAT recoverable debits 1410 and credits `accountCode`. A negative VAT turns the sides.
 */
export function adjustmentPosting(a: { id: string; date: string; box: VatBox; vat: bigint; memo: string; accountCode: string; authorId?: string | null }): PostingEntry {
  const input = isInputBox(a.box);
  const vatAccount = input ? A.vatInput : A.vatOutput;
  const vatSide = input ? 'debit' : 'credit';
  const otherSide = input ? 'credit' : 'debit';
  const memo = `VAT adjustment, box ${a.box}: ${a.memo}`;
  return {
    date: a.date,
    memo,
    source: { module: 'tax.adjustment', id: a.id },
    authorId: a.authorId ?? null,
    lines: [
      ...signed(a.accountCode, a.vat, otherSide, memo),
      ...signed(vatAccount, a.vat, vatSide, memo),
    ],
  };
}
