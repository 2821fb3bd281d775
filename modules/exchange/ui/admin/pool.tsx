/**
 * The liquidity pool (GET /api/admin/exchange/pool): its budget in total and per property (editable,
 * ./pool-budget.tsx), what it has spent and has left, what it holds at cost and at the latest
 * valuation, and its realised and unrealised profit or loss.
 */
import { useQuery } from '@tanstack/react-query';
import { Landmark, Pencil } from 'lucide-react';
import { useState } from 'react';
import { aed, when } from '@site/components/admin/money/shared';
import { Amount, ErrorNote } from '@site/components/admin/ledger/parts';
import { Button, Card, DataTable, EmptyState, Section, cx } from '@site/components/admin/ui';
import { errorText } from '@site/lib/api';
import { sumFils, toFils } from '@modules/platform/money';
import type { PoolJson } from '../../admin-contract';
import { PoolBudgetDialog } from './pool-budget';
import { PoolResaleButton } from './pool-resale';
import { percent, POOL_URL, shares } from './shared';

function Figure({ label, value, signed }: { label: string; value: string | undefined; signed?: boolean }) {
  const fils = value === undefined ? null : toFils(value);
  return (
    <div className="bg-white px-4 py-3">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className={cx('mt-0.5 whitespace-nowrap text-lg font-semibold tabular-nums', signed && fils !== null && fils < 0n ? 'text-red-700' : signed && fils !== null && fils > 0n ? 'text-emerald-700' : 'text-ink')}>
        {fils === null ? (
          <span className="text-slate-400">
            <span aria-hidden="true">—</span>
            <span className="sr-only">Loading</span>
          </span>
        ) : signed && fils < 0n ? (
          <>
            <span aria-hidden="true">{aed(fils)}</span>
            <span className="sr-only">a loss of {aed(-fils)}</span>
          </>
        ) : (
          aed(fils)
        )}
      </dd>
    </div>
  );
}

const holdingColumns = [
  { key: 'property', label: 'Property', className: 'min-w-56' },
  { key: 'shares', label: 'Shares', align: 'right' as const },
  { key: 'cost', label: 'Cost (AED)', align: 'right' as const },
  { key: 'value', label: 'Value (AED)', align: 'right' as const },
  { key: 'pnl', label: 'Unrealised (AED)', align: 'right' as const },
  { key: 'actions', label: 'Resell', className: 'w-px' },
];

export function Pool() {
  const pool = useQuery<PoolJson>({ queryKey: [POOL_URL] });
  const [editing, setEditing] = useState(false);
  const p = pool.data;
  const holdings = Array.isArray(p?.holdings) ? p.holdings : [];
  return (
    <Section
      title="Liquidity pool"
      description={`Investors can sell to the pool at once, at the latest valuation less ${p ? `the ${percent(p.discountBps)}` : 'its'} discount (a setting on /admin/settings) (plus the usual exit fees), while its budget lasts. The pool can resell on the exchange.${p?.updatedAt ? ` Budget last changed ${when(p.updatedAt)}.` : ''}`}
      actions={
        <Button icon={Pencil} onClick={() => setEditing(true)} disabled={!p}>
          Edit budget
        </Button>
      }
    >
      {pool.isError ? (
        <div className="space-y-3">
          <ErrorNote title="Couldn't load the liquidity pool">{errorText(pool.error, 'Request failed')}</ErrorNote>
          <Button onClick={() => void pool.refetch()}>Try again</Button>
        </div>
      ) : (
        <div className="space-y-4" aria-busy={pool.isPending || undefined}>
          <dl className="grid grid-cols-2 gap-px overflow-hidden rounded-xl border border-slate-200 bg-slate-200 md:grid-cols-3" aria-label="The pool's position">
            <Figure label="Total budget" value={p?.totalBudget} />
            <Figure label="Budget per property" value={p?.perPropertyBudget} />
            <Figure label="Spent" value={p?.spent} />
            <Figure label="Left" value={p?.left} />
            <Figure label="Realised P&L" value={p?.realisedPnl} signed />
            <Figure label="Unrealised P&L" value={p?.unrealisedPnl} signed />
          </dl>
          <Card className="overflow-hidden">
            <DataTable
              caption="What the liquidity pool holds"
              columns={holdingColumns}
              minWidth={720}
              empty={
                <EmptyState icon={Landmark} title={p ? 'The pool holds no shares' : 'Loading the holdings…'}>
                  {p ? 'When an investor sells to the pool, the shares it bought show here with their cost and their value at the latest valuation.' : undefined}
                </EmptyState>
              }
            >
              {holdings.map((h) => {
                const pnl = toFils(h.value) - toFils(h.cost);
                return (
                  <tr key={h.propertyId}>
                    <td className="px-4 py-3">
                      <span className="block font-medium text-ink">{h.title}</span>
                      <span className="block text-xs text-slate-500">{h.reference}</span>
                    </td>
                    <td className="px-4 py-3 text-right tabular-nums">{shares(h.units)}</td>
                    <td className="px-4 py-3 text-right">
                      <Amount value={h.cost} />
                    </td>
                    <td className="px-4 py-3 text-right">
                      <Amount value={h.value} />
                    </td>
                    <td className={cx('px-4 py-3 text-right', pnl < 0n ? 'text-red-700' : pnl > 0n ? 'text-emerald-700' : undefined)}>
                      <Amount value={pnl} />
                    </td>
                    <td className="px-4 py-3">
                      <PoolResaleButton holding={h} />
                    </td>
                  </tr>
                );
              })}
            </DataTable>
            {holdings.length > 1 ? (
              <p className="border-t border-slate-200 px-4 py-2.5 text-right text-sm text-slate-600">
                In all: cost {aed(sumFils(holdings.map((h) => h.cost)))}, value {aed(sumFils(holdings.map((h) => h.value)))}
              </p>
            ) : null}
          </Card>
        </div>
      )}
      <PoolBudgetDialog pool={p} open={editing} onClose={() => setEditing(false)} />
    </Section>
  );
}
