/**
 * What an order would do, from the server's quote: for a seller the gross proceeds, each fee and the net;
 * for a buyer the total cost; and how much would fill at once against the book.
 */
import { usePublicSettings } from '@modules/settings/ui/use-public-settings';
import { FEE_VAT_BPS } from '@modules/wallet/contract';
import { useCurrency, useMoney } from '@site/components/app/ui';
import { SummaryRow } from '@site/components/app/wallet/shared';
import type { QuoteJson } from '../contract';
import { bpsLabel, priceText, shares } from './format';

/** The notes beside a sale's fees, with the rates in force (GET /api/settings/public; no copies here). */
export function useFeeNotes() {
  const s = usePublicSettings().data;
  return {
    earlyExit: s ? `${bpsLabel(s.earlyExitFeeBps)} on shares held less than ${s.earlyExitYears} years` : 'On shares held less than the early exit period',
    performance: s ? `${bpsLabel(s.performanceFeeBps)} of the profit, never on a loss` : 'Of the profit, never on a loss',
    vat: `${bpsLabel(FEE_VAT_BPS)} on the fees`,
  };
}

export function QuoteFigures({ quote }: { quote: QuoteJson }) {
  const money = useMoney();
  const FEE_NOTES = useFeeNotes();
  const f = (v: string) => money(BigInt(v));
  return quote.side === 'sell' ? (
    <dl className="text-sm">
      <SummaryRow label="Gross proceeds">{f(quote.gross)}</SummaryRow>
      <SummaryRow label="Early exit fee" note={FEE_NOTES.earlyExit}>
        {BigInt(quote.earlyExitFee) === 0n ? money(0n) : `−${f(quote.earlyExitFee)}`}
      </SummaryRow>
      <SummaryRow label="Performance fee" note={FEE_NOTES.performance}>
        {BigInt(quote.performanceFee) === 0n ? money(0n) : `−${f(quote.performanceFee)}`}
      </SummaryRow>
      <SummaryRow label="VAT on fees" note={FEE_NOTES.vat}>
        {BigInt(quote.vat) === 0n ? money(0n) : `−${f(quote.vat)}`}
      </SummaryRow>
      <SummaryRow label="Net proceeds to your wallet" strong>
        {f(quote.net)}
      </SummaryRow>
    </dl>
  ) : (
    <dl className="text-sm">
      <SummaryRow label="Total cost" note="At most: shares × your price. A fill at a lower price costs less." strong>
        {f(quote.totalCost)}
      </SummaryRow>
    </dl>
  );
}

/** "2 shares would fill now at an average of AED 1,010.00; the rest waits on the book." */
export function ImmediateText({ quote }: { quote: QuoteJson }) {
  const currency = useCurrency();
  const now = BigInt(quote.immediateUnits);
  const all = BigInt(quote.units);
  if (now === 0n) return <>Nothing would fill now: the whole order waits on the book until someone meets your price.</>;
  const avg = quote.immediateAveragePrice ? ` at an average of ${priceText(quote.immediateAveragePrice, currency)} a share` : '';
  if (now >= all) return <>All {shares(quote.units)} shares would fill now{avg}.</>;
  return (
    <>
      {shares(quote.immediateUnits)} of {shares(quote.units)} shares would fill now{avg}; the other {shares(all - now)} wait on the book.
    </>
  );
}

export function QuoteSummary({ quote }: { quote: QuoteJson }) {
  return (
    <div className="space-y-3">
      <QuoteFigures quote={quote} />
      <p className="text-sm text-slate-600">
        <ImmediateText quote={quote} />
      </p>
      {quote.problems.length ? (
        <ul className="list-disc space-y-1 rounded-lg border border-amber-200 bg-amber-50 py-3 pl-8 pr-4 text-sm text-amber-900" aria-label="Problems with this order">
          {quote.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
