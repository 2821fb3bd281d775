/**
 * The plan's fields, shared by the setup form and the edit dialog: each labelled, with its hint and
 * its error (the form's own check, or what the API said about it) announced with the field.
 */
import { CalendarDays } from 'lucide-react';
import { useId } from 'react';
import { dayInMonth, formatDate, monthStart } from '@modules/platform/dates';
import { type CurrencyCode, formatAed, formatMoney, convertMinor } from '@modules/platform/money';
import { inputClass } from '@site/components/app/wallet/shared';
import { ratesNote } from '@modules/settings/contract';
import { usePublicSettings } from '@modules/settings/ui/use-public-settings';
import { nextCollectionDates, SIP_MAX_DAY, SIP_MAX_STEP_UP_PERCENT, sipMessages } from '../contract';
import { type AmountCheck, ordinal, startMonths } from './format';

export function ErrorText({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-2 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

const describedBy = (...ids: (string | false | null | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

export function AmountField({
  value,
  onChange,
  onBlur,
  currency,
  check,
  touched,
  apiError,
  label = 'Monthly amount',
}: {
  value: string;
  onChange: (v: string) => void;
  onBlur?: () => void;
  currency: CurrencyCode;
  check: AmountCheck;
  touched: boolean;
  apiError: string | null;
  label?: string;
}) {
  const id = useId();
  const error = apiError ?? (touched && !check.ok ? check.error : null);
  // The minimum in force, from the server's settings (no copy here).
  const settings = usePublicSettings();
  const minFils = settings.data ? BigInt(settings.data.sipMinimum) : null;
  const min = minFils === null ? null : convertMinor(minFils, 'AED', currency);
  return (
    <div className="mt-6">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <div className={`mt-2 flex overflow-hidden rounded-md border bg-white focus-within:ring-2 focus-within:ring-brand-500 ${error ? 'border-red-500' : 'border-slate-300'}`}>
        <span className="grid place-items-center border-r border-slate-200 bg-slate-50 px-3 text-sm font-medium text-slate-600" aria-hidden="true">
          {currency}
        </span>
        <input
          id={id}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error && `${id}-error`, `${id}-hint`)}
          className="w-full min-w-0 px-3 py-2.5 text-base tabular-nums text-ink outline-none"
        />
      </div>
      <ErrorText id={`${id}-error`} message={error} />
      <p id={`${id}-hint`} className="mt-2 text-xs leading-relaxed text-slate-500">
        {check.ok && currency !== 'AED' ? (
          <>
            That is <strong className="font-medium text-slate-700">{formatAed(check.fils)}</strong> a month. Plans are kept in AED; your {currency} figure is
            converted at today's rate ({ratesNote(settings.data?.ratesAsOf).replace(/^R/, 'r')}).{' '}
          </>
        ) : null}
        {min !== null && minFils !== null ? (
          <>
            In {currency}, from {formatMoney(min, currency)} a month{currency === 'AED' ? '' : ` (${formatAed(minFils, { decimals: 'auto' })})`}.
          </>
        ) : null}
      </p>
    </div>
  );
}

export function DayField({
  value,
  onChange,
  today,
  startMonth,
  apiError,
  firstLabel = 'First collection',
}: {
  value: number;
  onChange: (d: number) => void;
  today: string;
  startMonth: string;
  apiError: string | null;
  firstLabel?: string;
}) {
  const id = useId();
  const [first] = nextCollectionDates({ dayOfMonth: value, startMonth: startMonth ? `${startMonth}-01` : monthStart(today) }, today, 1);
  return (
    <div className="mt-6">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        Collection day
      </label>
      <select
        id={id}
        name="dayOfMonth"
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        aria-invalid={apiError ? true : undefined}
        aria-describedby={describedBy(apiError && `${id}-error`, `${id}-hint`)}
        className="mt-2 w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base text-ink"
      >
        {Array.from({ length: SIP_MAX_DAY }, (_, i) => i + 1).map((d) => (
          <option key={d} value={d}>
            {ordinal(d)} of each month
          </option>
        ))}
      </select>
      <ErrorText id={`${id}-error`} message={apiError} />
      <p id={`${id}-hint`} className="mt-2 flex gap-2 text-xs leading-relaxed text-slate-500">
        <CalendarDays size={14} className="mt-0.5 shrink-0" aria-hidden="true" />
        <span>
          Days 1-{SIP_MAX_DAY}, so every month has the day. {firstLabel}: <strong className="font-medium text-slate-700">{formatDate(first)}</strong>.
        </span>
      </p>
    </div>
  );
}

export function StartMonthField({ value, onChange, today, day, apiError }: { value: string; onChange: (m: string) => void; today: string; day: number; apiError: string | null }) {
  const id = useId();
  const months = startMonths(today);
  // This month is offered only while its collection day is still ahead.
  const options = months.filter((m, i) => i > 0 || dayInMonth(`${m.value}-01`, day) >= today);
  return (
    <div className="mt-6">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        Start month
      </label>
      <select
        id={id}
        name="startMonth"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={apiError ? true : undefined}
        aria-describedby={describedBy(apiError && `${id}-error`)}
        className="mt-2 w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base text-ink"
      >
        <option value="">As soon as possible</option>
        {options.map((m) => (
          <option key={m.value} value={m.value}>
            {m.label}
          </option>
        ))}
      </select>
      <ErrorText id={`${id}-error`} message={apiError} />
    </div>
  );
}

export type StepUpCheck = { ok: true; percent: number } | { ok: false; error: string };

/** Blank is no step-up; otherwise a whole percent from 0 to 50. */
export function checkStepUp(text: string): StepUpCheck {
  const t = text.trim().replace(/%$/, '');
  if (t === '') return { ok: true, percent: 0 };
  if (!/^\d{1,2}$/.test(t) || Number(t) > SIP_MAX_STEP_UP_PERCENT) return { ok: false, error: sipMessages.stepUp };
  return { ok: true, percent: Number(t) };
}

export function StepUpField({ value, onChange, check, apiError }: { value: string; onChange: (v: string) => void; check: StepUpCheck; apiError: string | null }) {
  const id = useId();
  const error = apiError ?? (check.ok ? null : check.error);
  return (
    <div className="mt-6">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        Yearly step-up <span className="font-normal text-slate-500">(optional)</span>
      </label>
      <div className="mt-2 flex max-w-[10rem] items-center gap-2">
        <input
          id={id}
          name="stepUpPercent"
          inputMode="numeric"
          autoComplete="off"
          placeholder="0"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error && `${id}-error`, `${id}-hint`)}
          className={`${inputClass} text-right`}
        />
        <span aria-hidden="true" className="text-sm text-slate-500">
          %
        </span>
      </div>
      <ErrorText id={`${id}-error`} message={error} />
      <p id={`${id}-hint`} className="mt-2 text-xs leading-relaxed text-slate-500">
        Raises the monthly amount once a year, on the plan's anniversary (for example +10% each year). Whole percent, up to {SIP_MAX_STEP_UP_PERCENT}%.
      </p>
    </div>
  );
}
