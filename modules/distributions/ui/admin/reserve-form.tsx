/**
 * The property's reserve: the percentage of each month's net income kept back for future costs
 * (PUT /api/admin/property-books/:propertyId/reserve { reserveBps }). It applies to months not yet
 * distributed; a paid month keeps the reserve it was paid with.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorNote, Field } from '@site/components/admin/ledger/parts';
import { bpsToInput, percentToBps } from '@site/components/admin/properties/shared';
import { Button, Card } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { distributionMessages, reserveInput } from '../../contract';
import { percent } from '../format';
import { refreshBooks, reserveUrl } from './shared';

export function ReserveForm({ propertyId, reserveBps }: { propertyId: string; reserveBps: number }) {
  const client = useQueryClient();
  const [text, setText] = useState(bpsToInput(reserveBps));
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (bps: number) => api.put<{ propertyId: string; reserveBps: number }>(reserveUrl(propertyId), { reserveBps: bps }),
    onSuccess: (r) => {
      toast({ title: 'Reserve saved', description: `${percent(r.reserveBps)} of net income is kept back from months not yet distributed.`, variant: 'success' });
      void refreshBooks(client);
    },
    onError: (e) => setError(errorText(e, 'The reserve was not saved.')),
  });
  const submit = () => {
    const bps = percentToBps(text);
    const parsed = reserveInput.safeParse({ reserveBps: bps });
    if (bps === null || !parsed.success) {
      setError(distributionMessages.reserve);
      return;
    }
    setError(null);
    save.mutate(parsed.data.reserveBps);
  };
  const unchanged = percentToBps(text) === reserveBps;
  return (
    <Card className="p-5">
      <h3 className="text-base font-semibold text-ink">Reserve</h3>
      <p className="mt-1 text-sm text-slate-600">
        Kept back from each month's net income for future costs; now {percent(reserveBps)}. A change applies to months not yet distributed.
      </p>
      <form
        noValidate
        className="mt-4 flex flex-wrap items-start gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Field
          className="w-40"
          label="Reserve (% of net income)"
          value={text}
          onChange={(v) => {
            setText(v);
            setError(null);
          }}
          inputMode="decimal"
          error={error && !save.isError ? error : null}
        />
        <div className="pt-5">
          <Button type="submit" disabled={save.isPending || unchanged}>
            {save.isPending ? 'Saving…' : 'Save reserve'}
          </Button>
        </div>
      </form>
      {save.isError && error ? (
        <div className="mt-3">
          <ErrorNote>{error}</ErrorNote>
        </div>
      ) : null}
    </Card>
  );
}
