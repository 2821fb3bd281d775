/**
 * The operator offers shares the liquidity pool holds on the exchange: a good-till-cancelled sell order at a
 * price per share (POST /api/admin/exchange/pool/orders { propertyId, units, price }). The band around the
 * latest valuation applies as for any order; the pool pays no fees to itself.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Store } from 'lucide-react';
import { useState } from 'react';
import { aed } from '@site/components/admin/money/shared';
import { readAmount } from '@site/components/admin/ledger/money';
import { Dialog, ErrorNote, Field } from '@site/components/admin/ledger/parts';
import { Button } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { SHARE_SCALE, unitsToShareString } from '@modules/properties/contract';
import type { OrderResultJson } from '../../contract';
import type { PoolJson } from '../../admin-contract';
import { refreshExchange } from './shared';

type Holding = PoolJson['holdings'][number];

/** "2.5" shares → units (at most 4 decimals), or an error. */
export function readShares(text: string, max: bigint): { ok: true; units: bigint } | { ok: false; error: string } {
  const m = /^(\d{1,9})(?:\.(\d{1,4}))?$/.exec(text.trim().replace(/,/g, ''));
  if (!m) return { ok: false, error: 'Enter the shares as a number with at most 4 decimals, like 2.5.' };
  const units = BigInt(m[1]!) * SHARE_SCALE + BigInt((m[2] ?? '').padEnd(4, '0') || '0');
  if (units <= 0n) return { ok: false, error: 'Offer more than 0 shares.' };
  if (units > max) return { ok: false, error: `The pool holds ${unitsToShareString(max)} shares of this property.` };
  return { ok: true, units };
}

export function PoolResaleButton({ holding }: { holding: Holding }) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [sharesText, setShares] = useState('');
  const [priceText, setPrice] = useState('');
  const [tried, setTried] = useState(false);
  const max = BigInt(holding.units);
  const s = readShares(sharesText, max);
  const p = priceText.trim() ? readAmount(priceText) : ({ ok: false, error: 'Enter the price per share in AED.' } as const);
  const offer = useMutation({
    mutationFn: (body: { propertyId: string; units: string; price: string }) => api.post<OrderResultJson>('/api/admin/exchange/pool/orders', body),
    onSuccess: (o) => {
      toast({ title: `${o.reference} placed`, description: `${unitsToShareString(BigInt(o.units))} shares of ${holding.title} at ${aed(o.price)} a share${o.fills.length ? `, ${o.fills.length} fill(s) at once` : ''}.`, variant: 'success' });
      void refreshExchange(client);
      close();
    },
  });
  const close = () => {
    setOpen(false);
    setShares('');
    setPrice('');
    setTried(false);
    offer.reset();
  };
  return (
    <>
      <Button icon={Store} onClick={() => setOpen(true)} disabled={max <= 0n}>
        Offer on the exchange<span className="sr-only">: {holding.title}</span>
      </Button>
      <Dialog
        open={open}
        onClose={() => !offer.isPending && close()}
        title={`Offer the pool's shares of ${holding.title}`}
        description="A sell order that rests on the book until investors buy it or you cancel it (Orders below). The price must be within the band around the latest valuation; the pool pays no fees to itself."
        footer={
          <>
            <Button onClick={close} disabled={offer.isPending}>
              Cancel
            </Button>
            <Button
              variant="primary"
              icon={Store}
              disabled={offer.isPending}
              onClick={() => {
                setTried(true);
                if (s.ok && p.ok) offer.mutate({ propertyId: holding.propertyId, units: s.units.toString(), price: p.fils.toString() });
              }}
            >
              {offer.isPending ? 'Placing…' : 'Place the sell order'}
            </Button>
          </>
        }
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Shares" value={sharesText} onChange={setShares} inputMode="decimal" required error={tried && !s.ok ? s.error : undefined} hint={`The pool holds ${unitsToShareString(max)}.`} />
          <Field label="Price per share (AED)" value={priceText} onChange={setPrice} inputMode="decimal" required error={tried && !p.ok ? p.error : undefined} />
        </div>
        {offer.isError ? <ErrorNote title="The order was not placed">{errorText(offer.error, 'Request failed')}</ErrorNote> : null}
      </Dialog>
    </>
  );
}
