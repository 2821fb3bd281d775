import { useStore } from '@nanostores/react';
import { type FormEvent, type MouseEvent, useCallback, useEffect, useRef, useState } from 'react';
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
} from '../../../modules/platform/contract';
import { $currency, setCurrency } from '../../lib/stores/currency';
import { isKycVerified } from '../../../modules/auth/contract';
import { useCurrentUser } from '../../lib/stores/auth';
import { AppProviders } from '../react/AppProviders';
import { WithErrorFallback } from '../react/ErrorFallback';
import { ChoiceGroup, focusFirstError, primaryButtonClass, secondaryButtonClass } from '../kyc/fields';
import { isPlainClick, usePathStep } from '../kyc/use-path-step';
import {
  completeStep,
  emptyOnboarding,
  hasStarted,
  loadOnboarding,
  nextView,
  ONBOARDING_STEPS,
  ONBOARDING_SLUGS,
  type OnboardingAnswers,
  type OnboardingSlug,
  type OnboardingState,
  type OnboardingView,
  onboardingPath,
  onboardingViewFromPath,
  previousView,
  reconcile,
  resumeStep,
  saveOnboarding,
  stepErrors,
} from './onboarding';

export const GOALS = [
  { value: 'income', label: 'Regular rental income', description: 'A share of the rent, paid out as it comes in.' },
  { value: 'growth', label: 'Long-term growth', description: 'Let property values build over the years.' },
  { value: 'diversify', label: 'Diversify my savings', description: 'Add real assets beside cash, stocks and funds.' },
  { value: 'retirement', label: 'Plan for retirement', description: 'Build steadily toward the years after work.' },
  { value: 'learn', label: 'Learn with small amounts', description: 'See how property investing works before going further.' },
] as const;

const earlyExit = FEES.find((f) => f.key === 'early-exit')!;

export const HORIZONS = [
  { value: 'under_3', label: `Less than ${EARLY_EXIT_YEARS} years` },
  { value: '3_5', label: `${EARLY_EXIT_YEARS}-5 years` },
  { value: '5_10', label: '5-10 years' },
  { value: 'over_10', label: 'More than 10 years' },
] as const;

export const EXPERIENCE_LEVELS = [
  { value: 'new', label: 'New to investing', description: 'I haven’t invested before.' },
  { value: 'some', label: 'Some experience', description: 'I’ve used savings plans, funds or shares.' },
  { value: 'experienced', label: 'Experienced', description: 'I invest regularly and follow my portfolio.' },
  { value: 'property', label: 'Property investor', description: 'I own, or have owned, investment property.' },
] as const;

export const ASSETS = [
  { value: 'stocks', label: 'Shares or ETFs' },
  { value: 'funds', label: 'Mutual funds' },
  { value: 'property', label: 'Property' },
  { value: 'bonds', label: 'Bonds or fixed deposits' },
  { value: 'gold', label: 'Gold' },
  { value: 'crypto', label: 'Crypto-assets' },
] as const;

export const RISK_QUESTIONS = [
  {
    key: 'drop',
    legend: 'If a property you’d invested in fell 15% in value over a year, what would you most likely do?',
    choices: [
      { value: 'sell', label: 'Sell, to avoid losing more' },
      { value: 'wait', label: 'Wait, because property moves in long cycles' },
      { value: 'buy_more', label: 'Invest more at the lower price' },
    ],
  },
  {
    key: 'share',
    legend: 'How much of your savings would you put into property shares?',
    choices: [
      { value: 'under_10', label: 'Less than 10%' },
      { value: '10_25', label: '10-25%' },
      { value: 'over_25', label: 'More than 25%' },
    ],
  },
  {
    key: 'access',
    legend: 'Could you leave this money invested for several years?',
    choices: [
      { value: 'yes', label: 'Yes, I won’t need it' },
      { value: 'probably', label: 'Probably, though I might need some of it' },
      { value: 'no', label: 'No, I may need it at short notice' },
    ],
  },
] as const;

const FIELD_ORDER: Record<OnboardingSlug, string[]> = {
  goals: ['goals', 'horizon'],
  experience: ['level', 'assets'],
  risk: ['drop', 'share', 'access'],
  preferences: ['currency', 'mode'],
};

const titleOf = (view: OnboardingView) =>
  view === 'overview' ? 'Get started' : `${ONBOARDING_STEPS.find((s) => s.slug === view)!.title} · Get started`;

export default function OnboardingFlow({ view: initial }: { view: OnboardingView }) {
  return (
    <AppProviders>
      <WithErrorFallback component="Onboarding">
        <Flow initial={initial} />
      </WithErrorFallback>
    </AppProviders>
  );
}

function Flow({ initial }: { initial: OnboardingView }) {
  const [view, setView] = usePathStep(initial, onboardingViewFromPath, titleOf);
  const [state, setState] = useState<OnboardingState>(() => loadOnboarding());
  const [attempted, setAttempted] = useState(false);

  const go = useCallback(
    (v: OnboardingView) => {
      setAttempted(false);
      setView(v, onboardingPath(v));
    },
    [setView],
  );
  const latest = useRef(state);
  const update = useCallback((fn: (s: OnboardingState) => OnboardingState) => {
    const next = reconcile(fn(latest.current));
    latest.current = next;
    saveOnboarding(next);
    setState(next);
  }, []);

  if (view === 'overview') return <Overview state={state} go={go} onRestart={() => update(() => emptyOnboarding())} />;

  const slug = view;
  const index = ONBOARDING_SLUGS.indexOf(slug);
  const errors = attempted ? stepErrors(slug, state.answers) : {};
  const setAnswers = <K extends keyof OnboardingAnswers>(key: K, patch: Partial<OnboardingAnswers[K]>) =>
    update((s) => ({ ...s, answers: { ...s.answers, [key]: { ...s.answers[key], ...patch } } }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found = stepErrors(slug, state.answers);
    setAttempted(true);
    if (Object.keys(found).length) return focusFirstError(found, FIELD_ORDER[slug]);
    update((s) => completeStep(s, slug));
    go(nextView(slug));
  };
  const back = previousView(slug);

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <Progress index={index} />
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
          {slug === 'goals' && <GoalsStep answers={state.answers} set={(p) => setAnswers('goals', p)} errors={errors} />}
          {slug === 'experience' && <ExperienceStep answers={state.answers} set={(p) => setAnswers('experience', p)} errors={errors} />}
          {slug === 'risk' && <RiskStep answers={state.answers} set={(p) => setAnswers('risk', p)} errors={errors} />}
          {slug === 'preferences' && <PreferencesStep answers={state.answers} set={(p) => setAnswers('preferences', p)} errors={errors} />}
        </div>
        <div className="mt-10 flex flex-col-reverse gap-3 border-t border-slate-100 pt-6 sm:flex-row sm:items-center sm:justify-between">
          <a href={onboardingPath(back)} onClick={navLink(go, back)} className={secondaryButtonClass}>
            Back
          </a>
          <p className="text-center text-sm text-slate-500 sm:order-none">Saved on this device</p>
          <button type="submit" className={primaryButtonClass}>
            {slug === 'preferences' ? 'Finish' : 'Next'}
          </button>
        </div>
      </form>
    </div>
  );
}

function navLink(go: (v: OnboardingView) => void, v: OnboardingView) {
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

type StepProps<K extends keyof OnboardingAnswers> = {
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

function Overview({ state, go, onRestart }: { state: OnboardingState; go: (v: OnboardingView) => void; onRestart: () => void }) {
  const resume = resumeStep(state);
  const minimum = useMinimumLabel();

  if (resume === 'complete') return <Finished state={state} go={go} onRestart={onRestart} />;

  const started = hasStarted(state);
  const resumeIndex = ONBOARDING_SLUGS.indexOf(resume);
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <p className="text-sm font-semibold uppercase tracking-widest text-sand-600">Getting started</p>
      <h1 data-step-heading tabIndex={-1} className="mt-3 text-4xl font-semibold tracking-tight text-ink focus:outline-none sm:text-5xl" style={{ fontFamily: 'var(--font-display)' }}>
        {started ? 'Welcome back' : 'Shape Manzil around you'}
      </h1>
      <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-600">
        {started
          ? `You’ve answered ${state.completed.length} of ${ONBOARDING_STEPS.length} steps. Pick up at step ${resumeIndex + 1}: ${ONBOARDING_STEPS[resumeIndex].label.toLowerCase()}.`
          : `Four short steps, about 2 minutes. Your answers help us show you the right properties and plans, from ${minimum}.`}
      </p>
      <ol className="mt-8 grid gap-3 sm:grid-cols-2" aria-label="Onboarding steps">
        {ONBOARDING_STEPS.map((s, i) => {
          const done = state.completed.includes(s.slug);
          return (
            <li key={s.slug} className={`flex items-center gap-3 rounded-xl border p-4 ${done ? 'border-brand-200 bg-brand-50/50' : 'border-slate-200 bg-white'}`}>
              <span
                aria-hidden="true"
                className={`grid h-8 w-8 shrink-0 place-items-center rounded-full text-sm font-semibold ${done ? 'bg-brand-700 text-white' : 'border-2 border-slate-300 text-slate-500'}`}
              >
                {done ? '✓' : i + 1}
              </span>
              <span className="text-sm">
                <span className="block font-medium text-ink">{s.label}</span>
                <span className="text-slate-600">{s.title}</span>
                {done && <span className="sr-only"> (answered)</span>}
              </span>
            </li>
          );
        })}
      </ol>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <a href={onboardingPath(resume)} onClick={navLink(go, resume)} className={primaryButtonClass}>
          {started ? `Continue with ${ONBOARDING_STEPS[resumeIndex].label.toLowerCase()}` : 'Start'}
        </a>
        {started && (
          <button type="button" onClick={onRestart} className={secondaryButtonClass}>
            Start over
          </button>
        )}
      </div>
      <p className="mt-6 text-sm text-slate-500">Your answers are saved on this device as you go, so you can leave and come back.</p>
    </div>
  );
}

function Finished({ state, go, onRestart }: { state: OnboardingState; go: (v: OnboardingView) => void; onRestart: () => void }) {
  const { data: user } = useCurrentUser();
  const verified = Boolean(user && isKycVerified(user.kycStatus));
  const a = state.answers;
  const label = (list: readonly { value: string; label: string }[], v: string) => list.find((x) => x.value === v)?.label ?? '';
  const rows: { slug: OnboardingSlug; label: string; value: string }[] = [
    { slug: 'goals', label: 'Goals', value: a.goals.goals.map((g) => label(GOALS, g)).join(', ') },
    { slug: 'goals', label: 'Time horizon', value: label(HORIZONS, a.goals.horizon) },
    { slug: 'experience', label: 'Experience', value: label(EXPERIENCE_LEVELS, a.experience.level) },
    { slug: 'preferences', label: 'Currency', value: a.preferences.currency ? `${a.preferences.currency} · ${CURRENCIES[a.preferences.currency].name}` : '' },
    { slug: 'preferences', label: 'Investment mode', value: a.preferences.mode === 'manual' ? 'Manual' : 'Automated (monthly SIP)' },
  ];
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <p className="text-sm font-semibold uppercase tracking-widest text-sand-600">Getting started</p>
      <h1 data-step-heading tabIndex={-1} className="mt-3 text-4xl font-semibold tracking-tight text-ink focus:outline-none sm:text-5xl" style={{ fontFamily: 'var(--font-display)' }}>
        You’re all set
      </h1>
      {verified ? (
        <>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-600">Your identity is already verified, so you can invest whenever you’re ready.</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <a href="/properties" className={primaryButtonClass}>
              Browse properties
            </a>
            <a href="/kyc" className={secondaryButtonClass}>
              View your verification
            </a>
          </div>
        </>
      ) : (
        <>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-600">
            One step before you can invest: verify your identity. UAE rules require it for every investor, and it takes 5-10 minutes.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <a href="/kyc" className={primaryButtonClass}>
              Verify your identity
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
            <div key={r.label} className="grid gap-1 py-3 text-sm sm:grid-cols-[160px_1fr_auto] sm:items-center sm:gap-4">
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
      <p className="mt-4 text-sm text-slate-500">Saved on this device.</p>
    </div>
  );
}
