import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { COST_CENTER_KINDS, createCostCenterInput, type CostCenterKind } from '@modules/ledger/contract';
import { ApiError, api, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { COST_CENTER_OPTIONS_URL, COST_CENTERS_URL, ErrorNote, KIND_LABELS, costCenterOptions, fieldClass, useCostCenters, type CostCenter } from '../budgets/parts';
import { Button, ButtonLink, Card, cx } from '../ui';

export type CostCenterForm = { code: string; name: string; kind: CostCenterKind | ''; parent: string; property: string; description: string };
type Field = keyof CostCenterForm;

const KIND_HINTS: Record<CostCenterKind, string> = {
  property: 'A property or property vehicle: rent, service charges and upkeep.',
  department: 'A team: operations, technology, marketing, finance.',
  project: 'Work with a start and an end: a launch, a fit-out, a campaign.',
};

/**
 * Checks the form with the ledger's own rules (the same messages the API answers with) and returns one
 * message per invalid field, plus the body to send when everything is valid.
 */
export function validateCostCenterForm(form: CostCenterForm): { errors: Partial<Record<Field, string>>; body?: Record<string, unknown> } {
  const errors: Partial<Record<Field, string>> = {};
  if (!form.kind) errors.kind = 'Choose what the cost center is for';
  const parsed = createCostCenterInput.safeParse({
    code: form.code,
    name: form.name,
    kind: form.kind || 'department',
    parent: form.parent || null,
    property: form.kind === 'property' && form.property.trim() ? form.property : null,
    description: form.description,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '') as Field;
      if (key in form && !errors[key]) errors[key] = issue.message;
    }
  }
  if (!form.code.trim()) errors.code = 'Enter a code, like PROP-MARINA';
  if (Object.keys(errors).length) return { errors };
  return { errors, body: parsed.data as Record<string, unknown> };
}

const blank: CostCenterForm = { code: '', name: '', kind: '', parent: '', property: '', description: '' };

function Row({ id, label, hint, error, optional, children }: { id: string; label: string; hint?: ReactNode; error?: string; optional?: boolean; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {label} {optional ? <span className="font-normal text-slate-400">(optional)</span> : null}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs font-medium text-red-700">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export default function CostCenterCreate() {
  const id = useId();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const search = new URLSearchParams(useSearch());
  const centers = useCostCenters();
  const [form, setForm] = useState<CostCenterForm>(() => ({ ...blank, parent: (search.get('parent') ?? '').toUpperCase() }));
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const { errors } = validateCostCenterForm(form);
  const shown = (k: Field) => serverErrors[k] ?? (touched[k] || submitted ? errors[k] : undefined);
  const parent: CostCenter | undefined = centers.items.find((c) => c.code === form.parent);

  const bind = (k: Field) => ({
    id: `${id}-${k}`,
    name: k,
    value: form[k],
    onChange: (e: { target: { value: string } }) => {
      setForm((f) => ({ ...f, [k]: e.target.value }));
      setServerErrors(({ [k]: _, ...rest }) => rest);
    },
    onBlur: () => setTouched((t) => ({ ...t, [k]: true })),
    'aria-invalid': shown(k) ? true : undefined,
    'aria-describedby': shown(k) ? `${id}-${k}-error` : `${id}-${k}-hint`,
  });

  const submit = async () => {
    setSubmitted(true);
    setFormError(null);
    const { errors: found, body } = validateCostCenterForm(form);
    if (!body) {
      const first = (['code', 'name', 'kind', 'parent', 'property', 'description'] as Field[]).find((k) => found[k]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const created = await api.post<CostCenter>(COST_CENTERS_URL, body);
      await queryClient.invalidateQueries({ queryKey: [COST_CENTER_OPTIONS_URL] });
      toast({ title: 'Cost center created', description: `${created.code} ${created.name} can now be used on journal lines and budgets.`, variant: 'success' });
      navigate('/admin/cost-centers');
    } catch (err) {
      const message = errorText(err, 'The cost center could not be created. Please try again.');
      const code = err instanceof ApiError ? (err.body as { error?: string } | undefined)?.error : undefined;
      if (code === 'cost_center_exists') setServerErrors({ code: message });
      else if (code === 'cost_center_not_found') setServerErrors({ parent: message });
      else setFormError(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <div className="border-b border-slate-200 pb-6">
        <p className="max-w-3xl text-[15px] leading-relaxed text-slate-600">
          Set up a cost center for a property, a team or a project. Journal lines and budgets tagged with it roll up into its parent in every report, so build the tree the way you want to read your costs.
        </p>
      </div>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        aria-labelledby={`${id}-legend`}
        className="mt-6 max-w-3xl"
      >
        <Card className="p-6 sm:p-8">
          <h2 id={`${id}-legend`} className="text-lg font-semibold text-ink" style={{ fontFamily: 'var(--font-display)' }}>
            Cost center details
          </h2>
          {formError ? (
            <div className="mt-4">
              <ErrorNote title="Not created">{formError}</ErrorNote>
            </div>
          ) : null}
          <div className="mt-6 grid gap-5 sm:grid-cols-2">
            <Row id={`${id}-code`} label="Code" hint="Short and unique, never changes: PROP-MARINA, OPS-DXB." error={shown('code')}>
              <input {...bind('code')} autoComplete="off" spellCheck={false} maxLength={32} className={cx(fieldClass, 'font-mono uppercase')} />
            </Row>
            <Row id={`${id}-name`} label="Name" hint="As it should appear in reports." error={shown('name')}>
              <input {...bind('name')} autoComplete="off" maxLength={120} className={fieldClass} />
            </Row>
            <Row id={`${id}-kind`} label="Kind" hint={form.kind ? KIND_HINTS[form.kind] : 'What the spending belongs to.'} error={shown('kind')}>
              <select {...bind('kind')} className={fieldClass}>
                <option value="">Choose a kind</option>
                {COST_CENTER_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {KIND_LABELS[k]}
                  </option>
                ))}
              </select>
            </Row>
            <Row id={`${id}-parent`} label="Parent cost center" hint={parent ? `Rolls up into ${parent.name} in reports.` : 'Top level, or roll this one up into a larger one.'} error={shown('parent')} optional>
              <select {...bind('parent')} className={fieldClass}>
                <option value="">None (top level)</option>
                {costCenterOptions(centers.items).map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
                {form.parent && !parent && !centers.isPending ? <option value={form.parent}>{form.parent} (not found)</option> : null}
              </select>
            </Row>
            {form.kind === 'property' ? (
              <div className="sm:col-span-2">
                <Row id={`${id}-property`} label="Property reference" hint="The property this cost center stands for, as journal lines name it (for example its listing reference)." error={shown('property')} optional>
                  <input {...bind('property')} autoComplete="off" maxLength={64} className={fieldClass} />
                </Row>
              </div>
            ) : null}
            <div className="sm:col-span-2">
              <Row id={`${id}-description`} label="Description" hint={`${form.description.length} of 1,000 characters. Who owns it and what belongs here.`} error={shown('description')} optional>
                <textarea {...bind('description')} rows={3} className={fieldClass} />
              </Row>
            </div>
          </div>
          <div className="mt-8 flex flex-col gap-4 border-t border-slate-100 pt-6 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-xs leading-snug text-slate-500 sm:max-w-xs">A cost center with journal lines can't be deleted later, only archived, so its history stays in the reports.</p>
            <div className="flex flex-col-reverse gap-3 sm:flex-row">
              <ButtonLink href="/admin/cost-centers">Cancel</ButtonLink>
              <Button type="submit" variant="primary" stretch disabled={busy}>
                {busy ? 'Creating…' : 'Create cost center'}
              </Button>
            </div>
          </div>
        </Card>
      </form>
    </>
  );
}
