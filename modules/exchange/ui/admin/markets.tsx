/**
 * Every property open for trading (GET /api/admin/exchange/markets): last price, best bid and ask,
 * 24 h volume, open orders, band and whether trading is halted. Each row opens its live book, halts or
 * resumes trading with a reason, and edits the band, every change confirmed in a dialog.
 */
import { useQuery } from '@tanstack/react-query';
import { BookOpen, CandlestickChart, Pause, Percent, Play, RefreshCw } from 'lucide-react';
import { useState, type ComponentType } from 'react';
import { aed } from '@site/components/admin/money/shared';
import { Amount, ErrorNote } from '@site/components/admin/ledger/parts';
import { SkeletonRows } from '@site/components/admin/table/states';
import { Badge, Button, Card, DataTable, EmptyState, Section, cx } from '@site/components/admin/ui';
import { errorText } from '@site/lib/api';
import type { AdminMarketJson } from '../../admin-contract';
import { BookDialog } from './book';
import { BandDialog, HaltDialog } from './market-dialogs';
import { band, count, MARKETS_URL, plural, shares } from './shared';

const columns = [
  { key: 'property', label: 'Property', className: 'min-w-48' },
  { key: 'last', label: 'Last (AED)', align: 'right' as const },
  { key: 'bidAsk', label: 'Bid / ask (AED)', align: 'right' as const },
  { key: 'volume', label: '24 h volume (AED)', align: 'right' as const },
  { key: 'orders', label: 'Open orders', align: 'right' as const },
  { key: 'band', label: 'Band', align: 'right' as const },
  { key: 'trading', label: 'Trading', className: 'min-w-32' },
  { key: 'actions', label: 'Actions', align: 'right' as const },
];

/** While a book is open it is read again every 10 s; otherwise only on Refresh and after a change. */
const LIVE_MS = 10_000;

const Price = ({ value, label }: { value: string | null; label?: string }) => (
  <span className="block whitespace-nowrap">
    {label ? <span className="sr-only">{label} </span> : null}
    {value ? <Amount value={value} /> : <span className="text-slate-400">—<span className="sr-only"> none</span></span>}
  </span>
);

function RowButton({ icon: Icon, label, sr, onClick, tone }: { icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>; label: string; sr: string; onClick: () => void; tone?: 'warning' }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={cx(
        'inline-flex items-center gap-1.5 rounded-lg border px-2.5 py-1.5 text-xs font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
        tone === 'warning' ? 'border-amber-300 bg-amber-50 text-amber-900 hover:bg-amber-100' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
      )}
    >
      <Icon className="h-3.5 w-3.5" aria-hidden="true" />
      {label}
      <span className="sr-only"> {sr}</span>
    </button>
  );
}

function Row({ m, onBook, onHalt, onBand }: { m: AdminMarketJson; onBook: () => void; onHalt: () => void; onBand: () => void }) {
  return (
    <tr className="align-top">
      <td className="px-4 py-3">
        <span className="block font-medium text-ink">{m.title}</span>
        <span className="block text-xs text-slate-500">
          {m.reference} · {m.city} · valuation {aed(m.referencePrice)} a share
        </span>
      </td>
      <td className="px-4 py-3 text-right">
        <Price value={m.lastPrice} />
      </td>
      <td className="px-4 py-3 text-right">
        <span className="text-emerald-800">
          <Price value={m.bestBid} label="Best bid" />
        </span>
        <span className="text-red-800">
          <Price value={m.bestAsk} label="best ask" />
        </span>
      </td>
      <td className="px-4 py-3 text-right">
        <Amount value={m.volume24h?.value ?? '0'} className="block" />
        <span className="block whitespace-nowrap text-xs text-slate-500">
          {shares(m.volume24h?.units)} shares · {plural(m.volume24h?.trades ?? 0, 'trade', 'trades')}
        </span>
      </td>
      <td className="px-4 py-3 text-right tabular-nums">{count(m.openOrders)}</td>
      <td className="px-4 py-3 text-right tabular-nums">{band(m.bandBps)}</td>
      <td className="px-4 py-3">
        {m.halted ? <Badge tone="warning">Halted</Badge> : <Badge tone="success">Trading</Badge>}
        {m.halted && m.haltReason ? <span className="mt-1 block text-xs text-slate-600">{m.haltReason}</span> : null}
      </td>
      <td className="px-4 py-3">
        <span className="flex justify-end gap-1.5">
          <RowButton icon={BookOpen} label="Book" sr={`of ${m.title}`} onClick={onBook} />
          <RowButton icon={Percent} label="Band" sr={`of ${m.title}`} onClick={onBand} />
          {m.halted ? <RowButton icon={Play} label="Resume" sr={`trading in ${m.title}`} onClick={onHalt} /> : <RowButton icon={Pause} label="Halt" sr={`trading in ${m.title}`} onClick={onHalt} tone="warning" />}
        </span>
      </td>
    </tr>
  );
}

export function Markets() {
  const [book, setBook] = useState<string | null>(null);
  const [halt, setHalt] = useState<AdminMarketJson | null>(null);
  const [editBand, setEditBand] = useState<AdminMarketJson | null>(null);
  const list = useQuery<{ items: AdminMarketJson[] }>({ queryKey: [MARKETS_URL], refetchInterval: book ? LIVE_MS : false });
  const items = list.data?.items ?? [];
  const halted = items.filter((m) => m.halted).length;
  const open = items.find((m) => m.propertyId === book) ?? null;
  return (
    <Section
      title="Markets"
      description={list.data ? `${plural(items.length, 'property', 'properties')} open for trading; ${count(halted)} halted. Prices are per share; the band is around the latest valuation.` : 'Every funded property open for trading, with its book.'}
      actions={
        <Button icon={RefreshCw} onClick={() => void list.refetch()} disabled={list.isFetching}>
          {list.isFetching && list.data ? 'Refreshing…' : 'Refresh'}
        </Button>
      }
    >
      <Card className="overflow-hidden">
        {list.isError ? (
          <div className="p-4">
            <ErrorNote title="Couldn't load the markets">{errorText(list.error, 'Request failed')}</ErrorNote>
            <div className="mt-3">
              <Button onClick={() => void list.refetch()}>Try again</Button>
            </div>
          </div>
        ) : list.isPending ? (
          <table className="w-full" aria-hidden="true">
            <tbody>
              <SkeletonRows columns={columns.length} rows={3} />
            </tbody>
          </table>
        ) : (
          <DataTable
            caption="Markets open for trading"
            columns={columns}
            minWidth={940}
            empty={
              <EmptyState icon={CandlestickChart} title="No property is open for trading">
                A property opens for trading on the exchange once it is fully funded. Its book, last price and volume show here, and trading can be halted from here.
              </EmptyState>
            }
          >
            {items.map((m) => (
              <Row key={m.propertyId} m={m} onBook={() => setBook(m.propertyId)} onHalt={() => setHalt(m)} onBand={() => setEditBand(m)} />
            ))}
          </DataTable>
        )}
      </Card>
      <BookDialog market={open} onClose={() => setBook(null)} refreshing={list.isFetching} onRefresh={() => void list.refetch()} />
      <HaltDialog market={halt} onClose={() => setHalt(null)} />
      <BandDialog market={editBand} onClose={() => setEditBand(null)} />
    </Section>
  );
}
