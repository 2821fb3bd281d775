/**
 * Create or edit a property. Amounts are typed in AED and sent as fils; percentages are typed as
 * percent and sent as basis points; shares are typed as whole (or fractional) shares and sent as share
 * units. The funding target and both yields are previewed with the contract's own formulas, and the
 * server's validation messages land on the field they are about. Editing sends only what changed.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useMemo, useRef, useState } from 'react';
import {
  bpsToPercent,
  CITIES,
  fundingTargetOf,
  PROPERTY_TYPE_LABELS,
  PROPERTY_TYPES,
  propertyYields,
  SHARE_DECIMALS,
  SHARE_SCALE,
  type PropertyDetailJson,
} from '@modules/properties/contract';
import { ApiError, api, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { amountInputText, formatAed, readAmount } from '../ledger/money';
import { ErrorNote, Field, Select } from '../ledger/parts';
import { Button, cx } from '../ui';
import { ADMIN_PROPERTIES, bpsToInput, percentToBps, startsWith } from './shared';

type FormState = Record<
  | 'title' | 'summary' | 'description' | 'features' | 'community' | 'city' | 'propertyType' | 'bedrooms' | 'bathrooms' | 'sizeSqft' | 'yearBuilt'
  | 'sharePrice' | 'shares' | 'fundingDeadline' | 'purchasePrice' | 'acquisitionCosts' | 'valuation' | 'valuedOn'
  | 'annualRent' | 'occupancy' | 'serviceCharges' | 'maintenanceCosts' | 'managementFee' | 'appreciation' | 'holdYears' | 'reference' | 'slug',
  string
>;
type Key = keyof FormState;

/** "15,000" or "12.5" shares → units; null when malformed. */
function parseShares(text: string): bigint | null {
  const m = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,4}))?$/.exec(text.trim());
  if (!m) return null;
  return BigInt(m[1]!.replace(/,/g, '')) * SHARE_SCALE + BigInt((m[2] ?? '').padEnd(SHARE_DECIMALS, '0') || '0');
}
function sharesText(units: bigint): string {
  const whole = units / SHARE_SCALE;
  const frac = (units % SHARE_SCALE).toString().padStart(SHARE_DECIMALS, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}

function initialState(p?: PropertyDetailJson): FormState {
  const a = (v: string | undefined) => (v === undefined ? '' : amountInputText(BigInt(v)));
  return {
    title: p?.title ?? '',
    summary: p?.summary ?? '',
    description: p?.description ?? '',
    features: p?.features.join('\n') ?? '',
    community: p?.community ?? '',
    city: p?.city ?? 'Dubai',
    propertyType: p?.propertyType ?? 'apartment',
    bedrooms: p ? String(p.bedrooms) : '',
    bathrooms: p ? String(p.bathrooms) : '',
    sizeSqft: p ? String(p.sizeSqft) : '',
    yearBuilt: p?.yearBuilt ? String(p.yearBuilt) : '',
    sharePrice: a(p?.sharePrice) || (p ? '' : '100.00'),
    shares: p ? sharesText(BigInt(p.totalShares)) : '',
    fundingDeadline: p?.fundingDeadline ?? '',
    purchasePrice: a(p?.purchasePrice),
    acquisitionCosts: a(p?.acquisitionCosts),
    valuation: a(p?.valuation),
    valuedOn: p?.valuedOn ?? '',
    annualRent: a(p?.annualRent),
    occupancy: p ? bpsToInput(p.occupancyBps) : '95',
    serviceCharges: a(p?.serviceCharges),
    maintenanceCosts: a(p?.maintenanceCosts),
    managementFee: p ? bpsToInput(p.managementFeeBps) : '5',
    appreciation: p ? bpsToInput(p.projectedAppreciationBps) : '5',
    holdYears: p ? String(p.holdYears) : '5',
    reference: p?.reference ?? '',
    slug: p?.slug ?? '',
  };
}

/** Server field names → form fields, for the server's validation messages. */
const SERVER_FIELD: Record<string, Key> = {
  title: 'title', summary: 'summary', description: 'description', features: 'features', community: 'community', city: 'city', propertyType: 'propertyType',
  bedrooms: 'bedrooms', bathrooms: 'bathrooms', sizeSqft: 'sizeSqft', yearBuilt: 'yearBuilt', sharePrice: 'sharePrice', totalShares: 'shares',
  fundingDeadline: 'fundingDeadline', purchasePrice: 'purchasePrice', acquisitionCosts: 'acquisitionCosts', valuation: 'valuation', valuedOn: 'valuedOn',
  annualRent: 'annualRent', occupancyBps: 'occupancy', serviceCharges: 'serviceCharges', maintenanceCosts: 'maintenanceCosts', managementFeeBps: 'managementFee',
  projectedAppreciationBps: 'appreciation', holdYears: 'holdYears', reference: 'reference', slug: 'slug',
};

type Built = { payload: Record<string, unknown>; errors: Partial<Record<Key, string>> };

function build(s: FormState): Built {
  const errors: Partial<Record<Key, string>> = {};
  const payload: Record<string, unknown> = {};
  const text = (k: Key, out: string, required = false, label = '') => {
    const v = s[k].trim();
    if (required && !v) errors[k] = `Enter ${label}.`;
    payload[out] = v;
  };
  const money = (k: Key, out: string, required: boolean, label: string) => {
    if (!s[k].trim()) {
      if (required) errors[k] = `Enter ${label} in AED.`;
      else payload[out] = '0';
      return;
    }
    const r = readAmount(s[k]);
    if (!r.ok) errors[k] = r.error;
    else if (required && r.fils <= 0n) errors[k] = `Enter ${label} above zero.`;
    else payload[out] = r.fils.toString();
  };
  const int = (k: Key, out: string, min: number, max: number, label: string, optional = false) => {
    const v = s[k].trim();
    if (!v && optional) return void (payload[out] = null);
    if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max) errors[k] = `${label} must be a whole number from ${min} to ${max}.`;
    else payload[out] = Number(v);
  };
  const pct = (k: Key, out: string, max: number, label: string) => {
    const bps = percentToBps(s[k]);
    if (bps === null || bps > max) errors[k] = `${label} must be a percentage from 0 to ${bpsToPercent(max)}, like 5 or 4.75.`;
    else payload[out] = bps;
  };
  text('title', 'title', true, 'a title');
  text('summary', 'summary');
  text('description', 'description');
  payload.features = s.features.split('\n').map((f) => f.trim()).filter(Boolean);
  text('community', 'community', true, 'the community');
  payload.city = s.city;
  payload.propertyType = s.propertyType;
  int('bedrooms', 'bedrooms', 0, 20, 'Bedrooms');
  int('bathrooms', 'bathrooms', 0, 20, 'Bathrooms');
  int('sizeSqft', 'sizeSqft', 100, 200_000, 'Size');
  int('yearBuilt', 'yearBuilt', 1950, 2040, 'Year built', true);
  money('sharePrice', 'sharePrice', true, 'the share price');
  const units = parseShares(s.shares);
  if (units === null || units <= 0n) errors.shares = 'Enter the number of shares, like 33,600 (up to four decimals).';
  else payload.totalShares = units.toString();
  payload.fundingDeadline = s.fundingDeadline || null;
  money('purchasePrice', 'purchasePrice', true, 'the purchase price');
  money('acquisitionCosts', 'acquisitionCosts', false, 'the acquisition costs');
  money('valuation', 'valuation', true, 'the valuation');
  payload.valuedOn = s.valuedOn || null;
  money('annualRent', 'annualRent', false, 'the annual rent');
  pct('occupancy', 'occupancyBps', 10_000, 'Occupancy');
  money('serviceCharges', 'serviceCharges', false, 'service charges');
  money('maintenanceCosts', 'maintenanceCosts', false, 'maintenance');
  pct('managementFee', 'managementFeeBps', 3000, 'The management fee');
  pct('appreciation', 'projectedAppreciationBps', 3000, 'Projected appreciation');
  int('holdYears', 'holdYears', 1, 20, 'The holding period');
  if (s.reference.trim()) payload.reference = s.reference.trim().toUpperCase();
  if (s.slug.trim()) payload.slug = s.slug.trim().toLowerCase();
  if (!errors.sharePrice && !errors.shares && fundingTargetOf(BigInt(String(payload.sharePrice)), BigInt(String(payload.totalShares))) === null) {
    errors.shares = 'Share price × shares must come to whole fils. Use whole shares or a rounder share price.';
  }
  return { payload, errors };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function Fixed({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <p className="mb-1 text-xs font-medium text-slate-600">{label}</p>
      <p className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm tabular-nums text-slate-700">{value}</p>
      <p className="mt-1 text-xs text-slate-500">Fixed</p>
    </div>
  );
}

export function PropertyForm({ property, onSaved, onCancel }: { property?: PropertyDetailJson; onSaved: (p: PropertyDetailJson) => void; onCancel: () => void }) {
  const client = useQueryClient();
  const [state, setState] = useState<FormState>(() => initialState(property));
  const baseline = useMemo(() => build(initialState(property)).payload, [property]);
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const ids = { desc: useId(), features: useId(), summary: useId() };
  const set = (k: Key) => (v: string) => setState((s) => ({ ...s, [k]: v }));
  const locked = property ? BigInt(property.sharesSold) > 0n || property.status === 'funded' || property.status === 'exited' : false;

  // Live preview with the contract's formulas.
  const preview = useMemo(() => {
    const b = build(state);
    const p = b.payload;
    if (b.errors.sharePrice || b.errors.shares || b.errors.valuation) return null;
    const target = fundingTargetOf(BigInt(String(p.sharePrice)), BigInt(String(p.totalShares)));
    if (target === null) return null;
    const y = propertyYields({
      valuation: BigInt(String(p.valuation ?? 0)),
      fundingTarget: target,
      annualRent: BigInt(String(p.annualRent ?? 0)),
      occupancyBps: Number(p.occupancyBps ?? 0),
      serviceCharges: BigInt(String(p.serviceCharges ?? 0)),
      maintenanceCosts: BigInt(String(p.maintenanceCosts ?? 0)),
      managementFeeBps: Number(p.managementFeeBps ?? 0),
    });
    const cost = BigInt(String(p.purchasePrice ?? 0)) + BigInt(String(p.acquisitionCosts ?? 0));
    return { target, y, cost };
  }, [state]);

  const save = useMutation({
    mutationFn: (payload: Record<string, unknown>) =>
      property ? api.patch<PropertyDetailJson>(`${ADMIN_PROPERTIES}/${property.id}`, payload) : api.post<PropertyDetailJson>(ADMIN_PROPERTIES, payload),
    onSuccess: (p) => {
      void client.invalidateQueries(startsWith(ADMIN_PROPERTIES, '/api/admin/audit', '/api/admin/market-data'));
      toast({ title: property ? 'Property saved' : 'Draft created', description: `${p.reference} · ${p.title}`, variant: 'success' });
      onSaved(p);
    },
    onError: (err) => {
      const body = err instanceof ApiError ? (err.body as { fields?: Record<string, string> } | undefined) : undefined;
      const mapped: Partial<Record<Key, string>> = {};
      for (const [k, msg] of Object.entries(body?.fields ?? {})) {
        const key = SERVER_FIELD[k.split('.')[0]!];
        if (key) mapped[key] = msg;
      }
      setErrors(mapped);
      setServerError(errorText(err, 'The property could not be saved.'));
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setServerError(null);
    const { payload, errors: found } = build(state);
    setErrors(found);
    if (Object.keys(found).length) {
      setServerError(`Check ${Object.keys(found).length === 1 ? 'the highlighted field' : `the ${Object.keys(found).length} highlighted fields`}.`);
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    if (property) {
      const changed = Object.fromEntries(Object.entries(payload).filter(([k, v]) => !same(v, baseline[k])));
      if (Object.keys(changed).length === 0) {
        toast({ title: 'Nothing to save', description: 'No field was changed.' });
        return;
      }
      save.mutate(changed);
    } else save.mutate(payload);
  };

  const area = 'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-ink focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200';
  const group = (title: string) => <legend className="mb-3 text-sm font-semibold text-ink">{title}</legend>;
  const f = (k: Key, label: string, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field label={label} value={state[k]} onChange={set(k)} error={errors[k]} {...extra} />
  );

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-7" aria-label={property ? `Edit ${property.title}` : 'New property'}>
      {serverError ? <ErrorNote title={property ? 'Not saved' : 'Not created'}>{serverError}</ErrorNote> : null}

      <fieldset>
        {group('Listing')}
        <div className="grid gap-4">
          {f('title', 'Title', { required: true, maxLength: 120, placeholder: 'Marina Gate two-bedroom with sea view' })}
          <div>
            <label htmlFor={ids.summary} className="mb-1 block text-xs font-medium text-slate-600">Summary <span className="text-slate-400">(cards and link previews, up to 300 characters)</span></label>
            <textarea id={ids.summary} rows={2} maxLength={300} value={state.summary} onChange={(e) => set('summary')(e.target.value)} className={area} aria-invalid={errors.summary ? true : undefined} />
            {errors.summary ? <p className="mt-1 text-xs text-red-700">{errors.summary}</p> : null}
          </div>
          <div>
            <label htmlFor={ids.desc} className="mb-1 block text-xs font-medium text-slate-600">Description <span className="text-slate-400">(blank line between paragraphs)</span></label>
            <textarea id={ids.desc} rows={6} maxLength={8000} value={state.description} onChange={(e) => set('description')(e.target.value)} className={area} aria-invalid={errors.description ? true : undefined} />
            {errors.description ? <p className="mt-1 text-xs text-red-700">{errors.description}</p> : null}
          </div>
          <div>
            <label htmlFor={ids.features} className="mb-1 block text-xs font-medium text-slate-600">Features <span className="text-slate-400">(one a line, up to 20)</span></label>
            <textarea id={ids.features} rows={4} value={state.features} onChange={(e) => set('features')(e.target.value)} className={area} aria-invalid={errors.features ? true : undefined} />
            {errors.features ? <p className="mt-1 text-xs text-red-700">{errors.features}</p> : null}
          </div>
        </div>
      </fieldset>

      <fieldset>
        {group('Place and layout')}
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {f('community', 'Community', { required: true, placeholder: 'Dubai Marina', className: 'sm:col-span-2' })}
          <Select label="City" value={state.city} onChange={set('city')} options={CITIES.map((c) => ({ value: c, label: c }))} error={errors.city} />
          <Select label="Type" value={state.propertyType} onChange={set('propertyType')} options={PROPERTY_TYPES.map((t) => ({ value: t, label: PROPERTY_TYPE_LABELS[t] }))} error={errors.propertyType} />
          {f('bedrooms', 'Bedrooms (0 = studio)', { inputMode: 'numeric', required: true })}
          {f('bathrooms', 'Bathrooms', { inputMode: 'numeric', required: true })}
          {f('sizeSqft', 'Size (sq ft)', { inputMode: 'numeric', required: true })}
          {f('yearBuilt', 'Year built', { inputMode: 'numeric' })}
        </div>
      </fieldset>

      <fieldset>
        {group('Shares and funding')}
        {locked ? <p className="mb-3 text-xs text-amber-800">Investors hold shares in this property, so the share price and number of shares are fixed.</p> : null}
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {locked ? <Fixed label="Share price (AED)" value={state.sharePrice} /> : f('sharePrice', 'Share price (AED)', { inputMode: 'decimal', required: true })}
          {locked ? <Fixed label="Number of shares" value={state.shares} /> : f('shares', 'Number of shares', { inputMode: 'decimal', required: true })}
          <div className="min-w-0">
            <Field label="Funding deadline" type="date" value={state.fundingDeadline} onChange={set('fundingDeadline')} error={errors.fundingDeadline} hint="Needed to publish" />
          </div>
          <div className="rounded-lg bg-slate-50 px-3 py-2 text-sm" aria-live="polite">
            <p className="text-xs text-slate-500">Funding target</p>
            <p className="font-semibold text-ink tabular-nums">{preview ? formatAed(preview.target) : '—'}</p>
            {preview && preview.cost > 0n ? (
              <p className={cx('text-xs', preview.target < preview.cost ? 'text-red-700' : 'text-slate-500')}>
                {preview.target < preview.cost ? `${formatAed(preview.cost - preview.target)} short of price + costs` : `Covers price + costs (${formatAed(preview.target - preview.cost)} spare)`}
              </p>
            ) : null}
          </div>
        </div>
      </fieldset>

      <fieldset>
        {group('Price and valuation')}
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {f('purchasePrice', 'Purchase price (AED)', { inputMode: 'decimal', required: true })}
          {f('acquisitionCosts', 'Acquisition costs (AED)', { inputMode: 'decimal', hint: 'DLD fee, agency, registration, legal' })}
          {f('valuation', 'Valuation (AED)', { inputMode: 'decimal', required: true })}
          <Field label="Valued on" type="date" value={state.valuedOn} onChange={set('valuedOn')} error={errors.valuedOn} />
        </div>
      </fieldset>

      <fieldset>
        {group('Rent, costs and outlook (a year)')}
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {f('annualRent', 'Annual rent (AED)', { inputMode: 'decimal', hint: 'At full occupancy' })}
          {f('occupancy', 'Occupancy (%)', { inputMode: 'decimal' })}
          {f('serviceCharges', 'Service charges (AED)', { inputMode: 'decimal' })}
          {f('maintenanceCosts', 'Maintenance and insurance (AED)', { inputMode: 'decimal' })}
          {f('managementFee', 'Management fee (% of rent)', { inputMode: 'decimal' })}
          {f('appreciation', 'Projected appreciation (% a year)', { inputMode: 'decimal' })}
          {f('holdYears', 'Holding period (years)', { inputMode: 'numeric' })}
          <div className="rounded-lg bg-brand-50/60 px-3 py-2 text-sm" aria-live="polite">
            <p className="text-xs text-slate-500">Yields</p>
            <p className="font-semibold text-ink">{preview ? `${bpsToPercent(preview.y.grossYieldBps)}% gross · ${bpsToPercent(preview.y.netYieldBps)}% net` : '—'}</p>
            {preview ? <p className="text-xs text-slate-500">Net income {formatAed(preview.y.netIncome)} a year</p> : null}
          </div>
        </div>
      </fieldset>

      <fieldset>
        {group('Identity')}
        <div className="grid gap-4 sm:grid-cols-2">
          {f('reference', 'Reference', { placeholder: 'Left blank: next MZ-DXB-### for the city', maxLength: 24 })}
          {f('slug', 'Address (/property/…)', { placeholder: 'Left blank: made from the title', maxLength: 80 })}
        </div>
      </fieldset>

      <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-5 sm:flex-row sm:justify-end">
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : property ? 'Save changes' : 'Create draft'}
        </Button>
      </div>
    </form>
  );
}
