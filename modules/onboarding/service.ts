/**
 * Onboarding progress: answers saved as the investor goes, steps completed when their answers are
 * whole, and where to resume. One row per user, changed under a row lock so two tabs never lose each
 * other's answers.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError, notFound } from '@api/errors';
import {
  emptyAnswers,
  isOnboardingStep,
  isOnboardingView,
  isStepComplete,
  mergeAnswers,
  normalizeAnswers,
  ONBOARDING_STEP_SLUGS,
  onboardingMessages,
  onboardingStepInputs,
  type OnboardingAnswers,
  type OnboardingDraftInput,
  type OnboardingJson,
  type OnboardingStep,
  type OnboardingView,
  resumeView,
  riskProfile,
} from './contract';
import { onboardingProgress } from './schema';

type Row = typeof onboardingProgress.$inferSelect;

function toJson(row: Row | undefined): OnboardingJson {
  const answers = row ? normalizeAnswers(row.answers) : emptyAnswers();
  // A step counts as completed only while its answers are still whole (an edit can reopen it).
  const completedSteps = ONBOARDING_STEP_SLUGS.filter((s) => row?.completedSteps.includes(s) && isStepComplete(s, answers));
  const current = row && isOnboardingView(row.currentStep) ? row.currentStep : 'goals';
  const complete = completedSteps.length === ONBOARDING_STEP_SLUGS.length;
  return {
    steps: [...ONBOARDING_STEP_SLUGS],
    currentStep: current === 'summary' && !complete ? resumeView(completedSteps) : current,
    completedSteps,
    answers,
    riskProfile: riskProfile(answers),
    complete,
    completedAt: complete && row?.completedAt ? row.completedAt.toISOString() : null,
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

export async function getOnboarding(db: Db, userId: string): Promise<OnboardingJson> {
  const [row] = await db.select().from(onboardingProgress).where(eq(onboardingProgress.userId, userId));
  return toJson(row);
}

/** True once the user has completed all four steps (the dashboard's "Finish onboarding" card hides then). */
export async function isOnboardingComplete(db: Db, userId: string): Promise<boolean> {
  return (await getOnboarding(db, userId)).complete;
}

/** Runs `change` on the user's row (created when missing) under a row lock, and stores the result. */
async function update(
  db: Db,
  userId: string,
  change: (state: { answers: OnboardingAnswers; completed: OnboardingStep[]; currentStep: OnboardingView }) => {
    answers: OnboardingAnswers;
    completed: OnboardingStep[];
    currentStep: OnboardingView;
  },
): Promise<OnboardingJson> {
  return db.transaction(async (tx) => {
    await tx.insert(onboardingProgress).values({ userId }).onConflictDoNothing();
    const [row] = await tx.select().from(onboardingProgress).where(eq(onboardingProgress.userId, userId)).for('update');
    const before = toJson(row);
    const next = change({ answers: before.answers, completed: before.completedSteps, currentStep: before.currentStep });
    const completed = ONBOARDING_STEP_SLUGS.filter((s) => next.completed.includes(s) && isStepComplete(s, next.answers));
    const complete = completed.length === ONBOARDING_STEP_SLUGS.length;
    const profile = riskProfile(next.answers);
    const now = new Date();
    const [saved] = await tx
      .update(onboardingProgress)
      .set({
        answers: next.answers,
        completedSteps: completed,
        currentStep: next.currentStep,
        riskProfile: profile?.key ?? null,
        completedAt: complete ? (row.completedAt ?? now) : null,
        updatedAt: now,
      })
      .where(eq(onboardingProgress.userId, userId))
      .returning();
    return toJson(saved);
  });
}

/** Saves partial answers and/or where the investor is, without requiring any step to be whole. */
export function saveOnboardingDraft(db: Db, userId: string, input: OnboardingDraftInput): Promise<OnboardingJson> {
  return update(db, userId, (s) => ({
    answers: mergeAnswers(s.answers, input.answers),
    completed: s.completed,
    currentStep: input.currentStep ?? s.currentStep,
  }));
}

/** Validates one step's complete answers, saves them, marks the step done and moves on to the next open step. */
export function completeOnboardingStep(db: Db, userId: string, step: string, body: unknown): Promise<OnboardingJson> {
  if (!isOnboardingStep(step)) throw notFound(onboardingMessages.unknownStep, 'unknown_step');
  const parsed = onboardingStepInputs[step].safeParse(body ?? {});
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? 'root')] ??= issue.message;
    const [first] = Object.values(fields);
    throw new AppError(400, 'validation_failed', first ?? 'The answers are not valid.', { fields });
  }
  return update(db, userId, (s) => {
    const answers = mergeAnswers(s.answers, { [step]: parsed.data });
    const completed = [...new Set([...s.completed, step])];
    // Next: the first open step after this one, else the first open step, else the summary.
    const open = ONBOARDING_STEP_SLUGS.filter((x) => !completed.includes(x) || !isStepComplete(x, answers));
    const after = open.find((x) => ONBOARDING_STEP_SLUGS.indexOf(x) > ONBOARDING_STEP_SLUGS.indexOf(step));
    const currentStep: OnboardingView = after ?? open[0] ?? 'summary';
    return { answers, completed, currentStep };
  });
}

/** Starts over: every answer cleared, back at the first step. */
export async function resetOnboarding(db: Db, userId: string): Promise<OnboardingJson> {
  await db.delete(onboardingProgress).where(eq(onboardingProgress.userId, userId));
  return toJson(undefined);
}
