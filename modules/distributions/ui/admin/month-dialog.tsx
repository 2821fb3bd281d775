/**
 * A month's occupancy and note, which are not money and so not in the ledger
 * (PUT /api/admin/property-books/:propertyId/months/:period { occupancyBps, note }). Investors read both
 * on the property's P&L.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Dialog, ErrorNote, Field } from '@site/components/admin/ledger/parts';
import { bpsToInput, percentToBps } from '@site/components/admin/properties/shared';
import { Button } from '@site/components/admin/ui';
import { api } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { distributionMessages, monthInput, type PnlMonthJson, type PropertyMonthJson } from '../../contract';
import { percent, periodLabel } from '../format';
import { issuesByField, serverErrorByField, type FieldErrors } from './errors';
import { monthUrl, refreshBooks, TextArea } from './shared';

const FIELDS = ['occupancyBps', 'note'] as const;
type F = (typeof FIELDS)[number];

function MonthForm({ propertyId, month, onClose }: { propertyId: string; month: PnlMonthJson; onClose: () => void }) {
  const client = useQueryClient();
  const [occupancy, setOccupancy] = useState(month.occupancyBps === null ? '' : bpsToInput(month.occupancyBps));
  const [note, setNote] = useState(month.note);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const save = useMutation({
    mutationFn: (body: { occupancyBps: number; note: string }) => api.put<PropertyMonthJson>(monthUrl(propertyId, month.period), body),
    onSuccess: (m) => {
      toast({ title: `${periodLabel(m.period)} saved`, description: `Occupancy ${percent(m.occupancyBps)}.`, variant: 'success' });
      void refreshBooks(client);
      onClose();
    },
    onError: (e) => setErrors(serverErrorByField<F>(e, { occupancyBps: [distributionMessages.occupancy], note: [distributionMessages.note] }, 'The month was not saved.')),
  });
  const submit = () => {
    const bps = percentToBps(occupancy);
    const parsed = monthInput.safeParse({ occupancyBps: bps ?? -1, note });
    if (!parsed.success) return setErrors(issuesByField(parsed.error, FIELDS));
    setErrors({});
    save.mutate({ occupancyBps: parsed.data.occupancyBps, note: parsed.data.note ?? '' });
  };
  return (
    <Dialog
      open
      onClose={() => !save.isPending && onClose()}
      title={`${periodLabel(month.period)}: occupancy and note`}
      description="How much of the month the property was let, and a sentence for investors (a new tenant, works, a vacancy). Shown on the property's P&L."
      footer={
        <>
          <Button onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button variant="primary" onClick={submit} disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </Button>
        </>
      }
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Field className="w-48" label="Occupancy (%)" value={occupancy} onChange={setOccupancy} inputMode="decimal" placeholder="100" required error={errors.occupancyBps} hint="100 when let for the whole month." />
        <TextArea label="Note for investors (optional)" value={note} onChange={setNote} max={500} error={errors.note} />
        {errors.form ? <ErrorNote>{errors.form}</ErrorNote> : null}
      </form>
    </Dialog>
  );
}

/** The dialog for `month` (nothing when null). */
export function MonthDialog({ propertyId, month, onClose }: { propertyId: string; month: PnlMonthJson | null; onClose: () => void }) {
  if (!month) return null;
  return <MonthForm key={month.period} propertyId={propertyId} month={month} onClose={onClose} />;
}
