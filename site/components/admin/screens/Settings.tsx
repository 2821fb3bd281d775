import { CURRENCIES, CURRENCY_CODES, FEES, MIN_INVESTMENT_FILS, PRODUCT_NAME, RETURNS, SUPPORT_EMAIL, formatMoney } from '@modules/platform/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { SettingJson } from '@modules/settings/contract';
import { api, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { formatDateTime } from '../format';
import { Button, Card, DefinitionList, ScreenIntro, Section } from '../ui';

const SETTINGS_URL = '/api/admin/settings';

const isPercent = (s: SettingJson) => s.unit === 'bps';
/** How a stored value reads: AED for amounts in fils, a percentage for basis points. */
const shown = (s: SettingJson, raw: string) => (isPercent(s) ? `${(Number(raw) / 100).toString()}%` : formatMoney(BigInt(raw), 'AED', { decimals: 0 }));

/** One editable setting: an amount (shown in AED, stored in fils) or a percentage (stored in basis points); every change audited on the server. */
function AmountSetting({ setting }: { setting: SettingJson }) {
  const id = useId();
  const client = useQueryClient();
  const percent = isPercent(setting);
  const [value, setValue] = useState(() => (Number(setting.value) / 100).toString());
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (stored: string) => api.put<SettingJson>(`${SETTINGS_URL}/${setting.key}`, { value: stored }),
    onSuccess: (saved) => {
      setError(null);
      void client.invalidateQueries({ queryKey: [SETTINGS_URL] });
      toast({ title: 'Setting saved', description: `${saved.label} is now ${shown(saved, saved.value)}.`, variant: 'success' });
    },
    onError: (e) => setError(errorText(e, 'The setting could not be saved.')),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const clean = value.replace(/[,\s%]/g, '');
    if (!/^\d+(\.\d{1,2})?$/.test(clean)) {
      setError(percent ? 'Enter a percentage, for example 2 or 2.5.' : 'Enter an amount in AED, for example 180000 or 180000.50.');
      return;
    }
    const [whole, frac = ''] = clean.split('.');
    save.mutate(`${BigInt(whole!) * 100n + BigInt((frac + '00').slice(0, 2))}`);
  };
  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end" noValidate>
      <div>
        <label htmlFor={id} className="block text-sm font-semibold text-ink">
          {setting.label}
        </label>
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-slate-500">
          {setting.description} Default {shown(setting, setting.default)}.
          {setting.updatedAt ? ` Last changed ${formatDateTime(setting.updatedAt)} by ${setting.updatedBy ?? 'an administrator'}.` : ''}
        </p>
        <div className="mt-2 flex max-w-xs items-center rounded-lg border border-slate-300 bg-white focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-100">
          {percent ? null : <span className="pl-3 text-sm text-slate-500">AED</span>}
          <input
            id={id}
            inputMode="decimal"
            className="w-full rounded-lg border-0 bg-transparent px-2 py-2 text-sm tabular-nums focus:outline-none"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            aria-invalid={error ? true : undefined}
          />
          {percent ? <span className="pr-3 text-sm text-slate-500">%</span> : null}
        </div>
        {error ? (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <Button type="submit" variant="primary" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save'}
      </Button>
    </form>
  );
}

function Limits() {
  const settings = useQuery<{ items: SettingJson[] }>({ queryKey: [SETTINGS_URL] });
  if (settings.isPending) return <p role="status" className="text-sm text-slate-500">Loading the limits…</p>;
  if (settings.isError) return <p role="alert" className="text-sm text-red-700">{errorText(settings.error, 'The limits could not be loaded.')}</p>;
  return (
    <div className="grid gap-6">
      {settings.data.items.map((s) => (
        <AmountSetting key={`${s.key}-${s.value}`} setting={s} />
      ))}
    </div>
  );
}

export default function Settings() {
  return (
    <>
      <ScreenIntro description="The platform's terms as investors see them. Limits below can be changed here, and every change is recorded in the activity log; minimums, fees, stated returns and currencies are set in the platform configuration, so a change to them is reviewed and released like code." />
      <Section title="Limits" description="Changes apply to the next investment; nothing already invested is affected.">
        <Card className="p-5">
          <Limits />
        </Card>
      </Section>
      <Section title="Platform">
        <Card>
          <DefinitionList
            items={[
              { term: 'Product name', detail: PRODUCT_NAME },
              {
                term: 'Support email',
                detail: (
                  <a className="text-brand-800 hover:underline" href={`mailto:${SUPPORT_EMAIL}`}>
                    {SUPPORT_EMAIL}
                  </a>
                ),
              },
              { term: 'Prices held in', detail: 'UAE dirham (AED)' },
              { term: 'Display currencies', detail: CURRENCY_CODES.map((c) => `${c} (${CURRENCIES[c].name})`).join(', ') },
            ]}
          />
        </Card>
      </Section>
      <Section title="Investing">
        <Card>
          <DefinitionList
            items={[
              { term: 'Minimum investment', detail: formatMoney(MIN_INVESTMENT_FILS, 'AED', { decimals: 0 }) },
              { term: 'Minimum monthly SIP', detail: formatMoney(MIN_INVESTMENT_FILS, 'AED', { decimals: 0 }) },
              { term: 'Investment modes', detail: 'Automated (monthly SIP) or manual; new accounts start on automated.' },
              { term: 'Stated returns', detail: `${RETURNS.total} a year: rental yield ${RETURNS.rentalYield}, appreciation ${RETURNS.appreciation}. Not guaranteed.` },
            ]}
          />
        </Card>
      </Section>
      <Section title="Fees" description="The fee schedule shown to investors.">
        <Card>
          <DefinitionList
            items={FEES.map((f) => ({
              term: f.name,
              detail: (
                <>
                  <span className="font-semibold">{f.rate}</span>
                  <span className="mt-0.5 block text-slate-500">{f.detail}</span>
                </>
              ),
            }))}
          />
        </Card>
      </Section>
    </>
  );
}
