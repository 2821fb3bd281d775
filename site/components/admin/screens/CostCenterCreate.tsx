import { useId, useState, type ReactNode } from 'react';
import { Button, ButtonLink, Card } from '../ui';

export type CostCenterDraft = { code: string; name: string; type: string; parent: string; owner: string; budget: string; starts: string; description: string };
const SAVE_UNAVAILABLE = "Cost centers can't be saved from here yet: the accounting ledger isn't connected to the back office.";
const blank: CostCenterDraft = { code: '', name: '', type: '', parent: '', owner: '', budget: '', starts: '', description: '' };

/** Field rules for a new cost center; returns one message per invalid field. */
export function validateCostCenter(d: CostCenterDraft): Partial<Record<keyof CostCenterDraft, string>> {
  const errors: Partial<Record<keyof CostCenterDraft, string>> = {};
  const code = d.code.trim();
  if (!code) errors.code = 'Enter a code';
  else if (!/^[A-Za-z0-9][A-Za-z0-9-]{1,11}$/.test(code)) errors.code = 'Use 2 to 12 letters, digits or hyphens, e.g. PRP-014';
  if (d.name.trim().length < 2) errors.name = 'Name must be at least 2 characters';
  if (!d.type) errors.type = 'Choose a type';
  if (d.budget.trim() && !/^\d{1,12}(\.\d{1,2})?$/.test(d.budget.replace(/,/g, '').trim())) errors.budget = 'Enter an amount in AED, e.g. 250000 or 250000.50';
  if (d.description.length > 500) errors.description = 'Description must be at most 500 characters';
  return errors;
}

const input =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-ink placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-red-500';

function Field({ id, label, hint, error, optional, children }: { id: string; label: string; hint?: string; error?: string; optional?: boolean; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {label} {optional ? <span className="font-normal text-slate-400">(optional)</span> : null}
      </label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export default function CostCenterCreate() {
  const id = useId();
  const [draft, setDraft] = useState(blank);
  const [touched, setTouched] = useState<Partial<Record<keyof CostCenterDraft, boolean>>>({});
  const errors = validateCostCenter(draft);
  const show = (k: keyof CostCenterDraft) => (touched[k] ? errors[k] : undefined);
  const bind = (k: keyof CostCenterDraft) => ({
    id: `${id}-${k}`,
    name: k,
    value: draft[k],
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [k]: e.target.value })),
    onBlur: () => setTouched((t) => ({ ...t, [k]: true })),
    'aria-invalid': show(k) ? true : undefined,
    'aria-describedby': show(k) ? `${id}-${k}-error` : `${id}-${k}-hint`,
    className: input,
  });

  return (
    <>
      <div className="border-b border-slate-200 pb-6">
        <p className="max-w-3xl text-[15px] leading-relaxed text-slate-600">
          Set up a cost center for a property, team or project. Once it exists, journal lines, purchase orders and budgets can be tagged with it.
        </p>
      </div>
      <form noValidate onSubmit={(e) => e.preventDefault()} aria-labelledby={`${id}-legend`} className="mt-6 max-w-3xl">
        <Card className="p-6 sm:p-8">
          <h2 id={`${id}-legend`} className="text-lg font-semibold text-ink" style={{ fontFamily: 'var(--font-display)' }}>
            Cost center details
          </h2>
          <div className="mt-6 grid gap-5 sm:grid-cols-2">
            <Field id={`${id}-code`} label="Code" hint="Short and unique, e.g. PRP-014 for a property." error={show('code')}>
              <input {...bind('code')} autoComplete="off" spellCheck={false} className={`${input} font-mono uppercase`} />
            </Field>
            <Field id={`${id}-name`} label="Name" hint="As it should appear in reports." error={show('name')}>
              <input {...bind('name')} autoComplete="off" />
            </Field>
            <Field id={`${id}-type`} label="Type" hint="What the spending belongs to." error={show('type')}>
              <select {...bind('type')}>
                <option value="">Choose a type</option>
                <option value="property">Property</option>
                <option value="team">Team</option>
                <option value="project">Project</option>
              </select>
            </Field>
            <Field id={`${id}-parent`} label="Parent cost center" hint="Roll this one up into a larger one in reports." optional>
              <select {...bind('parent')}>
                <option value="">None (top level)</option>
              </select>
            </Field>
            <Field id={`${id}-owner`} label="Owner" hint="Who approves spending against it." optional>
              <input {...bind('owner')} autoComplete="off" />
            </Field>
            <Field id={`${id}-budget`} label="Annual budget (AED)" hint="Used for budget-against-actual reports." error={show('budget')} optional>
              <input {...bind('budget')} inputMode="decimal" autoComplete="off" placeholder="0.00" />
            </Field>
            <Field id={`${id}-starts`} label="Starts on" hint="The first date spending can be tagged." optional>
              <input {...bind('starts')} type="date" />
            </Field>
            <div className="sm:col-span-2">
              <Field id={`${id}-description`} label="Description" hint={`${draft.description.length} of 500 characters.`} error={show('description')} optional>
                <textarea {...bind('description')} rows={3} />
              </Field>
            </div>
          </div>
          <div className="mt-8 flex flex-col gap-4 border-t border-slate-100 pt-6 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-xs leading-snug text-slate-500 sm:max-w-xs">{SAVE_UNAVAILABLE}</p>
            <div className="flex flex-col-reverse gap-3 sm:flex-row">
              <ButtonLink href="/admin/cost-centers">Cancel</ButtonLink>
              <Button variant="primary" stretch unavailable={SAVE_UNAVAILABLE}>
                Create cost center
              </Button>
            </div>
          </div>
        </Card>
      </form>
    </>
  );
}
