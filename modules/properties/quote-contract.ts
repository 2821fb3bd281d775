/**
 * The one investment quote: the invest panel and the checkout both show exactly this (split from contract.ts,
 * which re-exports it). Browser-safe.
 */
import { divideHalfEven } from '../platform/money';
import { bpsToPercent, costOfUnits, propertyYields, unitsForAmount, type PropertyFinancials } from './contract';

/** VAT on fees (UAE, 5%). */
export const VAT_BPS = 500;

export type QuotePaymentMethod = { key: string; name: string; chargeBps: number };

export type QuoteInput = {
  /** What the investor wants to put in, fils of AED (before fees). */
  amountFils: bigint;
  sharePrice: bigint;
  totalShares: bigint;
  sharesSold: bigint;
  financials: PropertyFinancials;
  /** How the money arrives; its transaction charge is a fee paid now. None: paid from the wallet, no charge. */
  method?: QuotePaymentMethod | null;
  /** The minimum and the platform fee in force (modules/settings), never copies. */
  terms: QuoteTerms;
};

export type QuoteTerms = { minimum: bigint; platformFeeBps: number };
/** The quote's terms from the settings in force. */
export const quoteTermsOf = (s: { minInvestment: bigint; platformFeeBps: bigint }): QuoteTerms => ({ minimum: s.minInvestment, platformFeeBps: Number(s.platformFeeBps) });

export type QuoteFee = { key: string; label: string; amount: bigint; detail: string };

export type QuoteProblem = 'below_minimum' | 'too_small_for_a_unit' | 'exceeds_available' | 'not_a_positive_amount';

export type InvestmentQuote = {
  /** Share units bought. */
  units: bigint;
  /** What those units cost, fils (≤ the amount asked for: the rest stays in the wallet). */
  principal: bigint;
  /** Fees paid now, each line before VAT. */
  fees: QuoteFee[];
  /** VAT on the fees paid now. */
  vat: bigint;
  /** principal + fees + VAT: the all-in cost. */
  total: bigint;
  /** Fees charged while you hold (first year), before VAT; VAT in annualFeesVat. */
  annualFees: QuoteFee[];
  annualFeesVat: bigint;
  /** Your share of the property's net rental income, fils a year. */
  annualIncome: bigint;
  /** The property's own net yield (before platform fees), bps. */
  propertyNetYieldBps: number;
  /**
   * First-year net yield after every fee: (your net rental income − platform fee with VAT) / the all-in
   * cost, bps. It can be negative.
   */
  netYieldBps: number;
  /** Ownership of the property the units give, in millionths (ppm) for display: 1234 → 0.1234%. */
  ownershipPpm: number;
  /** Units still for sale before this purchase. */
  availableUnits: bigint;
  problem: QuoteProblem | null;
};

const pctOf = (amount: bigint, bps: number) => divideHalfEven(amount * BigInt(bps), 10_000n);

export function quoteInvestment(input: QuoteInput): InvestmentQuote {
  const { sharePrice, totalShares, sharesSold } = input;
  const amount = input.amountFils;
  const availableUnits = totalShares - sharesSold > 0n ? totalShares - sharesSold : 0n;
  const units = amount > 0n ? unitsForAmount(amount, sharePrice) : 0n;
  const principal = costOfUnits(units, sharePrice);

  const fees: QuoteFee[] = [];
  if (input.method && input.method.chargeBps > 0) {
    fees.push({
      key: 'transaction',
      label: `Transaction charge (${input.method.name}, ${bpsToPercent(input.method.chargeBps)}%)`,
      amount: pctOf(principal, input.method.chargeBps),
      detail: 'Charged by the payment method that funds this purchase.',
    });
  }
  const feeTotal = fees.reduce((s, f) => s + f.amount, 0n);
  const vat = pctOf(feeTotal, VAT_BPS);
  const total = principal + feeTotal + vat;

  const platformFee = pctOf(principal, input.terms.platformFeeBps);
  const annualFees: QuoteFee[] = [
    {
      key: 'platform',
      label: `Platform fee (${bpsToPercent(input.terms.platformFeeBps)}% a year)`,
      amount: platformFee,
      detail: 'On the value of your holding, covering management oversight, reporting and custody.',
    },
  ];
  const annualFeesVat = pctOf(platformFee, VAT_BPS);

  const yields = propertyYields(input.financials);
  const annualIncome = totalShares > 0n ? divideHalfEven(yields.netIncome * units, totalShares) : 0n;
  const netAfterFees = annualIncome - platformFee - annualFeesVat;
  const netYieldBps = total > 0n ? Number(divideHalfEven(netAfterFees * 10_000n, total)) : 0;
  const ownershipPpm = totalShares > 0n ? Number(divideHalfEven(units * 1_000_000n, totalShares)) : 0;

  let problem: QuoteProblem | null = null;
  if (amount <= 0n) problem = 'not_a_positive_amount';
  else if (amount < input.terms.minimum) problem = 'below_minimum';
  else if (units === 0n) problem = 'too_small_for_a_unit';
  else if (units > availableUnits) problem = 'exceeds_available';

  return {
    units,
    principal,
    fees,
    vat,
    total,
    annualFees,
    annualFeesVat,
    annualIncome,
    propertyNetYieldBps: yields.netYieldBps,
    netYieldBps,
    ownershipPpm,
    availableUnits,
    problem,
  };
}


