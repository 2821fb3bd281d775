/**
 * A sale to the liquidity pool: the shares (at most the free ones), the pool's quote — the price per share
 * (the latest valuation less the discount), gross, each fee and net — then the sale itself. The pool's
 * budget message, like every refusal, is shown inside the dialog.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { usePublicSettings } from '@modules/settings/ui/use-public-settings';
import { ConfirmDialog } from '@modules/sip/ui/ConfirmDialog';
import { useCurrency, useMoney } from '@site/components/app/ui';
import { SummaryRow, TextField } from '@site/components/app/wallet/shared';
import { errorText } from '@site/lib/api';
import type { ExchangeHoldingJson, MarketJson, PoolSaleJson } from '../contract';
import { POOL_QUOTE_URL, quotePoolSale, sellToPool, useDebounced, useRefreshExchange } from './data';
import { bpsLabel, priceText, proceedsOfShares, readShares, shares, sharesLabel } from './format';
import { useFeeNotes } from './QuoteSummary';

export function PoolFigures({ sale, market }: { sale: PoolSaleJson; market: MarketJson | null }) {
  const money = useMoney();
  const currency = useCurrency();
  const f = (v: string) => money(BigInt(v));
  const minus = (v: string) => (BigInt(v) === 0n ? money(0n) : `−${f(v)}`);
  // The discount in money: the units at the valuation, less the units at the pool's price.
  const FEE_NOTES = useFeeNotes();
  const discount = market ? proceedsOfShares(sale.units, market.referencePrice) - BigInt(sale.gross) : null;
  return (
    <dl className="text-sm">
      <SummaryRow label="Pool price per share" note={`The latest valuation${market ? ` (${priceText(market.referencePrice, currency)})` : ''} less ${bpsLabel(sale.discountBps)}`}>
        {priceText(sale.price, currency)}
      </SummaryRow>
      <SummaryRow label={`Liquidity pool discount (${bpsLabel(sale.discountBps)})`}>{discount !== null && discount > 0n ? `−${money(discount)}` : bpsLabel(sale.discountBps)}</SummaryRow>
      <SummaryRow label={`Gross proceeds for ${sharesLabel(sale.units)}`}>{f(sale.gross)}</SummaryRow>
      <SummaryRow label="Early exit fee" note={FEE_NOTES.earlyExit}>
        {minus(sale.earlyExitFee)}
      </SummaryRow>
      <SummaryRow label="Performance fee" note={FEE_NOTES.performance}>
        {minus(sale.performanceFee)}
      </SummaryRow>
      <SummaryRow label="VAT on fees" note={FEE_NOTES.vat}>
        {minus(sale.vat)}
      </SummaryRow>
      <SummaryRow label="Net proceeds to your wallet" strong>
        {f(sale.net)}
      </SummaryRow>
    </dl>
  );
}

export function PoolSaleDialog({ holding, market, onClose }: { holding: ExchangeHoldingJson; market: MarketJson | null; onClose: () => void }) {
  const refresh = useRefreshExchange();
  const [text, setText] = useState(shares(holding.freeUnits));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sold, setSold] = useState<PoolSaleJson | null>(null);
  const money = useMoney();
  const read = readShares(text);
  const tooMany = read.ok && read.value > BigInt(holding.freeUnits);
  const units = useDebounced(read.ok && !tooMany ? read.value.toString() : null, 300);
  const quote = useQuery<PoolSaleJson>({
    queryKey: [POOL_QUOTE_URL, holding.propertyId, units],
    queryFn: () => quotePoolSale(holding.propertyId, units!),
    enabled: units !== null && !sold,
    staleTime: 10_000,
  });
  const current = quote.data && quote.data.units === units ? quote.data : null;
  const settings = usePublicSettings();
  // The quote's own discount when there is one; otherwise the discount in force (no copy of it here).
  const poolDiscount = current?.discountBps ?? settings.data?.poolDiscountBps ?? null;
  const sell = async () => {
    if (!current) return;
    setBusy(true);
    setFailure(null);
    try {
      setSold(await sellToPool(holding.propertyId, current.units));
      void refresh();
    } catch (e) {
      setFailure(errorText(e, 'The sale could not be made. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  if (sold)
    return (
      <ConfirmDialog open title="Sold to the liquidity pool" confirmLabel="Done" onConfirm={onClose} onClose={onClose}>
        <p role="status">
          {sharesLabel(sold.units)} of {holding.title} sold to the liquidity pool. {money(BigInt(sold.net))} is in your wallet.
        </p>
        <PoolFigures sale={sold} market={market} />
      </ConfirmDialog>
    );
  return (
    <ConfirmDialog
      open
      title={`Sell ${holding.title} to the liquidity pool?`}
      confirmLabel="Sell to the pool"
      busyLabel="Selling…"
      busy={busy}
      error={failure}
      confirmDisabled={!current}
      onConfirm={() => void sell()}
      onClose={onClose}
      fields={
        <div className="mt-4 space-y-4">
          <TextField
            label="Shares to sell"
            value={text}
            onChange={setText}
            inputMode="decimal"
            error={!read.ok ? read.error : tooMany ? `You have ${shares(holding.freeUnits)} shares free to sell.` : null}
            hint={`${shares(holding.freeUnits)} free to sell; shares in open orders stay where they are.`}
          />
          <div aria-live="polite" className="rounded-lg bg-slate-50 p-4">
            {quote.isError ? (
              <p className="text-sm text-red-700">{errorText(quote.error, 'We could not price this sale.')}</p>
            ) : current ? (
              <PoolFigures sale={current} market={market} />
            ) : units === null ? (
              <p className="text-sm text-slate-500">Enter the shares to sell to see the pool's price.</p>
            ) : (
              <p className="text-sm text-slate-500">Asking the pool for a price…</p>
            )}
          </div>
        </div>
      }
    >
      <p>
        The liquidity pool buys at once at the latest valuation less {poolDiscount === null ? 'its' : `a ${bpsLabel(poolDiscount)}`} discount, instead of waiting for a buyer on the exchange. The usual
        exit fees apply. A sale to the pool is final.
      </p>
    </ConfirmDialog>
  );
}
