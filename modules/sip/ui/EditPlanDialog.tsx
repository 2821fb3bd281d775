/**
 * Editing a plan: amount (typed in the display currency), collection day, yearly step-up and, for a
 * manual plan (or an automated one the investor wants to steer), the split. Only what changed is sent;
 * the change applies from the next collection. API failures are shown next to their field.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { convertMinor, minorToInput, toFils } from '@modules/platform/money';
import { formatDate, todayInDubai } from '@modules/platform/dates';
import type { PropertyListJson } from '@modules/properties/contract';
import { useCurrency } from '@site/components/app/ui';
import { errorText } from '@site/lib/api';
import type { SipPlanJson } from '../contract';
import { ConfirmDialog } from './ConfirmDialog';
import { fieldErrorsOf, type FieldErrors, OPEN_PROPERTIES_URL, type PlanPatch, updatePlan } from './data';
import { AmountField, checkStepUp, DayField, StepUpField } from './fields';
import { usePublicSettings } from '@modules/settings/ui/use-public-settings';
import { checkPlanAmount } from './format';
import { checkSplit, SplitPicker, type SplitRow } from './SplitPicker';

export function EditPlanDialog({ plan, open, onClose, onSaved }: { plan: SipPlanJson; open: boolean; onClose: () => void; onSaved: (p: SipPlanJson) => void }) {
  const currency = useCurrency();
  const initialAmount = minorToInput(convertMinor(toFils(plan.amount), 'AED', currency));
  const [amountText, setAmountText] = useState(initialAmount);
  const [day, setDay] = useState(plan.dayOfMonth);
  const [stepUp, setStepUp] = useState(plan.stepUpPercent ? String(plan.stepUpPercent) : '');
  const [steer, setSteer] = useState(plan.mode === 'manual');
  const [rows, setRows] = useState<SplitRow[]>(() => plan.allocations.map((a) => ({ propertyId: a.propertyId, title: a.title, text: String(a.percent) })));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const properties = useQuery<PropertyListJson>({ queryKey: [OPEN_PROPERTIES_URL], enabled: open && steer });

  const settings = usePublicSettings();
  const amount = checkPlanAmount(amountText, currency, settings.data ? BigInt(settings.data.sipMinimum) : null);
  const step = checkStepUp(stepUp);
  const split = steer ? checkSplit(rows) : null;
  const splitChanged = steer && (plan.mode !== 'manual' || JSON.stringify(rows.map((r) => [r.propertyId, r.text])) !== JSON.stringify(plan.allocations.map((a) => [a.propertyId, String(a.percent)])));
  const patch: PlanPatch = {};
  if (amount.ok && amountText !== initialAmount && amount.fils !== toFils(plan.amount)) patch.amount = Number(amount.fils);
  if (day !== plan.dayOfMonth) patch.dayOfMonth = day;
  if (step.ok && step.percent !== plan.stepUpPercent) patch.stepUpPercent = step.percent;
  if (split?.ok && splitChanged) patch.allocations = split.allocations;
  const valid = amount.ok && step.ok && (!split || split.ok);
  const changed = Object.keys(patch).length > 0;

  const save = async () => {
    setBusy(true);
    setErrors({});
    try {
      onSaved(await updatePlan(plan.id, patch));
    } catch (err) {
      setErrors(fieldErrorsOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      open={open}
      title="Edit this plan"
      confirmLabel="Save changes"
      busy={busy}
      error={errors.form ?? null}
      confirmDisabled={!valid || !changed}
      onConfirm={() => void save()}
      onClose={onClose}
      fields={
      <div className="-mt-3 text-left">
        <AmountField value={amountText} onChange={setAmountText} currency={currency} check={amount} touched apiError={errors.amount ?? null} />
        <DayField value={day} onChange={setDay} today={todayInDubai()} startMonth={plan.startMonth.slice(0, 7)} apiError={errors.dayOfMonth ?? null} firstLabel="With this day, the next collection" />
        <StepUpField value={stepUp} onChange={setStepUp} check={step} apiError={errors.stepUpPercent ?? null} />
        {plan.mode === 'automated' ? (
          <label className="mt-6 flex items-start gap-3 text-sm text-slate-700">
            <input type="checkbox" checked={steer} onChange={(e) => setSteer(e.target.checked)} className="mt-1 accent-brand-700" />
            <span>Choose the properties myself (the plan becomes manual from the next collection)</span>
          </label>
        ) : null}
        {steer ? (
          <SplitPicker
            properties={properties.data?.items ?? []}
            loading={properties.isPending}
            loadError={properties.isError ? errorText(properties.error, 'We could not load the properties open for funding.') : null}
            rows={rows}
            onChange={setRows}
            error={errors.allocations ?? null}
            showError
          />
        ) : null}
        {!changed ? <p className="mt-4 text-xs text-slate-500">Change a field to save.</p> : null}
      </div>
      }
    >
      <p>
        Changes take effect from the next collection{plan.nextCollectionDate ? ` (${formatDate(plan.nextCollectionDate)})` : ''}. Instalments already collected stay as
        they are.
      </p>
    </ConfirmDialog>
  );
}
