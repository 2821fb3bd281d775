import { CURRENCIES, CURRENCY_CODES, PRODUCT_NAME, RETURNS, SUPPORT_EMAIL, formatMoney } from '@modules/platform/contract';
import { rateText } from '@modules/platform/money';
import { todayInDubai } from '@modules/platform/dates';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { SETTING_GROUPS, type SettingGroup, type SettingJson } from '@modules/settings/contract';
import { feeScheduleOf } from '@modules/settings/contract';
import { PUBLIC_SETTINGS_URL, usePublicSettings } from '@modules/settings/ui/use-public-settings';
import { api, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { formatDate } from '../format';
import { Button, Card, DefinitionList, ScreenIntro, Section } from '../ui';

const SETTINGS_URL = '/api/admin/settings';

const isPercent = (s: SettingJson) => s.unit === 'bps';
const isRate = (s: SettingJson) => s.unit === 'rate';
/** How a stored value reads: AED for amounts in fils, a percentage for basis points, a decimal for a currency rate (× 10,000). */
const shown = (s: SettingJson, raw: string) =>
  isRate(s) ? rateText(BigInt(raw)) : isPercent(s) ? `${(Number(raw) / 100).toString()}%` : formatMoney(BigInt(raw), 'AED', { decimals: 0 });
/** The value as the input shows it: percent or AED with two decimals, a rate with four. */
const editable = (s: SettingJson, raw: string) => (isRate(s) ? rateText(BigInt(raw)) : (Number(raw) / 100).toString());

/** One editable setting: an amount (shown in AED, stored in fils) or a percentage (stored in basis points), from today or a later date, with a reason; every change audited on the server. */
function AmountSetting({ setting }: { setting: SettingJson }) {
  const id = useId();
  const client = useQueryClient();
  const percent = isPercent(setting);
  const today = todayInDubai();
  const rate = isRate(setting);
  const [value, setValue] = useState(() => editable(setting, setting.value));
  const [from, setFrom] = useState(today);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: { value: string; effectiveFrom: string; reason: string }) => api.put<SettingJson>(`${SETTINGS_URL}/${setting.key}`, body),
    onSuccess: (saved, body) => {
      setError(null);
      setReason('');
      void client.invalidateQueries({ queryKey: [SETTINGS_URL] });
      void client.invalidateQueries({ queryKey: [PUBLIC_SETTINGS_URL] });
      const when = body.effectiveFrom === today ? 'now' : `from ${formatDate(body.effectiveFrom)}`;
      toast({ title: 'Setting saved', description: `${saved.label} is ${shown(saved, body.value)} ${when}.`, variant: 'success' });
    },
    onError: (e) => setError(errorText(e, 'The setting could not be saved.')),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const clean = value.replace(/[,\s%]/g, '');
    const places = rate ? 4 : 2;
    if (!new RegExp(`^\\d+(\\.\\d{1,${places}})?$`).test(clean)) {
      setError(rate ? 'Enter a rate with at most four decimals, for example 3.67 or 83.5.' : percent ? 'Enter a percentage, for example 2 or 2.5.' : 'Enter an amount in AED, for example 180000 or 180000.50.');
      return;
    }
    if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || from < today) {
      setError('Choose today or a later date: what was charged before stays as it was.');
      return;
    }
    const [whole, frac = ''] = clean.split('.');
    const scale = rate ? 10_000n : 100n;
    save.mutate({ value: `${BigInt(whole!) * scale + BigInt((frac + '0000').slice(0, places))}`, effectiveFrom: from, reason: reason.trim() });
  };
  return (
    <form onSubmit={submit} className="grid gap-3 border-t border-slate-100 pt-5 first:border-0 first:pt-0" noValidate aria-labelledby={`${id}-label`}>
      <div>
        <label id={`${id}-label`} htmlFor={id} className="block text-sm font-semibold text-ink">
          {setting.label}
        </label>
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-slate-500">
          {setting.description} Default {shown(setting, setting.default)}.
          {setting.effectiveFrom ? ` ${shown(setting, setting.value)} since ${formatDate(setting.effectiveFrom)}${setting.updatedBy ? `, set by ${setting.updatedBy}` : ''}.` : ''}
        </p>
        {setting.scheduled.length ? (
          <ul className="mt-1 text-sm text-amber-800" aria-label={`Scheduled changes to ${setting.label.toLowerCase()}`}>
            {setting.scheduled.map((c) => (
              <li key={`${c.effectiveFrom}-${c.value}`}>
                Becomes {shown(setting, c.value)} on {formatDate(c.effectiveFrom)}
                {c.reason ? ` (${c.reason})` : ''}.
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,12rem)_minmax(0,11rem)_1fr_auto] sm:items-end">
        <div>
          <span className="block text-xs font-medium text-slate-600">{rate ? 'For 1 USD' : percent ? 'Rate' : 'Amount'}</span>
          <div className="mt-1 flex items-center rounded-lg border border-slate-300 bg-white focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-100">
            {percent || rate ? null : <span className="pl-3 text-sm text-slate-500">AED</span>}
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
        </div>
        <label className="block text-xs font-medium text-slate-600">
          Takes effect
          <input type="date" min={today} className="mt-1 w-full rounded-lg border border-slate-300 px-2 py-2 text-sm" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label className="block text-xs font-medium text-slate-600">
          Reason (kept in the activity log)
          <input className="mt-1 w-full rounded-lg border border-slate-300 px-2 py-2 text-sm" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} placeholder="Board decision of 20 November" />
        </label>
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : from > today ? 'Schedule' : 'Save'}
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}

const GROUP_NOTES: Record<SettingGroup, string> = {
  fees: 'What investors are charged. A change applies from its date: quotes, deposits and fee runs read the rate in force on the day.',
  limits: 'Minimums and caps checked on every investment from the date they take effect.',
  exchange: 'How the exchange takes orders. A market given its own band on /admin/exchange keeps it.',
  approvals: 'When a second administrator must approve before money moves or a purchase is ordered.',
  rates: 'The reference rates investors’ amounts are converted at for display (1 USD in each currency). The spec’s rates are the defaults; the date a rate took effect is shown beside converted amounts.',
};

function SettingGroups() {
  const settings = useQuery<{ items: SettingJson[] }>({ queryKey: [SETTINGS_URL] });
  if (settings.isPending) return <p role="status" className="text-sm text-slate-500">Loading the settings…</p>;
  if (settings.isError) return <p role="alert" className="text-sm text-red-700">{errorText(settings.error, 'The settings could not be loaded.')}</p>;
  return (
    <>
      {(Object.keys(SETTING_GROUPS) as SettingGroup[]).map((group) => (
        <Section key={group} title={SETTING_GROUPS[group]} description={GROUP_NOTES[group]}>
          <Card className="grid gap-5 p-5">
            {settings.data.items
              .filter((s) => s.group === group)
              .map((s) => (
                <AmountSetting key={`${s.key}-${s.value}-${s.scheduled.length}`} setting={s} />
              ))}
          </Card>
        </Section>
      ))}
    </>
  );
}

export default function Settings() {
  const publicSettings = usePublicSettings();
  return (
    <>
      <ScreenIntro description="The platform's terms as investors see them. Fees, minimums, limits and approval thresholds are changed here, from today or a later date, and every change is recorded with its reason in the activity log; stated returns and currencies are set in the platform configuration." />
      <SettingGroups />
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
              { term: 'Investment modes', detail: 'Automated (monthly SIP) or manual; new accounts start on automated.' },
              { term: 'Stated returns', detail: `${RETURNS.total} a year: rental yield ${RETURNS.rentalYield}, appreciation ${RETURNS.appreciation}. Not guaranteed.` },
            ]}
          />
        </Card>
      </Section>
      <Section title="Fee schedule" description="How the fee schedule reads on the public pages today, with the rates in force.">
        <Card>
          <DefinitionList
            items={(publicSettings.data ? feeScheduleOf(publicSettings.data) : []).map((f) => ({
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
