/**
 * /sip-setup: a real plan. The monthly amount is typed in the display currency and sent as fils of AED;
 * collection day, start month, yearly step-up, and the mode (automated, or manual with a split that adds
 * up to 100%). While the form holds a valid plan it is previewed (debounced); a confirm dialog creates it
 * and the investor lands on the plan's page.
 */
import { useStore } from '@nanostores/react';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, ShieldCheck, UserPlus } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { CurrentUser } from '@modules/auth/contract';
import { isKycVerified } from '@modules/auth/contract';
import { formatAed, formatMoney } from '@modules/platform/money';
import { formatDate, todayInDubai } from '@modules/platform/dates';
import type { PropertyListJson } from '@modules/properties/contract';
import { api, errorText } from '@site/lib/api';
import { $investmentMode, normalizeInvestmentMode } from '@site/lib/stores/session';
import { convertInput, defaultMonthlyInput } from '@site/components/app/sip-plan';
import { btn, card, useCurrency, useMoney } from '@site/components/app/ui';
import { SIP_MODES, sipModeLabels, sipMessages, type SipMode } from '../contract';
import { ConfirmDialog } from './ConfirmDialog';
import { createPlan, fieldErrorsOf, type FieldErrors, OPEN_PROPERTIES_URL, type PlanBody, planPageHref, usePreview, useRefreshSip } from './data';
import { AmountField, DayField, ErrorText, StartMonthField, StepUpField, checkStepUp } from './fields';
import { usePublicSettings } from '@modules/settings/ui/use-public-settings';
import { checkPlanAmount, ordinal } from './format';
import { Illustration } from './Illustration';
import { PreviewPanel } from './PreviewPanel';
import { checkSplit, SplitPicker, type SplitRow } from './SplitPicker';

export const MODE_TEXT: Record<SipMode, string> = {
  automated: 'Manzil spreads each instalment over properties open for funding that match your profile (risk, cities, property types). Nothing to do each month.',
  manual: 'You pick the properties open for funding and how the amount is split between them. If one fills up, the rest goes to the next eligible property.',
};

export function SipSetupForm({ user, today = todayInDubai(), navigate = (url: string) => window.location.assign(url) }: { user: CurrentUser | null; today?: string; navigate?: (url: string) => void }) {
  const currency = useCurrency();
  const money = useMoney();
  const refresh = useRefreshSip();
  const accountMode = useStore($investmentMode);
  const signedIn = !!user;
  const verified = isKycVerified(user?.kycStatus);
  const modeId = useId();

  // The typed amount remembers its currency; when the display currency changes it is re-expressed, keeping its value.
  const [entry, setEntry] = useState(() => ({ text: defaultMonthlyInput(currency), currency, edited: false }));
  const amountText = entry.currency === currency ? entry.text : entry.edited ? convertInput(entry.text, entry.currency, currency) : defaultMonthlyInput(currency);
  const [day, setDay] = useState(1);
  const [startMonth, setStartMonth] = useState('');
  const [stepUp, setStepUp] = useState('');
  const [chosenMode, setChosenMode] = useState<SipMode | null>(null);
  const mode = chosenMode ?? accountMode;
  const [rows, setRows] = useState<SplitRow[]>([]);
  const [touched, setTouched] = useState(false);
  const [submitErrors, setSubmitErrors] = useState<FieldErrors>({});
  const [confirm, setConfirm] = useState<{ open: boolean; busy: boolean; error: string | null }>({ open: false, busy: false, error: null });

  // The account's mode is the default for a new plan (§4: read only when signed in).
  useEffect(() => {
    if (!signedIn) return;
    api
      .get<{ mode?: unknown }>('/api/investment/mode')
      .then((r) => $investmentMode.set(normalizeInvestmentMode(r.mode)))
      .catch(() => {});
  }, [signedIn]);

  const properties = useQuery<PropertyListJson>({ queryKey: [OPEN_PROPERTIES_URL], enabled: mode === 'manual' });

  const settings = usePublicSettings();
  const sipMinimum = settings.data ? BigInt(settings.data.sipMinimum) : null;
  const amount = checkPlanAmount(amountText, currency, sipMinimum);
  const lastGood = useRef(sipMinimum ?? 0n);
  if (amount.ok) lastGood.current = amount.fils;
  const step = checkStepUp(stepUp);
  const split = mode === 'manual' ? checkSplit(rows) : null;
  const body: PlanBody | null =
    amount.ok && step.ok && (!split || split.ok)
      ? {
          amount: Number(amount.fils),
          dayOfMonth: day,
          mode,
          ...(split?.ok ? { allocations: split.allocations } : {}),
          stepUpPercent: step.percent,
          ...(startMonth ? { startMonth } : {}),
          currency,
        }
      : null;
  const preview = usePreview(signedIn ? body : null);
  const previewErrors = preview.isError ? fieldErrorsOf(preview.error) : {};
  const apiErrors: FieldErrors = { ...previewErrors, ...submitErrors };
  const clearSubmit = () => setSubmitErrors({});

  const review = () => {
    setTouched(true);
    if (!body) return;
    setConfirm({ open: true, busy: false, error: null });
  };
  const start = async () => {
    if (!body) return;
    setConfirm((c) => ({ ...c, busy: true, error: null }));
    try {
      const plan = await createPlan(body);
      await refresh();
      navigate(planPageHref(plan.id));
    } catch (err) {
      const errs = fieldErrorsOf(err);
      if (errs.form && Object.keys(errs).length === 1) setConfirm({ open: true, busy: false, error: errs.form });
      else {
        setSubmitErrors(errs);
        setConfirm({ open: false, busy: false, error: null });
      }
    }
  };

  const waiting = !signedIn
    ? 'Sign in to see what this plan would buy today, your wallet and your retail limit.'
    : !amount.ok
      ? 'Enter a monthly amount to see what it would buy.'
      : !step.ok
        ? 'Fix the yearly step-up to see the preview.'
        : split && !split.ok
          ? 'Choose properties and a split that adds up to 100% to see what it would buy.'
          : null;
  const previewError = preview.isError && previewErrors.form ? previewErrors.form : preview.isError && !Object.keys(previewErrors).length ? errorText(preview.error, 'The preview is not available right now.') : null;
  const stepText = step.ok && step.percent > 0 ? `, stepping up ${step.percent}% each year` : '';

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,6fr)_minmax(0,6fr)] [&>*]:min-w-0">
      <form aria-labelledby="sip-form-title" className={`${card} h-fit p-5 sm:p-6`} noValidate onSubmit={(e) => { e.preventDefault(); review(); }}>
        <h2 id="sip-form-title" className="font-display text-xl text-ink">
          Plan your SIP
        </h2>
        <p className="mt-1 text-sm text-slate-500">Collected from your wallet on the day you choose, every month.</p>

        <AmountField
          value={amountText}
          onChange={(text) => {
            setEntry({ text, currency, edited: true });
            clearSubmit();
          }}
          onBlur={() => setTouched(true)}
          currency={currency}
          check={amount}
          touched={touched || entry.edited}
          apiError={apiErrors.amount ?? null}
        />
        <DayField value={day} onChange={(d) => { setDay(d); clearSubmit(); }} today={today} startMonth={startMonth} apiError={apiErrors.dayOfMonth ?? null} />
        <StartMonthField value={startMonth} onChange={(m) => { setStartMonth(m); clearSubmit(); }} today={today} day={day} apiError={apiErrors.startMonth ?? null} />
        <StepUpField value={stepUp} onChange={(v) => { setStepUp(v); clearSubmit(); }} check={step} apiError={apiErrors.stepUpPercent ?? null} />

        <fieldset className="mt-6" aria-describedby={`${modeId}-hint`}>
          <legend className="text-sm font-medium text-ink">How each month is invested</legend>
          <p id={`${modeId}-hint`} className="mt-1 text-xs text-slate-500">
            Starts as your account's investment mode ({sipModeLabels[accountMode]}); this plan keeps the mode you pick here.
          </p>
          <div className="mt-2 grid gap-3">
            {SIP_MODES.map((m) => (
              <label
                key={m}
                className="flex cursor-pointer gap-3 rounded-lg border border-slate-200 p-4 hover:border-slate-300 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50/60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500"
              >
                <input type="radio" name="mode" value={m} checked={mode === m} onChange={() => { setChosenMode(m); clearSubmit(); }} className="mt-1 accent-brand-700" />
                <span>
                  <span className="block text-sm font-semibold text-ink">{sipModeLabels[m]}</span>
                  <span className="mt-1 block text-sm leading-relaxed text-slate-600">{MODE_TEXT[m]}</span>
                </span>
              </label>
            ))}
          </div>
          <ErrorText id={`${modeId}-error`} message={apiErrors.mode ?? null} />
        </fieldset>

        {mode === 'manual' ? (
          <SplitPicker
            properties={properties.data?.items ?? []}
            loading={properties.isPending}
            loadError={properties.isError ? errorText(properties.error, 'We could not load the properties open for funding.') : null}
            rows={rows}
            onChange={(r) => { setRows(r); clearSubmit(); }}
            error={apiErrors.allocations ?? null}
            showError={touched || rows.length > 0}
          />
        ) : null}

        <div className="mt-8 border-t border-slate-100 pt-6">
          <ErrorText id={`${modeId}-form`} message={submitErrors.form ?? null} />
          {!signedIn ? (
            <>
              <a href="/signup" className={`${btn.primary} w-full`}>
                <UserPlus size={16} aria-hidden="true" /> Create an account to start
              </a>
              <p className="mt-3 text-center text-sm text-slate-600">
                Already have one?{' '}
                <a href="/login" className="font-medium text-brand-700 hover:underline">
                  Log in
                </a>
              </p>
            </>
          ) : !verified ? (
            <div className="rounded-lg border border-sand-200 bg-sand-50 p-4 text-sm text-slate-700">
              <p className="font-semibold text-ink">{sipMessages.kycRequired}</p>
              <p className="mt-1">Nothing is saved or charged until then. It takes 5-10 minutes with your passport or Emirates ID.</p>
              <a href="/kyc" className={`${btn.primary} mt-3`}>
                <ShieldCheck size={16} aria-hidden="true" /> Verify my identity
              </a>
            </div>
          ) : (
            <button type="submit" className={`${btn.primary} w-full`}>
              Review and confirm <ArrowRight size={16} aria-hidden="true" />
            </button>
          )}
        </div>
      </form>

      <div className="space-y-6">
        <PreviewPanel preview={preview.data} loading={preview.isFetching} error={previewError} waiting={waiting} />
        <Illustration monthlyFils={lastGood.current} />
      </div>

      <ConfirmDialog
        open={confirm.open}
        title="Start this plan?"
        confirmLabel="Start my plan"
        busyLabel="Starting…"
        busy={confirm.busy}
        error={confirm.error}
        onConfirm={() => void start()}
        onClose={() => setConfirm({ open: false, busy: false, error: null })}
      >
        {body ? (
          <>
            <p>
              {/* The amount as the investor typed it (a round trip through AED could shift the last digit). */}
              <strong className="text-ink">{amount.ok ? formatMoney(amount.minor, currency) : money(BigInt(body.amount))}</strong>
              {currency === 'AED' ? '' : ` (${formatAed(BigInt(body.amount))})`} on the {ordinal(day)} of each month{stepText}, {sipModeLabels[mode].toLowerCase()}.
            </p>
            {split?.ok ? (
              <ul className="list-disc pl-5">
                {rows.map((r, i) => (
                  <li key={r.propertyId}>
                    {r.title}: {split.allocations[i].percent}%
                  </li>
                ))}
              </ul>
            ) : null}
            <p>
              {preview.data?.firstCollectionDate ? `The first collection is on ${formatDate(preview.data.firstCollectionDate)}. ` : ''}Each collection is taken from your wallet; you can
              edit, pause, skip a month or cancel at any time, from the next collection.
            </p>
          </>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
