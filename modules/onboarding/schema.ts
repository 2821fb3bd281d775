import { sql } from 'drizzle-orm';
import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';

/*
 * One row per user who has started onboarding: their answers so far (partial answers included, so
 * leaving and coming back resumes), the steps completed, where they stopped, and when they finished.
 */
export const onboardingProgress = pgTable('onboarding_progress', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** OnboardingAnswers (modules/onboarding/contract.ts), read back through normalizeAnswers. */
  answers: jsonb('answers').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  completedSteps: text('completed_steps').array().notNull().default(sql`'{}'::text[]`),
  /** goals | experience | risk | preferences | summary */
  currentStep: text('current_step').notNull().default('goals'),
  /** cautious | balanced | growth, once goals, experience and risk are complete. */
  riskProfile: text('risk_profile'),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
