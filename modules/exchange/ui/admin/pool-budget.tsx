/**
 * The liquidity pool's budget, in total and per property, edited in a dialog and saved by
 * PUT /api/admin/exchange/pool { totalBudget, perPropertyBudget } (strings of fils). Lowering it never
 * sells what the pool holds; it only limits what the pool buys next.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useState } from 'react';
import { aed } from '@site/components/admin/money/shared';
import { readAmount } from '@site/components/admin/ledger/money';
import { Dialog, ErrorNote, Field } from '@site/components/admin/ledger/parts';
import { Button } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { minorToInput } from '@modules/platform/money';
import type { PoolJson } from '../../admin-contract';
import { POOL_URL, refreshExchange } from './shared';

export const PER_PROPERTY_ABOVE_TOTAL = 'The budget per property cannot be more than the total budget.';

const big = (v: string) => {
  try {
    return BigInt(v);
  } catch {
    return 0n;
  }
};

/** Both budgets as typed → fils, or the error of each field. */
export function readBudgets(total: string, perProperty: string) {
  const t = total.trim() ? readAmount(total) : ({ ok: false, error: 'Enter the total budget in AED, like 5,000,000.' } as const);
  const p = perProperty.trim() ? readAmount(perProperty) : ({ ok: false, error: 'Enter the budget per property in AED, like 1,000,000.' } as const);
  const errors = { total: t.ok ? null : t.error, perProperty: p.ok ? null : p.error };
  if (t.ok && p.ok && p.fils > t.fils) errors.perProperty = PER_PROPERTY_ABOVE_TOTAL;
  return errors.total || errors.perProperty || !t.ok || !p.ok ? { ok: false as const, errors } : { ok: true as const, total: t.fils, perProperty: p.fils, errors };
}

export function PoolBudgetDialog({ pool, open, onClose }: { pool: PoolJson | undefined; open: boolean; onClose: () => void }) {
  const client = useQueryClient();
  const [total, setTotal] = useState<string | null>(null);
  const [perProperty, setPerProperty] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const finish = () => {
    setTotal(null);
    setPerProperty(null);
    setTried(false);
    save.reset();
    onClose();
  };
  const save = useMutation({
    mutationFn: (body: { totalBudget: string; perPropertyBudget: string }) => api.put<PoolJson>(POOL_URL, body),
    onSuccess: (p) => {
      client.setQueryData([POOL_URL], p);
      toast({ title: 'Pool budget saved', description: `${aed(p.totalBudget)} in all, up to ${aed(p.perPropertyBudget)} a property.`, variant: 'success' });
      void refreshExchange(client);
      finish();
    },
  });
  if (!open || !pool) return <Dialog open={false} onClose={onClose} title="" />;
  const totalText = total ?? minorToInput(big(pool.totalBudget));
  const perText = perProperty ?? minorToInput(big(pool.perPropertyBudget));
  const read = readBudgets(totalText, perText);
  const submit = () => {
    setTried(true);
    if (!read.ok) return;
    save.mutate({ totalBudget: read.total.toString(), perPropertyBudget: read.perProperty.toString() });
  };
  const below = read.ok && read.total < big(pool.spent);
  return (
    <Dialog
      open
      onClose={() => !save.isPending && finish()}
      title="Liquidity pool budget"
      description={`What the pool may spend buying shares from investors at the latest valuation less the discount. It holds ${aed(pool.spent)} at cost now. Lowering the budget sells nothing; it only limits what the pool buys next, and investors' quotes say when it is spent.`}
      footer={
        <>
          <Button onClick={finish} disabled={save.isPending}>
            Cancel
          </Button>
          <Button variant="primary" icon={Save} onClick={submit} disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save budget'}
          </Button>
        </>
      }
    >
      <form
        className="grid gap-3 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Field label="Total budget (AED)" value={totalText} onChange={setTotal} inputMode="decimal" required error={tried ? read.errors.total : null} />
        <Field label="Budget per property (AED)" value={perText} onChange={setPerProperty} inputMode="decimal" required error={tried ? read.errors.perProperty : null} />
        {below ? <p className="text-sm text-amber-800 sm:col-span-2">The pool already holds more than this at cost, so it buys nothing until it resells.</p> : null}
        {save.isError ? (
          <div className="sm:col-span-2">
            <ErrorNote>{errorText(save.error, 'The budget was not saved.')}</ErrorNote>
          </div>
        ) : null}
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
