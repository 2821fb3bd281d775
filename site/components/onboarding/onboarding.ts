import { type CurrencyCode, isCurrencyCode } from '../../../modules/platform/contract';

/** The guided path after signup: four short steps, answers kept in localStorage so a return visit resumes where it stopped. */
export const ONBOARDING_KEY = 'manzil.onboarding';

export const ONBOARDING_STEPS = [
  { slug: 'goals', label: 'Goals', title: 'What are you investing for?' },
  { slug: 'experience', label: 'Experience', title: 'Your investing experience' },
  { slug: 'risk', label: 'Risk', title: 'How you feel about risk' },
  { slug: 'preferences', label: 'Preferences', title: 'Currency and investment mode' },
] as const;

export type OnboardingSlug = (typeof ONBOARDING_STEPS)[number]['slug'];
export const ONBOARDING_SLUGS = ONBOARDING_STEPS.map((s) => s.slug) as OnboardingSlug[];
/** Where the island is: the overview at /onboarding, or one of the steps. */
export type OnboardingView = OnboardingSlug | 'overview';

export type OnboardingAnswers = {
  goals: { goals: string[]; horizon: string };
  experience: { level: string; assets: string[] };
  risk: { drop: string; share: string; access: string };
  preferences: { currency: CurrencyCode | ''; mode: 'automated' | 'manual' };
};

export type OnboardingState = {
  version: 1;
  answers: OnboardingAnswers;
  completed: OnboardingSlug[];
};

export function emptyOnboarding(): OnboardingState {
  return {
    version: 1,
    answers: {
      goals: { goals: [], horizon: '' },
      experience: { level: '', assets: [] },
      risk: { drop: '', share: '', access: '' },
      // §4: investment mode defaults to automated.
      preferences: { currency: '', mode: 'automated' },
    },
    completed: [],
  };
}

export function isOnboardingSlug(v: unknown): v is OnboardingSlug {
  return typeof v === 'string' && (ONBOARDING_SLUGS as string[]).includes(v);
}

export function onboardingPath(view: OnboardingView): string {
  return view === 'overview' ? '/onboarding' : `/onboarding/${view}`;
}

/** '/onboarding/risk' → 'risk', '/onboarding' → 'overview' (any case, optional trailing slash). */
export function onboardingViewFromPath(pathname: string): OnboardingView | null {
  const m = /^\/onboarding(?:\/([a-z]+))?\/?$/i.exec(pathname);
  if (!m) return null;
  if (!m[1]) return 'overview';
  const slug = m[1].toLowerCase();
  return isOnboardingSlug(slug) ? slug : null;
}

const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** Reads saved progress; anything missing or unreadable falls back to a fresh start rather than failing. */
export function loadOnboarding(store: Pick<Storage, 'getItem'> | null = safeLocalStorage()): OnboardingState {
  const fresh = emptyOnboarding();
  let raw: string | null = null;
  try {
    raw = store?.getItem(ONBOARDING_KEY) ?? null;
  } catch {
    return fresh;
  }
  if (!raw) return fresh;
  try {
    const saved = JSON.parse(raw) as { version?: number; answers?: Partial<Record<keyof OnboardingAnswers, Record<string, unknown>>>; completed?: unknown };
    if (!saved || saved.version !== 1) return fresh;
    const a = saved.answers ?? {};
    const currency = str(a.preferences?.currency);
    return {
      version: 1,
      answers: {
        goals: { goals: strings(a.goals?.goals), horizon: str(a.goals?.horizon) },
        experience: { level: str(a.experience?.level), assets: strings(a.experience?.assets) },
        risk: { drop: str(a.risk?.drop), share: str(a.risk?.share), access: str(a.risk?.access) },
        preferences: {
          currency: isCurrencyCode(currency) ? currency : '',
          mode: a.preferences?.mode === 'manual' ? 'manual' : 'automated',
        },
      },
      completed: strings(saved.completed).filter(isOnboardingSlug),
    };
  } catch {
    return fresh;
  }
}

export function saveOnboarding(state: OnboardingState, store: Pick<Storage, 'setItem'> | null = safeLocalStorage()) {
  try {
    store?.setItem(ONBOARDING_KEY, JSON.stringify(state));
  } catch {
    /* private mode or full storage: progress lives for this visit only */
  }
}

export function clearOnboarding(store: Pick<Storage, 'removeItem'> | null = safeLocalStorage()) {
  try {
    store?.removeItem(ONBOARDING_KEY);
  } catch {
    /* nothing to clear */
  }
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The step to continue at: the first one not yet completed, in order; 'complete' once all four are done. */
export function resumeStep(state: OnboardingState): OnboardingSlug | 'complete' {
  return ONBOARDING_SLUGS.find((s) => !state.completed.includes(s)) ?? 'complete';
}

export function hasStarted(state: OnboardingState): boolean {
  return state.completed.length > 0;
}

export type StepErrors = Record<string, string | undefined>;

/** What is missing on a step, as messages by field; {} when it can be completed. */
export function stepErrors(slug: OnboardingSlug, answers: OnboardingAnswers): StepErrors {
  const e: StepErrors = {};
  switch (slug) {
    case 'goals':
      if (!answers.goals.goals.length) e.goals = 'Choose at least one goal';
      if (!answers.goals.horizon) e.horizon = 'Choose how long you plan to stay invested';
      break;
    case 'experience':
      if (!answers.experience.level) e.level = 'Choose the option that describes you best';
      break;
    case 'risk':
      if (!answers.risk.drop) e.drop = 'Choose an answer';
      if (!answers.risk.share) e.share = 'Choose an answer';
      if (!answers.risk.access) e.access = 'Choose an answer';
      break;
    case 'preferences':
      if (!isCurrencyCode(answers.preferences.currency)) e.currency = 'Choose a currency';
      break;
  }
  return e;
}

/** Records a step as done when its answers are complete; returns the state unchanged otherwise. */
export function completeStep(state: OnboardingState, slug: OnboardingSlug): OnboardingState {
  if (Object.keys(stepErrors(slug, state.answers)).length) return state;
  if (state.completed.includes(slug)) return state;
  return { ...state, completed: ONBOARDING_SLUGS.filter((s) => s === slug || state.completed.includes(s)) };
}

/** Drops steps from completed whose answers were since cleared, so resuming never skips an unanswered question. */
export function reconcile(state: OnboardingState): OnboardingState {
  const completed = state.completed.filter((s) => !Object.keys(stepErrors(s, state.answers)).length);
  return completed.length === state.completed.length ? state : { ...state, completed };
}

/** Where Next leads from a step: the following step, or the overview (the finish) after the last one. */
export function nextView(slug: OnboardingSlug): OnboardingView {
  return ONBOARDING_SLUGS[ONBOARDING_SLUGS.indexOf(slug) + 1] ?? 'overview';
}

export function previousView(slug: OnboardingSlug): OnboardingView {
  return ONBOARDING_SLUGS[ONBOARDING_SLUGS.indexOf(slug) - 1] ?? 'overview';
}
