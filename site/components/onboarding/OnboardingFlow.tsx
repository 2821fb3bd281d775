import { useStore } from '@nanostores/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type MouseEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { type CurrentUser, isKycVerified } from '@modules/auth/contract';
import {
  ASSETS,
  EXPERIENCE_LEVELS,
  GOALS,
  HORIZONS,
  labelOf,
  ONBOARDING_STEP_SLUGS,
  ONBOARDING_STEPS,
  type OnboardingAnswers,
  type OnboardingJson,
  type OnboardingStep,
  RISK_QUESTIONS,
  type RiskProfile,
  riskProfile,
  stepErrors,
} from '@modules/onboarding/contract';
import {
  convertMinor,
  CURRENCIES,
  CURRENCY_CODES,
  type CurrencyCode,
  EARLY_EXIT_YEARS,
  FEES,
  formatMoney,
  MIN_INVESTMENT_FILS,
  RETURNS,
} from '@modules/platform/contract';
import { ApiError, api, errorText } from '@site/lib/api';
import { useCurrentUser } from '@site/lib/stores/auth';
import { $currency, setCurrency } from '@site/lib/stores/currency';
import { setInvestmentMode } from '@site/lib/stores/session';
import { toast } from '@site/lib/stores/toast';
import { SignedOutCard } from '../auth/SignedOutCard';
import { ChoiceGroup, focusFirstError, primaryButtonClass, secondaryButtonClass } from '../kyc/fields';
import { type SaveState, SaveStatus } from '../kyc/SaveStatus';
import { isPlainClick, usePathStep } from '../kyc/use-path-step';
import { AppProviders } from '../react/AppProviders';
import { WithErrorFallback } from '../react/ErrorFallback';
import { LoadingContent } from '../react/LoadingContent';
import { landingView, ONBOARDING_KEY, ONBOARDING_PAGES, type OnboardingRoute, onboardingPath, onboardingViewFromPath, previousView } from './onboarding';

/** How long after the last change answers are saved to the account. */
export const AUTOSAVE_MS = 600;

const FIELD_ORDER: Record<OnboardingStep, string[]> = {
  goals: ['goals', 'horizon'],
  experience: ['level', 'assets'],
  risk: ['drop', 'share', 'access'],
  preferences: ['currency', 'mode'],
};

const earlyExit = FEES.find((f) => f.key === 'early-exit')!;

const titleOf = (view: OnboardingRoute) => {
  if (view === 'overview') return 'Get started';
  return `${ONBOARDING_PAGES.find((p) => p.slug === view)!.title} · Get started`;
};

export default function OnboardingFlow({ view }: { view: OnboardingRoute }) {
  return (
    <AppProviders>
      <WithErrorFallback component="Onboarding">
        <Gate initial={view} />
      </WithErrorFallback>
    </AppProviders>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">{children}</div>;
}

function LoadError({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-red-50/60 p-6">
      <h2 className="font-semibold text-ink">{title}</h2>
      <p className="mt-1 text-sm text-slate-600">Your connection may have dropped. Your saved answers are safe.</p>
      <button type="button" onClick={onRetry} className={`mt-4 ${secondaryButtonClass}`}>
        Try again
      </button>
    </div>
  );
}

function Gate({ initial }: { initial: OnboardingRoute }) {
  const me = useCurrentUser();
  const user = me.data;
  const progress = useQuery({ queryKey: ONBOARDING_KEY, queryFn: () => api.get<OnboardingJson>('/api/onboarding'), enabled: Boolean(user) });

  if (me.isPending || (user && progress.isPending)) {
    return (
      <Frame>
        <LoadingContent />
      </Frame>
    );
  }
  if (me.isError) {
    return (
      <Frame>
        <LoadError title="We couldn’t check your account" onRetry={() => void me.refetch()} />
      </Frame>
    );
  }
  if (!user) {
    return (
      <Frame>
        <SignedOutCard title="Log in to get started">
          Your answers are saved to your account, so you can stop at any point and pick up where you left off. Log in, or create an account in
          about a minute.
        </SignedOutCard>
      </Frame>
    );
  }
  if (progress.isError || !progress.data) {
    return (
      <Frame>
        <LoadError title="We couldn’t load your answers" onRetry={() => void progress.refetch()} />
      </Frame>
    );
  }
  return <Flow key={user.id} user={user} initial={initial} saved={progress.data} />;
}

function Flow({ user, initial, saved }: { user: CurrentUser; initial: OnboardingRoute; saved: OnboardingJson }) {
  const queryClient = useQueryClient();
  const landing = landingView(initial, saved);
  const resumed = landing !== initial && initial === 'overview';
  const [view, setView] = usePathStep<OnboardingRoute>(landing, onboardingViewFromPath, titleOf);
  const [server, setServer] = useState(saved);
  const [answers, setAnswers] = useState<OnboardingAnswers>(saved.answers);
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [save, setSave] = useState<SaveState>({ state: saved.updatedAt ? 'saved' : 'idle', at: saved.updatedAt ? Date.parse(saved.updatedAt) : undefined });
  const [welcomeBack, setWelcomeBack] = useState(resumed);

  // The address bar shows where the investor really is (a resumed visit to /onboarding lands on its step).
  useEffect(() => {
    if (landing !== initial) window.history.replaceState({ step: landing }, '', onboardingPath(landing));
  }, []);

  const accept = useCallback(
    (next: OnboardingJson) => {
      setServer(next);
      queryClient.setQueryData(ONBOARDING_KEY, next);
    },
    [queryClient],
  );

  // ── Save as you go: answers and the current step, a moment after the last change ──
  const latest = useRef({ answers, view });
  latest.current = { answers, view };
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const dirty = useRef(false);
  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (!dirty.current) return;
    dirty.current = false;
    const { answers: a, view: v } = latest.current;
    setSave({ state: 'saving' });
    try {
      const next = await api.put<OnboardingJson>('/api/onboarding', { answers: a, ...(v === 'overview' ? {} : { currentStep: v }) });
      accept(next);
      setSave({ state: 'saved', at: Date.now() });
    } catch (err) {
      dirty.current = true;
      setSave({ state: 'error', message: `Not saved: ${errorText(err, 'check your connection')}` });
    }
  }, [accept]);
  const schedule = useCallback(() => {
    dirty.current = true;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), AUTOSAVE_MS);
  }, [flush]);
  useEffect(() => () => void flush(), [flush]);
  useEffect(() => {
    const onHide = () => void flush();
    window.addEventListener('pagehide', onHide);
    return () => window.removeEventListener('pagehide', onHide);
  }, [flush]);

  const go = useCallback(
    (v: OnboardingRoute) => {
      setAttempted(false);
      setServerErrors({});
      setWelcomeBack(false);
      setView(v, onboardingPath(v));
      if (v !== 'overview') schedule();
    },
    [setView, schedule],
  );

  const setStepAnswers = <K extends OnboardingStep>(key: K, patch: Partial<OnboardingAnswers[K]>) => {
    setAnswers((a) => ({ ...a, [key]: { ...a[key], ...patch } }));
    setServerErrors((e) => {
      const rest = { ...e };
      for (const k of Object.keys(patch)) delete rest[k];
      return rest;
    });
    schedule();
  };

  const restart = async () => {
    if (timer.current) clearTimeout(timer.current);
    dirty.current = false;
    try {
      const fresh = await api.delete<OnboardingJson>('/api/onboarding');
      accept(fresh);
      setAnswers(fresh.answers);
      setSave({ state: 'idle' });
      go('goals');
    } catch (err) {
      toast({ title: 'Error', description: errorText(err, 'Your answers could not be cleared. Please try again.'), variant: 'destructive' });
    }
  };

  if (view === 'overview') return <Intro onStart={() => go('goals')} />;
  if (view === 'summary') return <Summary user={user} state={server} answers={answers} go={go} onRestart={restart} />;

  const slug = view;
  const index = ONBOARDING_STEP_SLUGS.indexOf(slug);
  const errors = { ...(attempted ? stepErrors(slug, answers) : {}), ...serverErrors };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = stepErrors(slug, answers);
    setAttempted(true);
    if (Object.keys(found).length) return focusFirstError(found, FIELD_ORDER[slug]);
    if (timer.current) clearTimeout(timer.current);
    dirty.current = false;
    setBusy(true);
    setSave({ state: 'saving' });
    try {
      const next = await api.put<OnboardingJson>(`/api/onboarding/${slug}`, answers[slug]);
      accept(next);
      setSave({ state: 'saved', at: Date.now() });
      if (slug === 'preferences') {
        const { currency, mode } = answers.preferences;
        if (currency) setCurrency(currency);
        await setInvestmentMode(mode);
      }
      setAttempted(false);
      setServerErrors({});
      setWelcomeBack(false);
      setView(next.currentStep, onboardingPath(next.currentStep));
    } catch (err) {
      const fields = err instanceof ApiError ? ((err.body as { fields?: Record<string, string> } | undefined)?.fields ?? {}) : {};
      if (Object.keys(fields).length) {
        setServerErrors(fields);
        focusFirstError(fields, FIELD_ORDER[slug]);
        setSave({ state: 'idle' });
      } else {
        dirty.current = true;
        setSave({ state: 'error', message: `Not saved: ${errorText(err, 'check your connection')}` });
      }
    } finally {
      setBusy(false);
    }
  };
  const back = previousView(slug);

  return (
    <Frame>
      <Progress index={index} />
      {welcomeBack && (
        <p role="status" className="mt-6 rounded-lg border border-brand-200 bg-brand-50/60 px-4 py-3 text-sm text-brand-900" data-testid="onboarding-resumed">
          Welcome back, {user.firstName}. We saved your answers, so you’re picking up at step {index + 1}.
        </p>
      )}
      <form noValidate onSubmit={onSubmit} className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8" aria-labelledby="onboarding-heading">
        <h1
          id="onboarding-heading"
          data-step-heading
          tabIndex={-1}
          className="text-2xl font-semibold text-ink focus:outline-none sm:text-3xl"
          style={{ fontFamily: 'var(--font-display)' }}
        >
          {ONBOARDING_STEPS[index].title}
        </h1>
        <div className="mt-6 space-y-8">
          {slug === 'goals' && <GoalsStep answers={answers} set={(p) => setStepAnswers('goals', p)} errors={errors} />}
          {slug === 'experience' && <ExperienceStep answers={answers} set={(p) => setStepAnswers('experience', p)} errors={errors} />}
          {slug === 'risk' && <RiskStep answers={answers} set={(p) => setStepAnswers('risk', p)} errors={errors} />}
          {slug === 'preferences' && <PreferencesStep answers={answers} set={(p) => setStepAnswers('preferences', p)} errors={errors} />}
        </div>
        <div className="mt-10 flex flex-col-reverse gap-3 border-t border-slate-100 pt-6 sm:flex-row sm:items-center sm:justify-between">
          <a href={onboardingPath(back)} onClick={navLink(go, back)} className={secondaryButtonClass}>
            Back
          </a>
          <SaveStatus status={save} onRetry={() => void flush()} idleText="Answers save to your account as you go" />
          <button type="submit" className={primaryButtonClass} disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Saving…' : slug === 'preferences' ? 'Finish' : 'Next'}
          </button>
        </div>
      </form>
    </Frame>
  );
}

function navLink(go: (v: OnboardingRoute) => void, v: OnboardingRoute) {
  return (e: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(e)) return;
    e.preventDefault();
    go(v);
  };
}

function Progress({ index }: { index: number }) {
  const total = ONBOARDING_STEPS.length;
  const label = `Step ${index + 1} of ${total}: ${ONBOARDING_STEPS[index].label}`;
  return (
    <div>
      <div className="flex items-baseline justify-between text-sm">
        <p className="font-medium text-sand-700">Getting started</p>
        <p className="text-slate-600">
          Step {index + 1} of {total}
        </p>
      </div>
      <div
        role="progressbar"
        aria-label="Onboarding progress"
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={index + 1}
        aria-valuetext={label}
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div className="h-full rounded-full bg-gradient-to-r from-brand-600 to-sand-400 transition-[width] duration-500" style={{ width: `${((index + 1) / total) * 100}%` }} />
      </div>
      <ol className="mt-3 hidden grid-cols-4 text-xs text-slate-500 sm:grid" aria-hidden="true">
        {ONBOARDING_STEPS.map((s, i) => (
          <li key={s.slug} className={i === index ? 'font-semibold text-ink' : i < index ? 'text-brand-700' : ''}>
            {s.label}
          </li>
        ))}
      </ol>
    </div>
  );
}

type StepProps<K extends OnboardingStep> = {
  answers: OnboardingAnswers;
  set: (patch: Partial<OnboardingAnswers[K]>) => void;
  errors: Record<string, string | undefined>;
};

function useMinimumLabel() {
  const currency = useStore($currency);
  return formatMoney(convertMinor(MIN_INVESTMENT_FILS, 'AED', currency), currency);
}

function GoalsStep({ answers, set, errors }: StepProps<'goals'>) {
  const minimum = useMinimumLabel();
  const goals = GOALS.map((g) => (g.value === 'learn' ? { ...g, description: `Start from ${minimum} and see how it works before going further.` } : g));
  return (
    <>
      <ChoiceGroup
        id="goals"
        legend="Choose all that apply"
        multiple
        value={answers.goals.goals}
        onValueChange={(v) => set({ goals: v as string[] })}
        choices={goals}
        error={errors.goals}
      />
      <div>
        <ChoiceGroup
          id="horizon"
          legend="How long do you plan to stay invested?"
          value={answers.goals.horizon}
          onValueChange={(v) => set({ horizon: String(v) })}
          choices={HORIZONS}
          error={errors.horizon}
        />
        {answers.goals.horizon === 'under_3' && (
          <p className="mt-3 rounded-lg border border-sand-200 bg-sand-50 p-3.5 text-sm text-slate-700" role="note">
            Shares sold within {EARLY_EXIT_YEARS} years carry a {earlyExit.rate} early exit fee, and finding a buyer can take time. Property usually
            suits money you can leave invested for 5 years or more.
          </p>
        )}
      </div>
    </>
  );
}

function ExperienceStep({ answers, set, errors }: StepProps<'experience'>) {
  return (
    <>
      <ChoiceGroup
        id="level"
        legend="Which describes you best?"
        value={answers.experience.level}
        onValueChange={(v) => set({ level: String(v) })}
        choices={EXPERIENCE_LEVELS}
        error={errors.level}
      />
      <ChoiceGroup
        id="assets"
        legend="What have you invested in before?"
        hint="Optional. Choose any that apply."
        multiple
        columns={3}
        value={answers.experience.assets}
        onValueChange={(v) => set({ assets: v as string[] })}
        choices={ASSETS}
        error={errors.assets}
      />
    </>
  );
}

function RiskStep({ answers, set, errors }: StepProps<'risk'>) {
  return (
    <>
      <p className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm leading-relaxed text-slate-700">
        Property values can fall as well as rise. The {RETURNS.total} a year we quote (rental yield {RETURNS.rentalYield}, appreciation{' '}
        {RETURNS.appreciation}) is a target, not a promise, and shares can take time to sell. There are no right answers here; be honest with
        yourself.
      </p>
      {RISK_QUESTIONS.map((q) => (
        <ChoiceGroup
          key={q.key}
          id={q.key}
          legend={q.legend}
          columns={1}
          value={answers.risk[q.key]}
          onValueChange={(v) => set({ [q.key]: String(v) })}
          choices={q.choices}
          error={errors[q.key]}
        />
      ))}
    </>
  );
}

function PreferencesStep({ answers, set, errors }: StepProps<'preferences'>) {
  const current = useStore($currency);
  const minimum = useMinimumLabel();
  const chosen = answers.preferences.currency;

  // Start from the currency the site already shows (saved preference or the visitor's country).
  useEffect(() => {
    if (!chosen) set({ currency: current });
  }, []);

  const pick = (code: CurrencyCode) => {
    setCurrency(code);
    set({ currency: code });
  };

  return (
    <>
      <ChoiceGroup
        id="currency"
        legend="Show prices in"
        hint="Properties are priced in AED; we convert for display. You can change this at any time from the top of the page."
        columns={3}
        value={chosen || current}
        onValueChange={(v) => pick(v as CurrencyCode)}
        choices={CURRENCY_CODES.map((c) => ({ value: c, label: CURRENCIES[c].symbol === c ? c : `${c} · ${CURRENCIES[c].symbol}`, description: CURRENCIES[c].name }))}
        error={errors.currency}
      />
      <ChoiceGroup
        id="mode"
        legend="How would you like to invest?"
        hint="You can switch at any time."
        value={answers.preferences.mode}
        onValueChange={(v) => set({ mode: v === 'manual' ? 'manual' : 'automated' })}
        error={errors.mode}
        choices={[
          {
            value: 'automated',
            label: 'Automated',
            description: `Invest a set amount every month through a systematic investment plan (SIP), from ${minimum} a month.`,
          },
          { value: 'manual', label: 'Manual', description: `Choose each property and amount yourself, from ${minimum}.` },
        ]}
      />
    </>
  );
}

function Intro({ onStart }: { onStart: () => void }) {
  const minimum = useMinimumLabel();
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <p className="text-sm font-semibold uppercase tracking-widest text-sand-600">Getting started</p>
      <h1 data-step-heading tabIndex={-1} className="mt-3 text-4xl font-semibold tracking-tight text-ink focus:outline-none sm:text-5xl" style={{ fontFamily: 'var(--font-display)' }}>
        Shape Manzil around you
      </h1>
      <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-600">
        Four short steps, about 2 minutes. Your answers help us show you the right properties and plans, from {minimum}. Then you’ll verify your
        identity so you can invest.
      </p>
      <ol className="mt-8 grid gap-3 sm:grid-cols-2" aria-label="Onboarding steps">
        {ONBOARDING_STEPS.map((s, i) => (
          <li key={s.slug} className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4">
            <span aria-hidden="true" className="grid h-8 w-8 shrink-0 place-items-center rounded-full border-2 border-slate-300 text-sm font-semibold text-slate-500">
              {i + 1}
            </span>
            <span className="text-sm">
              <span className="block font-medium text-ink">{s.label}</span>
              <span className="text-slate-600">{s.title}</span>
            </span>
          </li>
        ))}
      </ol>
      <div className="mt-8">
        <a href={onboardingPath('goals')} onClick={navLink(() => onStart(), 'goals')} className={primaryButtonClass}>
          Start
        </a>
      </div>
      <p className="mt-6 text-sm text-slate-500">Your answers are saved to your account as you go, so you can leave and come back.</p>
    </div>
  );
}

const RISK_SHORT_LABELS: Record<(typeof RISK_QUESTIONS)[number]['key'], string> = {
  drop: 'If a property fell 15%',
  share: 'Share of savings',
  access: 'Money left invested',
};

const profileTone: Record<RiskProfile['key'], string> = {
  cautious: 'border-sky-200 bg-sky-50/70',
  balanced: 'border-brand-200 bg-brand-50/60',
  growth: 'border-sand-300 bg-sand-50',
};

function RiskProfileCard({ profile }: { profile: RiskProfile }) {
  return (
    <section aria-labelledby="risk-profile-heading" className={`mt-8 rounded-2xl border p-5 sm:p-6 ${profileTone[profile.key]}`} data-testid="risk-profile">
      <p className="text-sm font-semibold uppercase tracking-wider text-slate-600" id="risk-profile-heading">
        Your risk profile
      </p>
      <p className="mt-2 text-2xl font-semibold text-ink" style={{ fontFamily: 'var(--font-display)' }}>
        {profile.label}
      </p>
      <div className="mt-3 flex items-center gap-3">
        <div
          className="h-2 flex-1 overflow-hidden rounded-full bg-white/80 ring-1 ring-slate-200"
          role="meter"
          aria-label="Risk score"
          aria-valuemin={0}
          aria-valuemax={profile.maxScore}
          aria-valuenow={profile.score}
          aria-valuetext={`${profile.score} out of ${profile.maxScore}`}
        >
          <div className="h-full rounded-full bg-gradient-to-r from-sky-400 via-brand-500 to-sand-500" style={{ width: `${(profile.score / profile.maxScore) * 100}%` }} />
        </div>
        <span className="text-sm text-slate-600">
          {profile.score} / {profile.maxScore}
        </span>
      </div>
      <p className="mt-3 text-[15px] leading-relaxed text-slate-700">{profile.description}</p>
      <p className="mt-2 text-xs text-slate-500">From your time horizon, experience and answers to the risk questions. It guides what we show you; it isn’t advice.</p>
    </section>
  );
}

function Summary({
  user,
  state,
  answers,
  go,
  onRestart,
}: {
  user: CurrentUser;
  state: OnboardingJson;
  answers: OnboardingAnswers;
  go: (v: OnboardingRoute) => void;
  onRestart: () => void;
}) {
  const verified = isKycVerified(user.kycStatus);
  const a = answers;
  const profile = state.riskProfile ?? riskProfile(a);
  const rows: { slug: OnboardingStep; label: string; value: string }[] = [
    { slug: 'goals', label: 'Goals', value: a.goals.goals.map((g) => labelOf(GOALS, g)).join(', ') },
    { slug: 'goals', label: 'Time horizon', value: labelOf(HORIZONS, a.goals.horizon) },
    { slug: 'experience', label: 'Experience', value: labelOf(EXPERIENCE_LEVELS, a.experience.level) },
    ...RISK_QUESTIONS.map((q) => ({ slug: 'risk' as const, label: RISK_SHORT_LABELS[q.key], value: labelOf(q.choices, a.risk[q.key]) })),
    { slug: 'preferences', label: 'Currency', value: a.preferences.currency ? `${a.preferences.currency} · ${CURRENCIES[a.preferences.currency].name}` : '' },
    { slug: 'preferences', label: 'Investment mode', value: a.preferences.mode === 'manual' ? 'Manual' : 'Automated (monthly SIP)' },
  ];
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <p className="text-sm font-semibold uppercase tracking-widest text-sand-600">Getting started</p>
      <h1 data-step-heading tabIndex={-1} className="mt-3 text-4xl font-semibold tracking-tight text-ink focus:outline-none sm:text-5xl" style={{ fontFamily: 'var(--font-display)' }}>
        You’re all set
      </h1>
      {profile && <RiskProfileCard profile={profile} />}
      {verified ? (
        <>
          <p className="mt-8 max-w-xl text-lg leading-relaxed text-slate-600">Your identity is already verified, so you can invest whenever you’re ready.</p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <a href="/properties" className={primaryButtonClass}>
              Browse properties
            </a>
            <a href="/dashboard" className={secondaryButtonClass}>
              Go to your dashboard
            </a>
          </div>
        </>
      ) : (
        <>
          <p className="mt-8 max-w-xl text-lg leading-relaxed text-slate-600">
            One step before you can invest: verify your identity. UAE rules require it for every investor, and it takes 5-10 minutes.
          </p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <a href="/kyc" className={primaryButtonClass}>
              Continue to verification
            </a>
            <a href="/properties" className={secondaryButtonClass}>
              Browse properties first
            </a>
          </div>
        </>
      )}
      <section aria-labelledby="answers-heading" className="mt-12 rounded-2xl border border-slate-200 bg-white">
        <div className="flex items-center justify-between border-b border-slate-100 px-5 py-4">
          <h2 id="answers-heading" className="font-semibold text-ink">
            Your answers
          </h2>
          <button type="button" onClick={onRestart} className="text-sm font-medium text-slate-600 underline underline-offset-2 hover:text-ink">
            Start over
          </button>
        </div>
        <dl className="divide-y divide-slate-100 px-5">
          {rows.map((r) => (
            <div key={r.label} className="grid gap-1 py-3 text-sm sm:grid-cols-[200px_1fr_auto] sm:items-center sm:gap-4">
              <dt className="text-slate-500">{r.label}</dt>
              <dd className="text-ink">{r.value}</dd>
              <dd>
                <a href={onboardingPath(r.slug)} onClick={navLink(go, r.slug)} className="font-medium text-brand-700 hover:text-brand-900">
                  Change<span className="sr-only"> {r.label.toLowerCase()}</span>
                </a>
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <p className="mt-4 text-sm text-slate-500">Saved to your account{state.completedAt ? ` on ${new Date(state.completedAt).toLocaleDateString()}` : ''}.</p>
    </div>
  );
}
