import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { type CurrentUser } from '@modules/auth/contract';
import { ONBOARDING_STEP_SLUGS, ONBOARDING_STEPS, type OnboardingAnswers, type OnboardingJson, type OnboardingStep, stepErrors } from '@modules/onboarding/contract';
import { ApiError, api, errorText } from '@site/lib/api';
import { useCurrentUser } from '@site/lib/stores/auth';
import { setCurrency } from '@site/lib/stores/currency';
import { setInvestmentMode } from '@site/lib/stores/session';
import { toast } from '@site/lib/stores/toast';
import { SignedOutCard } from '../auth/SignedOutCard';
import { focusFirstError, primaryButtonClass, secondaryButtonClass } from '../kyc/fields';
import { type SaveState, SaveStatus } from '../kyc/SaveStatus';
import { usePathStep } from '../kyc/use-path-step';
import { AppProviders } from '../react/AppProviders';
import { WithErrorFallback } from '../react/ErrorFallback';
import { LoadingContent } from '../react/LoadingContent';
import { landingView, ONBOARDING_KEY, ONBOARDING_PAGES, type OnboardingRoute, onboardingPath, onboardingViewFromPath, previousView } from './onboarding';
import { navLink, Progress } from './OnboardingProgress';
import { GoalsStep, ExperienceStep, RiskStep, PreferencesStep } from './OnboardingSteps';
import { Intro } from './OnboardingIntro';
import { Summary } from './OnboardingSummary';

/** How long after the last change answers are saved to the account. */
export const AUTOSAVE_MS = 600;

const FIELD_ORDER: Record<OnboardingStep, string[]> = {
  goals: ['goals', 'horizon'],
  experience: ['level', 'assets'],
  risk: ['drop', 'share', 'access'],
  preferences: ['currency', 'mode'],
};

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
