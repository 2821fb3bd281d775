/**
 * The order ticket: buy or sell, shares (sent as units), a price per share typed in the display currency
 * (sent as fils of AED), good till cancelled or till a date; the live quote from the server (debounced);
 * a confirmation before the order is placed with its own Idempotency-Key; the API's refusals beside it.
 */
import { LoaderCircle, ShieldCheck } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { addDays, formatDate, todayInDubai } from '@modules/platform/dates';
import { formatAed } from '@modules/platform/money';
import { ConfirmDialog } from '@modules/sip/ui/ConfirmDialog';
import { btn, card, useCurrency } from '@site/components/app/ui';
import { Problem, TextField } from '@site/components/app/wallet/shared';
import { errorText } from '@site/lib/api';
import { MAX_GTD_DAYS, type MarketJson, type OrderResultJson, type OrderSide } from '../contract';
import { newIdempotencyKey, type OrderBody, placeOrder, useQuote, useRefreshExchange } from './data';
import { priceInputText, priceText, readPrice, readShares, shares, sharesLabel } from './format';
import { ImmediateText, QuoteFigures, QuoteSummary } from './QuoteSummary';

/** What another part of the screen asks the ticket to show (a holding's "Sell", a price in the book). */
export type TicketPrefill = { seq: number; propertyId: string; side: OrderSide; units?: string; price?: string };

const defaultPrice = (m: MarketJson, side: OrderSide) => (side === 'buy' ? m.bestAsk : m.bestBid) ?? m.lastPrice ?? m.referencePrice;

function resultText(r: OrderResultJson): string {
  const filled = BigInt(r.filledUnits);
  const left = BigInt(r.remainingUnits);
  const verb = r.side === 'buy' ? 'bought' : 'sold';
  if (filled === 0n) return `Order ${r.reference} placed: ${sharesLabel(r.units)} wait on the book.`;
  if (left === 0n) return `Order ${r.reference} filled: ${sharesLabel(r.filledUnits)} ${verb}.`;
  return `Order ${r.reference} placed: ${sharesLabel(r.filledUnits)} ${verb} at once; ${sharesLabel(left)} wait on the book.`;
}

function SideSwitch({ side, onChange }: { side: OrderSide; onChange: (s: OrderSide) => void }) {
  const name = useId();
  return (
    <fieldset>
      <legend className="sr-only">Buy or sell</legend>
      <div className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1">
        {(['buy', 'sell'] as const).map((s) => (
          <label
            key={s}
            className={`cursor-pointer rounded-md px-3 py-2 text-center text-sm font-semibold has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-400 ${side === s ? (s === 'buy' ? 'bg-white text-emerald-800 shadow-sm' : 'bg-white text-red-800 shadow-sm') : 'text-slate-600'}`}
          >
            <input type="radio" name={name} value={s} checked={side === s} onChange={() => onChange(s)} className="sr-only" />
            {s === 'buy' ? 'Buy' : 'Sell'}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function OrderTicket({ market, prefill, kycApproved, today = todayInDubai() }: { market: MarketJson | null; prefill: TicketPrefill | null; kycApproved: boolean; today?: string }) {
  const currency = useCurrency();
  const refresh = useRefreshExchange();
  const [side, setSide] = useState<OrderSide>('buy');
  const [sharesText, setSharesText] = useState('');
  const [price, setPrice] = useState({ text: '', currency });
  const [tif, setTif] = useState<'gtc' | 'gtd'>('gtc');
  const [expiresOn, setExpiresOn] = useState('');
  const [touched, setTouched] = useState(false);
  const [confirmKey, setConfirmKey] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const applied = useRef(0);

  // A new property, or a prefill from elsewhere on the screen, resets the ticket to it.
  useEffect(() => {
    if (!market) return;
    const p = prefill && prefill.propertyId === market.propertyId && prefill.seq !== applied.current ? prefill : null;
    const nextSide = p?.side ?? side;
    if (p) {
      applied.current = p.seq;
      setSide(p.side);
      if (p.units) setSharesText(shares(p.units));
    }
    setPrice({ text: priceInputText(p?.price ?? defaultPrice(market, nextSide), currency), currency });
    setFailure(null);
    setDone(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new property or a new prefill resets the ticket
  }, [market?.propertyId, prefill?.seq]);

  // The typed price keeps its value when the display currency changes.
  const priceShown = price.currency === currency ? price.text : (() => {
    const old = readPrice(price.text, price.currency);
    return old.ok ? priceInputText(old.value, currency) : price.text;
  })();
  const unitsRead = readShares(sharesText);
  const priceRead = readPrice(priceShown, currency);
  const minDate = addDays(today, 1);
  const maxDate = addDays(today, MAX_GTD_DAYS);
  const dateError = tif === 'gtd' && (!expiresOn || expiresOn < minDate || expiresOn > maxDate) ? `Choose a date from ${formatDate(minDate)} to ${formatDate(maxDate)}.` : null;
  const body: OrderBody | null =
    market && unitsRead.ok && priceRead.ok && !dateError
      ? { propertyId: market.propertyId, side, units: unitsRead.value.toString(), price: priceRead.value.toString(), timeInForce: tif, ...(tif === 'gtd' ? { expiresOn } : {}) }
      : null;
  const quote = useQuote(body);

  if (!market)
    return (
      <section aria-labelledby="ticket-title" id="order-ticket" className={`${card} p-5 sm:p-6`}>
        <h2 id="ticket-title" className="text-base font-semibold text-ink">
          Place an order
        </h2>
        <p className="mt-2 text-sm text-slate-600">Choose a property in the market list to trade it.</p>
      </section>
    );

  const held = BigInt(market.heldUnits);
  const reserved = BigInt(market.reservedUnits);
  const submit = () => {
    setTouched(true);
    setDone(null);
    setFailure(null);
    if (body) setConfirmKey(newIdempotencyKey());
  };
  const confirm = async () => {
    if (!body || !confirmKey) return;
    setBusy(true);
    try {
      const result = await placeOrder(body, confirmKey);
      setDone(resultText(result));
      setSharesText('');
      setTouched(false);
      void refresh();
    } catch (e) {
      setFailure(errorText(e, 'The order could not be placed. Please try again.'));
    } finally {
      setBusy(false);
      setConfirmKey(null);
    }
  };
  const tifText = tif === 'gtc' ? 'good till cancelled' : `good till ${formatDate(expiresOn)}`;
  const currentQuote = quote.data && body && quote.data.units === body.units && quote.data.price === body.price && quote.data.side === side ? quote.data : null;

  return (
    <section aria-labelledby="ticket-title" id="order-ticket" className={`${card} scroll-mt-6 p-5 sm:p-6`}>
      <h2 id="ticket-title" className="text-base font-semibold text-ink">
        Place an order
      </h2>
      <p className="mt-1 text-sm text-slate-500">{market.title}</p>
      <form
        className="mt-4 space-y-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <SideSwitch
          side={side}
          onChange={(s) => {
            setSide(s);
            setPrice({ text: priceInputText(defaultPrice(market, s), currency), currency });
          }}
        />
        <TextField
          label="Shares"
          value={sharesText}
          onChange={setSharesText}
          inputMode="decimal"
          name="shares"
          error={touched && !unitsRead.ok ? unitsRead.error : null}
          hint={
            side === 'sell'
              ? held > 0n
                ? `You hold ${sharesLabel(held)} of this property${reserved > 0n ? `, ${shares(reserved)} of them in open sell orders, so ${shares(held - reserved)} are free to sell` : ''}.`
                : 'You hold no shares of this property yet.'
              : unitsRead.ok
                ? `${unitsRead.value.toLocaleString('en-US')} units (10,000 units make one share).`
                : 'Whole or part shares, to 4 decimal places.'
          }
        />
        <TextField
          label={`Price per share (${currency})`}
          value={priceShown}
          onChange={(text) => setPrice({ text, currency })}
          inputMode="decimal"
          name="price"
          error={touched && !priceRead.ok ? priceRead.error : null}
          hint={
            <>
              {currency !== 'AED' && priceRead.ok ? `That is ${formatAed(priceRead.value)} a share; orders are kept in AED. ` : ''}
              Valuation {priceText(market.referencePrice, currency)} a share.
            </>
          }
        />
        <fieldset>
          <legend className="text-sm font-medium text-ink">How long the order lasts</legend>
          <div className="mt-2 space-y-2 text-sm text-slate-700">
            <label className="flex items-center gap-2">
              <input type="radio" name="tif" checked={tif === 'gtc'} onChange={() => setTif('gtc')} className="h-4 w-4 accent-brand-700" />
              Good till cancelled
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="tif" checked={tif === 'gtd'} onChange={() => setTif('gtd')} className="h-4 w-4 accent-brand-700" />
              Good till a date
            </label>
          </div>
          {tif === 'gtd' ? (
            <div className="mt-3">
              <TextField label="Expires at the end of" type="date" value={expiresOn} onChange={setExpiresOn} name="expiresOn" error={touched ? dateError : null} hint="Dubai time, at most a year ahead." />
            </div>
          ) : null}
        </fieldset>

        <div aria-live="polite" className="rounded-lg bg-slate-50 p-4">
          {!body ? (
            <p className="text-sm text-slate-500">Enter the shares and a price to see what the order would {side === 'buy' ? 'cost' : 'fetch'}.</p>
          ) : quote.isError ? (
            <p className="text-sm text-red-700">{errorText(quote.error, 'We could not price this order.')}</p>
          ) : currentQuote ? (
            <QuoteSummary quote={currentQuote} />
          ) : (
            <p className="inline-flex items-center gap-2 text-sm text-slate-500">
              <LoaderCircle size={14} className="animate-spin" aria-hidden="true" />
              Pricing your order…
            </p>
          )}
        </div>

        {!kycApproved ? (
          <p className="flex gap-2 text-sm text-slate-600">
            <ShieldCheck size={16} className="mt-0.5 shrink-0 text-brand-700" aria-hidden="true" />
            <span>
              Complete identity verification before trading. <a href="/kyc" className="font-medium text-brand-700 underline-offset-4 hover:underline">Verify my identity</a>
            </span>
          </p>
        ) : null}
        {failure ? <Problem title="The order was not placed">{failure}</Problem> : null}
        {done ? (
          <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
            {done}
          </p>
        ) : null}
        <button type="submit" className={`${btn.primary} w-full`} disabled={market.halted}>
          {market.halted ? 'Trading is halted' : `Review ${side} order`}
        </button>
      </form>

      <ConfirmDialog
        open={confirmKey !== null}
        title={side === 'buy' ? 'Place this buy order?' : 'Place this sell order?'}
        confirmLabel={side === 'buy' ? 'Place buy order' : 'Place sell order'}
        busyLabel="Placing…"
        busy={busy}
        onConfirm={() => void confirm()}
        onClose={() => setConfirmKey(null)}
      >
        {body ? (
          <>
            <p>
              {side === 'buy' ? 'Buy' : 'Sell'} {sharesLabel(body.units)} of {market.title} at {priceText(body.price, currency)} a share
              {currency !== 'AED' ? ` (${formatAed(BigInt(body.price))})` : ''}, {tifText}.
            </p>
            {currentQuote ? (
              <>
                <QuoteFigures quote={currentQuote} />
                <p>
                  <ImmediateText quote={currentQuote} />
                </p>
              </>
            ) : (
              <p>The figures are worked out again when the order is placed.</p>
            )}
            <p className="text-xs text-slate-500">
              {side === 'buy' ? 'The total is held from your wallet until the order fills, is cancelled or expires.' : 'The shares are held until the order fills, is cancelled or expires.'} A trade
              on the exchange is final: the 48-hour cancellation applies only to purchases from a property's funding.
            </p>
          </>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
