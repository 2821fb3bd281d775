/**
 * The two changes an admin makes to a market, each confirmed in a dialog and sent as
 * PUT /api/admin/exchange/markets/:propertyId: halting or resuming trading (with a reason, kept in the
 * audit log) and the price band around the latest valuation ({ bandBps }).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Pause, Play, Save } from 'lucide-react';
import { useState } from 'react';
import { Dialog, ErrorNote, Field } from '@site/components/admin/ledger/parts';
import { Button } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { MAX_BAND_BPS } from '../../contract';
import type { AdminMarketJson } from '../../admin-contract';
import { ReasonField, reasonMissing } from './reason-field';
import { bpsToPercent } from '@modules/properties/contract';
import { band, marketUrl, percent, refreshExchange } from './shared';

export const HALT_REASON_REQUIRED = 'Say why trading is halted (at least 3 characters).';
export const RESUME_REASON_REQUIRED = 'Say why trading resumes (at least 3 characters).';
export const BAND_INVALID = `Enter the band as a percentage from 1 to ${MAX_BAND_BPS / 100}, with at most two decimals, like 20 or 12.5.`;

/** '20' or '12.5' (percent) → basis points, or null when it is not a band the API accepts. */
export function readBandPercent(text: string): number | null {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/%$/, '').trim());
  if (!m) return null;
  const bps = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bps >= 100 && bps <= MAX_BAND_BPS ? bps : null;
}

function useMarketUpdate(onDone: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ propertyId, body }: { propertyId: string; body: { halted?: boolean; reason?: string; bandBps?: number } }) => api.put<AdminMarketJson>(marketUrl(propertyId), body),
    onSuccess: (m, { body }) => {
      const title = body.bandBps !== undefined ? `Band set to ${band(m.bandBps)}` : m.halted ? 'Trading halted' : 'Trading resumed';
      toast({ title, description: `${m.title} (${m.reference}).`, variant: 'success' });
      void refreshExchange(client);
      onDone();
    },
  });
}

export function HaltDialog({ market, onClose }: { market: AdminMarketJson | null; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const finish = () => {
    setReason('');
    setTried(false);
    save.reset();
    onClose();
  };
  const save = useMarketUpdate(finish);
  if (!market) return <Dialog open={false} onClose={onClose} title="" />;
  const halting = !market.halted;
  const missing = reasonMissing(reason);
  const submit = () => {
    setTried(true);
    if (missing) return;
    save.mutate({ propertyId: market.propertyId, body: { halted: halting, reason: reason.trim() } });
  };
  return (
    <Dialog
      open
      onClose={() => !save.isPending && finish()}
      title={halting ? `Halt trading in ${market.title}` : `Resume trading in ${market.title}`}
      description={
        halting
          ? `New orders for ${market.reference} are refused until trading resumes, with a message saying trading is halted. The ${market.openOrders === 1 ? 'open order stays' : `${market.openOrders} open orders stay`} in the book and nothing matches meanwhile.`
          : `Investors can place orders for ${market.reference} again, and orders in the book match from now on.`
      }
      footer={
        <>
          <Button onClick={finish} disabled={save.isPending}>
            Cancel
          </Button>
          <Button variant="primary" icon={halting ? Pause : Play} onClick={submit} disabled={save.isPending}>
            {save.isPending ? 'Saving…' : halting ? 'Halt trading' : 'Resume trading'}
          </Button>
        </>
      }
    >
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {!halting && market.haltReason ? <p className="text-sm text-slate-600">Halted because: {market.haltReason}</p> : null}
        <ReasonField value={reason} onChange={setReason} error={tried && missing ? (halting ? HALT_REASON_REQUIRED : RESUME_REASON_REQUIRED) : null} />
        {save.isError ? <ErrorNote>{errorText(save.error, 'The change was not saved.')}</ErrorNote> : null}
      </form>
    </Dialog>
  );
}

export function BandDialog({ market, onClose }: { market: AdminMarketJson | null; onClose: () => void }) {
  const [text, setText] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const finish = () => {
    setText(null);
    setTried(false);
    save.reset();
    onClose();
  };
  const save = useMarketUpdate(finish);
  if (!market) return <Dialog open={false} onClose={onClose} title="" />;
  const value = text ?? bpsToPercent(market.bandBps);
  const bps = readBandPercent(value);
  const submit = () => {
    setTried(true);
    if (bps === null) return;
    save.mutate({ propertyId: market.propertyId, body: { bandBps: bps } });
  };
  return (
    <Dialog
      open
      onClose={() => !save.isPending && finish()}
      title={`Price band of ${market.title}`}
      description={`Orders for ${market.reference} must be priced within this band around the latest valuation per share; orders outside it are refused with the band in the message. Orders already in the book stay. Now ${band(market.bandBps)}.`}
      footer={
        <>
          <Button onClick={finish} disabled={save.isPending}>
            Cancel
          </Button>
          <Button variant="primary" icon={Save} onClick={submit} disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save band'}
          </Button>
        </>
      }
    >
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Field
          label="Band (± % of the valuation)"
          value={value}
          onChange={setText}
          inputMode="decimal"
          required
          error={tried && bps === null ? BAND_INVALID : null}
          hint={bps !== null ? `Orders from ${percent(10_000 - bps)} to ${percent(10_000 + bps)} of the latest valuation per share.` : undefined}
        />
        {save.isError ? <ErrorNote>{errorText(save.error, 'The band was not saved.')}</ErrorNote> : null}
      </form>
    </Dialog>
  );
}
