/** Items at or below their reorder level, and one button to raise the purchase requests for them through purchasing. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { Busy, ErrorNote } from '@site/components/admin/ledger/parts';
import { Button, Card, EmptyState } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import { unitLabels, type ReorderJson, type ReorderRequestsJson } from '../../contract';
import { REORDER, refreshInventory } from './shared';

export function ReorderPanel() {
  const client = useQueryClient();
  const reorder = useQuery<ReorderJson>({ queryKey: [REORDER] });
  const [done, setDone] = useState<string | null>(null);
  const raise = useMutation({
    mutationFn: (itemIds: string[]) => api.post<ReorderRequestsJson>(`${REORDER}/requests`, { itemIds }),
    onSuccess: (r) => {
      setDone(`Purchase request${r.requests.length === 1 ? '' : 's'} ${r.requests.map((x) => x.number).join(', ')} submitted for approval.`);
      void refreshInventory(client);
    },
  });
  if (reorder.isPending) return <Busy>Loading the reorder list…</Busy>;
  if (reorder.isError) return <ErrorNote title="The reorder list did not load">{errorText(reorder.error, 'Try again in a moment.')}</ErrorNote>;
  const items = reorder.data.items;
  return (
    <Card className="p-5">
      {done ? (
        <p role="status" className="mb-3 text-sm text-emerald-700">
          {done}
        </p>
      ) : null}
      {raise.isError ? (
        <div className="mb-3">
          <ErrorNote title="No request raised">{errorText(raise.error, 'The purchase requests were not raised.')}</ErrorNote>
        </div>
      ) : null}
      {items.length === 0 ? (
        <EmptyState icon={ShoppingCart} title="Nothing to reorder">
          Every item with a reorder quantity has more in store than its reorder level.
        </EmptyState>
      ) : (
        <>
          <ul className="divide-y divide-slate-100" aria-label="Items below their reorder level">
            {items.map((i) => (
              <li key={i.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2 text-sm">
                <span>
                  <span className="font-medium text-ink">{i.name}</span> <span className="font-mono text-xs text-slate-500">{i.sku}</span>
                </span>
                <span className="tabular-nums text-slate-600">
                  {i.onHand} {unitLabels[i.unit]} in store, reorder level {i.reorderLevel}; order {i.reorderQuantity}
                </span>
              </li>
            ))}
          </ul>
          <div className="mt-4">
            <Button variant="primary" icon={ShoppingCart} onClick={() => raise.mutate(items.map((i) => i.id))} disabled={raise.isPending}>
              {raise.isPending ? 'Raising…' : `Raise purchase requests for ${items.length === 1 ? 'this item' : `these ${items.length} items`}`}
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}
