import { z } from 'zod';
import { CURRENCY_CODES, type CurrencyCode, EARLY_EXIT_YEARS } from '../platform/contract';

/*
 * Onboarding: the short guided path after signup (goals, experience, risk, preferences), ending at /kyc.
 * Browser-safe: zod and plain functions. Shared by /onboarding and the API; every message lives here, once.
 *
 *   GET    /api/onboarding          → OnboardingJson (a user who never started reads as an empty state at 'goals')
 *   PUT    /api/onboarding          onboardingDraftInput { currentStep?, answers? } → OnboardingJson
 *                                   saves as you go: partial answers (each value must still be a known choice)
 *   PUT    /api/onboarding/:step    the step's complete answers (goalsInput, experienceInput, riskInput, preferencesInput)
 *                                   → OnboardingJson with the step completed and currentStep moved to the next open step
 *                                   (400 { fields } when an answer is missing; 404 for an unknown step)
 *   DELETE /api/onboarding          starts over → OnboardingJson
 * All of them: 401 for a visitor.
 */

export const ONBOARDING_STEPS = [
  { slug: 'goals', label: 'Goals', title: 'What are you investing for?' },
  { slug: 'experience', label: 'Experience', title: 'Your investing experience' },
  { slug: 'risk', label: 'Risk', title: 'How you feel about risk' },
  { slug: 'preferences', label: 'Preferences', title: 'Currency and investment mode' },
] as const;

export type OnboardingStep = (typeof ONBOARDING_STEPS)[number]['slug'];
export const ONBOARDING_STEP_SLUGS = ONBOARDING_STEPS.map((s) => s.slug) as OnboardingStep[];
/** Where the investor is: one of the four steps, or the summary at the end. */
export const ONBOARDING_VIEWS = [...ONBOARDING_STEP_SLUGS, 'summary'] as const;
export type OnboardingView = OnboardingStep | 'summary';

export const isOnboardingStep = (v: unknown): v is OnboardingStep => typeof v === 'string' && (ONBOARDING_STEP_SLUGS as string[]).includes(v);
export const isOnboardingView = (v: unknown): v is OnboardingView => v === 'summary' || isOnboardingStep(v);

// ── The questions ─────────────────────────────────────────────────────────────────────────────────

export const GOALS = [
  { value: 'income', label: 'Regular rental income', description: 'A share of the rent, paid out as it comes in.' },
  { value: 'growth', label: 'Long-term growth', description: 'Let property values build over the years.' },
  { value: 'diversify', label: 'Diversify my savings', description: 'Add real assets beside cash, stocks and funds.' },
  { value: 'home', label: 'Save for a home', description: 'Grow a deposit toward a home of your own.' },
  { value: 'retirement', label: 'Plan for retirement', description: 'Build steadily toward the years after work.' },
  { value: 'learn', label: 'Learn with small amounts', description: 'See how property investing works before going further.' },
] as const;

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

export const INVESTMENT_MODE_CHOICES = ['automated', 'manual'] as const;

const values = <T extends readonly { value: string }[]>(list: T) => list.map((x) => x.value) as [T[number]['value'], ...T[number]['value'][]];
const GOAL_VALUES = values(GOALS);
const HORIZON_VALUES = values(HORIZONS);
const LEVEL_VALUES = values(EXPERIENCE_LEVELS);
const ASSET_VALUES = values(ASSETS);
const DROP_VALUES = values(RISK_QUESTIONS[0].choices);
const SHARE_VALUES = values(RISK_QUESTIONS[1].choices);
const ACCESS_VALUES = values(RISK_QUESTIONS[2].choices);

export const onboardingMessages = {
  goals: 'Choose at least one goal',
  horizon: 'Choose how long you plan to stay invested',
  level: 'Choose the option that describes you best',
  assets: 'Choose from the listed kinds of investment',
  answer: 'Choose an answer',
  currency: 'Choose a currency',
  mode: 'Choose automated or manual investing',
  unknownStep: 'There is no onboarding step with that name. The steps are goals, experience, risk and preferences.',
} as const;

const oneOf = <T extends [string, ...string[]]>(list: T, message: string) => z.enum(list, { error: message });
/** A list of distinct known values (duplicates are dropped). */
const setOf = <T extends [string, ...string[]]>(list: T, message: string) =>
  z
    .array(oneOf(list, message), { error: message })
    .max(list.length, message)
    .transform((v) => [...new Set(v)]);

// ── Complete answers, one schema per step (PUT /api/onboarding/:step) ─────────────────────────────

export const goalsInput = z.object({
  goals: setOf(GOAL_VALUES, onboardingMessages.goals).refine((v) => v.length > 0, onboardingMessages.goals),
  horizon: oneOf(HORIZON_VALUES, onboardingMessages.horizon),
});
export const experienceInput = z.object({
  level: oneOf(LEVEL_VALUES, onboardingMessages.level),
  assets: setOf(ASSET_VALUES, onboardingMessages.assets).default([]),
});
export const riskInput = z.object({
  drop: oneOf(DROP_VALUES, onboardingMessages.answer),
  share: oneOf(SHARE_VALUES, onboardingMessages.answer),
  access: oneOf(ACCESS_VALUES, onboardingMessages.answer),
});
export const preferencesInput = z.object({
  currency: z.enum(CURRENCY_CODES, { error: onboardingMessages.currency }),
  mode: z.enum(INVESTMENT_MODE_CHOICES, { error: onboardingMessages.mode }),
});

export const onboardingStepInputs = {
  goals: goalsInput,
  experience: experienceInput,
  risk: riskInput,
  preferences: preferencesInput,
} as const;

export type GoalsAnswers = { goals: string[]; horizon: string };
export type ExperienceAnswers = { level: string; assets: string[] };
export type RiskAnswers = { drop: string; share: string; access: string };
export type PreferencesAnswers = { currency: CurrencyCode | ''; mode: 'automated' | 'manual' };
export type OnboardingAnswers = {
  goals: GoalsAnswers;
  experience: ExperienceAnswers;
  risk: RiskAnswers;
  preferences: PreferencesAnswers;
};

export function emptyAnswers(): OnboardingAnswers {
  return {
    goals: { goals: [], horizon: '' },
    experience: { level: '', assets: [] },
    risk: { drop: '', share: '', access: '' },
    // §4: investment mode defaults to automated.
    preferences: { currency: '', mode: 'automated' },
  };
}

// ── Partial answers, saved as the investor goes (PUT /api/onboarding) ──────────────────────────────

/** '' means "not answered yet"; anything else must be a known choice. */
const maybe = <T extends [string, ...string[]]>(list: T, message: string) => z.union([z.literal(''), oneOf(list, message)], { error: message });

export const onboardingDraftInput = z.object({
  currentStep: z.enum(ONBOARDING_VIEWS, { error: onboardingMessages.unknownStep }).optional(),
  answers: z
    .object({
      goals: z.object({ goals: setOf(GOAL_VALUES, onboardingMessages.goals), horizon: maybe(HORIZON_VALUES, onboardingMessages.horizon) }).partial(),
      experience: z.object({ level: maybe(LEVEL_VALUES, onboardingMessages.level), assets: setOf(ASSET_VALUES, onboardingMessages.assets) }).partial(),
      risk: z
        .object({
          drop: maybe(DROP_VALUES, onboardingMessages.answer),
          share: maybe(SHARE_VALUES, onboardingMessages.answer),
          access: maybe(ACCESS_VALUES, onboardingMessages.answer),
        })
        .partial(),
      preferences: z
        .object({ currency: z.union([z.literal(''), z.enum(CURRENCY_CODES)], { error: onboardingMessages.currency }), mode: z.enum(INVESTMENT_MODE_CHOICES, { error: onboardingMessages.mode }) })
        .partial(),
    })
    .partial()
    .optional(),
});
export type OnboardingDraftInput = z.infer<typeof onboardingDraftInput>;

/** Merges saved answers with a partial update, keeping only known fields of known steps. */
export function mergeAnswers(base: OnboardingAnswers, patch: OnboardingDraftInput['answers'] | undefined): OnboardingAnswers {
  const out = structuredClone(base);
  if (!patch) return out;
  for (const step of ONBOARDING_STEP_SLUGS) {
    const p = patch[step];
    if (p) Object.assign(out[step], p);
  }
  return out;
}

/** Reads stored answers defensively: anything missing or unknown becomes "not answered". */
export function normalizeAnswers(raw: unknown): OnboardingAnswers {
  const parsed = onboardingDraftInput.shape.answers.safeParse(raw);
  return mergeAnswers(emptyAnswers(), parsed.success ? parsed.data : undefined);
}

/** Messages by field for one step; {} when the step's answers are complete. */
export function stepErrors(step: OnboardingStep, answers: OnboardingAnswers): Record<string, string> {
  const result = onboardingStepInputs[step].safeParse(answers[step]);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    out[key] ??= issue.message;
  }
  return out;
}

export const isStepComplete = (step: OnboardingStep, answers: OnboardingAnswers) => Object.keys(stepErrors(step, answers)).length === 0;

/** The step to continue at: the first one not completed, in order; 'summary' once all four are done. */
export function resumeView(completed: readonly OnboardingStep[]): OnboardingView {
  return ONBOARDING_STEP_SLUGS.find((s) => !completed.includes(s)) ?? 'summary';
}

export function nextView(step: OnboardingStep): OnboardingView {
  return ONBOARDING_STEP_SLUGS[ONBOARDING_STEP_SLUGS.indexOf(step) + 1] ?? 'summary';
}

// ── Risk profile ──────────────────────────────────────────────────────────────────────────────────

export const RISK_PROFILES = {
  cautious: {
    label: 'Cautious',
    description:
      'You put keeping your money safe ahead of growing it. Start small, favour income-producing properties, and keep money you may need soon outside property.',
  },
  balanced: {
    label: 'Balanced',
    description: 'You accept some ups and downs for steady growth. A spread of properties, invested monthly over several years, suits you.',
  },
  growth: {
    label: 'Growth',
    description:
      'You are comfortable with swings in value in pursuit of higher long-term returns. Property is still illiquid: keep an emergency fund outside it.',
  },
} as const;
export type RiskProfileKey = keyof typeof RISK_PROFILES;
export type RiskProfile = { key: RiskProfileKey; label: string; description: string; score: number; maxScore: number };

const POINTS: Record<string, Record<string, number>> = {
  drop: { sell: 0, wait: 1, buy_more: 2 },
  share: { under_10: 0, '10_25': 1, over_25: 2 },
  access: { no: 0, probably: 1, yes: 2 },
  horizon: { under_3: 0, '3_5': 1, '5_10': 2, over_10: 2 },
  level: { new: 0, some: 1, experienced: 2, property: 2 },
};
const MAX_SCORE = 10;

/**
 * The profile from the answers to the goals, experience and risk steps (null until those three are
 * complete): 2 points at most per answer (the three risk questions, the horizon, the experience), so
 * 0-10. 0-3 cautious, 4-6 balanced, 7-10 growth — but money needed at short notice caps it at
 * cautious, and a horizon under 3 years or no investing experience caps it at balanced.
 */
export function riskProfile(answers: OnboardingAnswers): RiskProfile | null {
  if (!isStepComplete('goals', answers) || !isStepComplete('experience', answers) || !isStepComplete('risk', answers)) return null;
  const score =
    POINTS.drop[answers.risk.drop] +
    POINTS.share[answers.risk.share] +
    POINTS.access[answers.risk.access] +
    POINTS.horizon[answers.goals.horizon] +
    POINTS.level[answers.experience.level];
  let key: RiskProfileKey = score <= 3 ? 'cautious' : score <= 6 ? 'balanced' : 'growth';
  if (answers.risk.access === 'no') key = 'cautious';
  else if (key === 'growth' && (answers.goals.horizon === 'under_3' || answers.experience.level === 'new')) key = 'balanced';
  return { key, ...RISK_PROFILES[key], score, maxScore: MAX_SCORE };
}

// ── What the API answers ──────────────────────────────────────────────────────────────────────────

export type OnboardingJson = {
  steps: OnboardingStep[];
  /** Where the investor stopped (where /onboarding resumes). */
  currentStep: OnboardingView;
  completedSteps: OnboardingStep[];
  answers: OnboardingAnswers;
  riskProfile: RiskProfile | null;
  /** True once all four steps are complete. */
  complete: boolean;
  completedAt: string | null;
  updatedAt: string | null;
};

export const labelOf = (list: readonly { value: string; label: string }[], value: string) => list.find((x) => x.value === value)?.label ?? '';
