/**
 * The exchange's journal entries, one pure builder per document. A trade between two investors moves client
 * money from the buyer to the seller (net) and the fees out of the seller's proceeds to income and VAT; the
 * property vehicle's holdings do not change (its shares only change hands). The caller resolves the accounts
 * and the date.
 */
import { LEDGER_ACCOUNTS, type PostingEntry, type PostingLine } from '@modules/ledger';

export type TradeDocument = {
  id: string;
  reference: string;
  propertyReference: string;
  shares: string;
  gross: bigint;
  earlyExitFee: bigint;
  performanceFee: bigint;
  vat: bigint;
  net: bigint;
  buyerUnicode: string;
  sellerUnicode: string;
};

/** The fee lines of a sale out of its gross: early exit fee, performance fee, VAT on them (zero lines left out). */
export function saleFeeLines(d: { reference: string; earlyExitFee: bigint; performanceFee: bigint; vat: bigint }): PostingLine[] {
  const lines: PostingLine[] = [];
  if (d.earlyExitFee > 0n) lines.push({ accountCode: LEDGER_ACCOUNTS.earlyExitFees, credit: d.earlyExitFee, memo: `Early exit fee 0.5%, ${d.reference}` });
  if (d.performanceFee > 0n) lines.push({ accountCode: LEDGER_ACCOUNTS.performanceFees, credit: d.performanceFee, memo: `Performance fee 0.20% of the profit, ${d.reference}` });
  if (d.vat > 0n) lines.push({ accountCode: LEDGER_ACCOUNTS.vatOutput, credit: d.vat, memo: `VAT 5% on the fees, ${d.reference}` });
  return lines;
}

/** Dr the buyer's client money (gross); Cr the seller's client money (net) and the fees and their VAT. */
export function tradePosting(d: TradeDocument, ctx: { buyerAccount: string; sellerAccount: string; date: string }): PostingEntry {
  const lines: PostingLine[] = [
    { accountCode: ctx.buyerAccount, debit: d.gross, property: d.propertyReference, memo: `${d.shares} shares bought from ${d.sellerUnicode}, ${d.reference}` },
    { accountCode: ctx.sellerAccount, credit: d.net, property: d.propertyReference, memo: `${d.shares} shares sold to ${d.buyerUnicode}, net of fees, ${d.reference}` },
    ...saleFeeLines(d),
  ];
  return { date: ctx.date, memo: `Exchange trade ${d.reference}: ${d.shares} shares of ${d.propertyReference}`, source: { module: 'exchange.trade', id: d.id }, authorId: null, lines };
}

// ── The liquidity pool and property exits ────────────────────────────────────────────────────────

const nonZero = (lines: PostingLine[]) => lines.filter((l) => (l.debit ?? 0n) > 0n || (l.credit ?? 0n) > 0n);

export type PoolSaleDocument = {
  id: string;
  reference: string;
  propertyReference: string;
  shares: string;
  gross: bigint;
  earlyExitFee: bigint;
  performanceFee: bigint;
  vat: bigint;
  net: bigint;
  sellerUnicode: string;
};

/**
 * An investor sells to the liquidity pool: Dr the pool's inventory (gross, at cost to the pool); Cr the
 * seller's client money (net) and the fees and their VAT. The pool pays with the operator's own money, so the
 * treasury leg moves the net from the operating account into the client-money account (which keeps backing
 * every wallet to the fil).
 */
export function poolSalePosting(d: PoolSaleDocument, ctx: { sellerAccount: string; date: string; authorId: string | null }): PostingEntry {
  const lines: PostingLine[] = [
    { accountCode: LEDGER_ACCOUNTS.liquidityPool, debit: d.gross, property: d.propertyReference, memo: `${d.shares} shares bought by the liquidity pool from ${d.sellerUnicode}, ${d.reference}` },
    { accountCode: ctx.sellerAccount, credit: d.net, property: d.propertyReference, memo: `${d.shares} shares sold to the liquidity pool, net of fees, ${d.reference}` },
    ...saleFeeLines(d),
    { accountCode: LEDGER_ACCOUNTS.bankClientMoney, debit: d.net, memo: `Liquidity pool purchase ${d.reference}: proceeds into client money` },
    { accountCode: LEDGER_ACCOUNTS.bankOperating, credit: d.net, memo: `Liquidity pool purchase ${d.reference}: paid by the operator` },
  ];
  return { date: ctx.date, memo: `Liquidity pool ${d.reference}: ${d.shares} shares of ${d.propertyReference}`, source: { module: 'exchange.pool_sale', id: d.id }, authorId: ctx.authorId, lines: nonZero(lines) };
}

/**
 * The sale of a property, before it is paid out. The property's holdings account carries (as a credit) the
 * capital its holders paid in, still held in the client-money account; the sale turns it into the net proceeds:
 * a gain brings the difference into the client-money account (Dr bank, Cr property), a loss takes it out (Dr
 * property, Cr bank). Afterwards the property's account carries exactly the net proceeds, which the payout
 * entries (exitHolderPosting, exitPoolPosting) take to zero. Null when the proceeds equal the capital.
 */
export function exitSalePosting(
  d: { id: string; reference: string; propertyReference: string; title: string; netProceeds: bigint; carried: bigint; saleDate: string },
  ctx: { propertyAccount: string; date: string; authorId: string | null },
): PostingEntry | null {
  const diff = d.netProceeds - d.carried;
  if (diff === 0n) return null;
  const memo = `Sale of ${d.title} on ${d.saleDate}, ${d.reference}: net proceeds less the capital the property carried`;
  const lines: PostingLine[] =
    diff > 0n
      ? [
          { accountCode: LEDGER_ACCOUNTS.bankClientMoney, debit: diff, memo },
          { accountCode: ctx.propertyAccount, credit: diff, property: d.propertyReference, memo },
        ]
      : [
          { accountCode: ctx.propertyAccount, debit: -diff, property: d.propertyReference, memo },
          { accountCode: LEDGER_ACCOUNTS.bankClientMoney, credit: -diff, memo },
        ];
  return { date: ctx.date, memo: `Property exit ${d.reference}: sale of ${d.propertyReference}`, source: { module: 'exchange.exit', id: d.id }, authorId: ctx.authorId, lines };
}

/** One holder's share of an exit: Dr the property's account (gross); Cr the holder's client money (net), the performance fee and VAT. */
export function exitHolderPosting(d: TradeDocument & { exitReference: string }, ctx: { propertyAccount: string; sellerAccount: string; date: string; authorId: string | null }): PostingEntry {
  const lines: PostingLine[] = [
    { accountCode: ctx.propertyAccount, debit: d.gross, property: d.propertyReference, memo: `${d.shares} shares paid out to ${d.sellerUnicode}, ${d.exitReference}` },
    { accountCode: ctx.sellerAccount, credit: d.net, property: d.propertyReference, memo: `Sale proceeds of ${d.shares} shares, net of fees, ${d.exitReference}` },
    ...saleFeeLines(d),
  ];
  return { date: ctx.date, memo: `Property exit ${d.exitReference}: ${d.sellerUnicode}'s ${d.shares} shares of ${d.propertyReference}`, source: { module: 'exchange.exit_payout', id: d.id }, authorId: ctx.authorId, lines: nonZero(lines) };
}

/**
 * The liquidity pool's share of an exit: Dr the property's account (gross); Cr the pool's inventory (its cost)
 * and the difference to the pool's gains and losses; the cash is the operator's, so it moves from the
 * client-money account to the operating account.
 */
export function exitPoolPosting(
  d: { id: string; exitReference: string; propertyReference: string; shares: string; gross: bigint; cost: bigint },
  ctx: { propertyAccount: string; date: string; authorId: string | null },
): PostingEntry {
  const result = d.gross - d.cost;
  const lines: PostingLine[] = [
    { accountCode: ctx.propertyAccount, debit: d.gross, property: d.propertyReference, memo: `${d.shares} shares of the liquidity pool paid out, ${d.exitReference}` },
    { accountCode: LEDGER_ACCOUNTS.liquidityPool, credit: d.cost, property: d.propertyReference, memo: `Liquidity pool's ${d.shares} shares at cost, ${d.exitReference}` },
    result >= 0n
      ? { accountCode: LEDGER_ACCOUNTS.liquidityPoolResults, credit: result, property: d.propertyReference, memo: `Liquidity pool gain at the exit, ${d.exitReference}` }
      : { accountCode: LEDGER_ACCOUNTS.liquidityPoolResults, debit: -result, property: d.propertyReference, memo: `Liquidity pool loss at the exit, ${d.exitReference}` },
    { accountCode: LEDGER_ACCOUNTS.bankOperating, debit: d.gross, memo: `Liquidity pool's exit proceeds, ${d.exitReference}` },
    { accountCode: LEDGER_ACCOUNTS.bankClientMoney, credit: d.gross, memo: `Liquidity pool's exit proceeds out of client money, ${d.exitReference}` },
  ];
  return { date: ctx.date, memo: `Property exit ${d.exitReference}: the liquidity pool's ${d.shares} shares of ${d.propertyReference}`, source: { module: 'exchange.exit_pool', id: d.id }, authorId: ctx.authorId, lines: nonZero(lines) };
}

/**
 * The liquidity pool reselling on the exchange: Dr the buyer's client money (gross); Cr the pool's inventory at
 * the units' cost and the difference to the pool's gains or losses; and the treasury leg taking the cash out of
 * the client-money account into the operator's own. The pool pays no fees to itself.
 */
export function poolResalePosting(
  d: { id: string; reference: string; propertyReference: string; shares: string; gross: bigint; cost: bigint; buyerUnicode: string },
  ctx: { buyerAccount: string; date: string },
): PostingEntry {
  const result = d.gross - d.cost;
  const lines: PostingLine[] = [
    { accountCode: ctx.buyerAccount, debit: d.gross, property: d.propertyReference, memo: `${d.shares} shares bought from the liquidity pool, ${d.reference}` },
    { accountCode: LEDGER_ACCOUNTS.liquidityPool, credit: d.cost, property: d.propertyReference, memo: `Liquidity pool's ${d.shares} shares at cost, ${d.reference}` },
    result >= 0n
      ? { accountCode: LEDGER_ACCOUNTS.liquidityPoolResults, credit: result, property: d.propertyReference, memo: `Liquidity pool gain on resale, ${d.reference}` }
      : { accountCode: LEDGER_ACCOUNTS.liquidityPoolResults, debit: -result, property: d.propertyReference, memo: `Liquidity pool loss on resale, ${d.reference}` },
    { accountCode: LEDGER_ACCOUNTS.bankOperating, debit: d.gross, memo: `Liquidity pool resale ${d.reference}: proceeds to the operator` },
    { accountCode: LEDGER_ACCOUNTS.bankClientMoney, credit: d.gross, memo: `Liquidity pool resale ${d.reference}: out of client money` },
  ];
  return { date: ctx.date, memo: `Liquidity pool resale ${d.reference}: ${d.shares} shares of ${d.propertyReference}`, source: { module: 'exchange.trade', id: d.id }, authorId: null, lines: lines.filter((l) => (l.debit ?? 0n) > 0n || (l.credit ?? 0n) > 0n) };
}
