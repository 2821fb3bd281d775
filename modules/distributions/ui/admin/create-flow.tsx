/**
 * "Prepare distribution": choose the property and month, read the preview (the books' figures, the
 * amount — the distributable by default, editable —, per share, holders and their lines, warnings, and
 * whether a second administrator must approve), then "Create draft" (POST /api/admin/distributions
 * { propertyId, period, amount } with the amount in fils) and open the new run. Opened by ?prepare=<id>
 * (and &month=YYYY-MM), so "Prepare distribution" links from other screens land here ready.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FilePlus2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Busy, Dialog, ErrorNote, Field, Select } from '@site/components/admin/ledger/parts';
import { Button } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import { todayInDubai } from '@modules/platform/dates';
import { minorToInput, parseFils } from '@modules/platform/money';
import { createDistributionInput, distributionMessages, PERIOD, type DistributionJson, type DistributionPreviewJson } from '../../contract';
import { aed, fils, periodLabel, shares } from '../format';
import { AMOUNT_TYPED } from './record-form';
import { BooksFigures, LinesTable, PaymentFigures, Warnings } from './preview';
import { DISTRIBUTIONS, DISTRIBUTIONS_PATH, lastMonth, MonthField, previewUrl, refreshDistributions, usePropertyOptions } from './shared';

/** The value once it has stopped changing for `ms`. */
function useSettled<T>(value: T, ms = 400): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/** The amount as typed → fils, or the contract's message. */
export function checkAmount(text: string): { fils: bigint } | { error: string } {
  const f = parseFils(text);
  if (f === null) return { error: AMOUNT_TYPED };
  const parsed = createDistributionInput.shape.amount.safeParse(f.toString());
  return parsed.success ? { fils: parsed.data } : { error: parsed.error.issues[0]?.message ?? distributionMessages.amount };
}

function CreateFlow({ initialProperty, initialPeriod, onClose, onCreated }: { initialProperty: string; initialPeriod: string; onClose: () => void; onCreated: (run: DistributionJson) => void }) {
  const client = useQueryClient();
  const properties = usePropertyOptions();
  const [propertyId, setPropertyId] = useState(initialProperty);
  const [period, setPeriod] = useState(initialPeriod || lastMonth());
  const [amountText, setAmountText] = useState<string | null>(null);
  const periodError = !PERIOD.test(period) ? distributionMessages.period : period > todayInDubai().slice(0, 7) ? distributionMessages.periodFuture : null;
  const ready = Boolean(propertyId) && !periodError;

  // The books' own preview (amount = the distributable), then one for an edited amount.
  const base = useQuery<DistributionPreviewJson>({ queryKey: [previewUrl(propertyId, period)], enabled: ready, retry: false });
  const typed = amountText === null ? null : checkAmount(amountText);
  const typedFils = typed && 'fils' in typed ? typed.fils : null;
  const settledFils = useSettled(typedFils);
  const override = settledFils !== null && base.data && settledFils !== fils(base.data.distributable) ? settledFils : null;
  const edited = useQuery<DistributionPreviewJson>({ queryKey: [previewUrl(propertyId, period, override)], enabled: ready && override !== null, retry: false, placeholderData: keepPreviousData });
  const preview = override !== null ? edited : base;
  const p = preview.data;

  const create = useMutation({
    mutationFn: (body: { propertyId: string; period: string; amount: string }) => api.post<DistributionJson>(DISTRIBUTIONS, body),
    onSuccess: (run) => {
      void refreshDistributions(client);
      onCreated(run);
    },
  });

  const amountFils = amountText === null ? (base.data ? fils(base.data.distributable) : null) : typedFils;
  const inStep = Boolean(p && amountFils !== null && fils(p.amount) === amountFils && !preview.isFetching && !preview.isPlaceholderData);
  const canCreate = ready && inStep && amountFils !== null && amountFils > 0n && !create.isPending;
  const submit = () => {
    if (!canCreate || amountFils === null) return;
    const body = createDistributionInput.safeParse({ propertyId, period, amount: amountFils.toString() });
    if (!body.success) return;
    create.mutate({ propertyId, period, amount: amountFils.toString() });
  };
  const options = properties.data?.items ?? [];
  const chosen = options.find((o) => o.id === propertyId);

  return (
    <Dialog
      open
      wide="xl"
      onClose={() => !create.isPending && onClose()}
      title="Prepare a distribution"
      description="Choose the property and month: the preview reads its books and the holders at the record date. Nothing is written until you create the draft."
      footer={
        <>
          <Button onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button variant="primary" icon={FilePlus2} onClick={submit} disabled={!canCreate}>
            {create.isPending ? 'Creating…' : amountFils && amountFils > 0n ? `Create draft of ${aed(amountFils)}` : 'Create draft'}
          </Button>
        </>
      }
    >
      <div className="space-y-5">
        <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <Select
            label="Property"
            value={propertyId}
            onChange={(v) => {
              setPropertyId(v);
              setAmountText(null);
            }}
            options={[
              { value: '', label: properties.isPending ? 'Loading properties…' : 'Choose a property', disabled: true },
              ...(propertyId && !chosen && !properties.isPending ? [{ value: propertyId, label: 'The property in the link' }] : []),
              ...options.map((o) => ({ value: o.id, label: `${o.title} (${o.reference})` })),
            ]}
            error={properties.isError ? errorText(properties.error, "Couldn't load the properties.") : null}
          />
          <MonthField
            label="Month"
            value={period}
            max={todayInDubai().slice(0, 7)}
            onChange={(v) => {
              setPeriod(v);
              setAmountText(null);
            }}
            error={period ? periodError : distributionMessages.period}
          />
        </div>
        {!ready ? (
          <p className="text-sm text-slate-600">Choose a property and a month to preview what would be paid.</p>
        ) : base.isPending ? (
          <Busy>Reading the books and the holders…</Busy>
        ) : base.isError ? (
          <ErrorNote title="No preview">{errorText(base.error, 'The preview could not be made.')}</ErrorNote>
        ) : (
          <>
            <BooksFigures p={base.data} />
            <Field
              className="sm:w-72"
              label="Amount to distribute (AED)"
              inputMode="decimal"
              value={amountText ?? minorToInput(fils(base.data.distributable))}
              onChange={setAmountText}
              error={typed && 'error' in typed ? typed.error : null}
              hint={`The books say ${aed(base.data.distributable)} is distributable for ${periodLabel(period)}.`}
            />
            {base.data.heldPart && fils(base.data.heldPart) < fils(base.data.distributable) && fils(base.data.heldPart) > 0n ? (
              <div className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
                <p className="min-w-0 flex-1">
                  Investors held {shares(base.data.units)} shares at the record date, not every share of the property. Their part of the distributable is {aed(base.data.heldPart)}, the same per share as if
                  every share were held; the rest stays in the property's rent account.
                </p>
                <Button variant="secondary" onClick={() => setAmountText(minorToInput(fils(base.data.heldPart)))}>
                  Pay the held shares' part
                </Button>
              </div>
            ) : null}
            {preview.isError ? (
              <ErrorNote title="No preview for this amount">{errorText(preview.error, 'The preview could not be made.')}</ErrorNote>
            ) : p ? (
              <div className={`space-y-4 ${inStep ? '' : 'opacity-60'}`} aria-busy={!inStep || undefined}>
                <PaymentFigures p={p} />
                <p className={`rounded-lg px-4 py-3 text-sm ${p.needsApproval ? 'border border-sand-200 bg-sand-50 text-slate-800' : 'border border-slate-200 bg-slate-50 text-slate-700'}`}>
                  {p.needsApproval
                    ? 'This amount is above the approval threshold: once created, a second administrator must approve it before it is paid.'
                    : 'This amount is within the approval threshold: once created, it can be paid straight away.'}
                </p>
                <Warnings warnings={p.warnings} />
                <LinesTable lines={p.lines} amount={p.amount} caption={`What each holder would receive${chosen ? ` from ${chosen.title}` : ''} for ${periodLabel(period)}`} />
              </div>
            ) : null}
          </>
        )}
        {create.isError ? <ErrorNote title="The draft was not created">{errorText(create.error, 'Request failed')}</ErrorNote> : null}
      </div>
    </Dialog>
  );
}

/** The create flow named by ?prepare= (and &month=); closing it drops both. */
export function CreateDistributionDialog() {
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  if (!params.has('prepare')) return null;
  const property = params.get('prepare') ?? '';
  const month = params.get('month') ?? '';
  const without = () => {
    params.delete('prepare');
    params.delete('month');
    return params;
  };
  return (
    <CreateFlow
      key={`${property}|${month}`}
      initialProperty={property}
      initialPeriod={PERIOD.test(month) ? month : ''}
      onClose={() => {
        const rest = without();
        navigate(`${DISTRIBUTIONS_PATH}${rest.size ? `?${rest}` : ''}`);
      }}
      onCreated={(run) => {
        const rest = without();
        rest.set('run', run.id);
        navigate(`${DISTRIBUTIONS_PATH}?${rest}`);
      }}
    />
  );
}
