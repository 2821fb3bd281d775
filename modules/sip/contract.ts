/**
 * Systematic investment plans (SIP): the contract. Browser-safe (the setup screen, the plan page, the
 * dashboard and /admin/sip-allocation import it). Amounts in JSON are STRINGS of integer fils of AED;
 * the API also accepts a JSON number of fils on input. Dates are ISO (YYYY-MM-DD) in Dubai time.
 *
 * Investor API (auth: signed-in user; 401 for visitors)
 *   GET    /api/sip/plans                 → { items: SipPlanJson[] } newest first
 *   POST   /api/sip/plans                 createPlanInput → 201 SipPlanJson (status 'active')
 *   GET    /api/sip/plans/:id             → SipPlanDetailJson (the plan and every instalment, what each bought and why)
 *   PATCH  /api/sip/plans/:id             updatePlanInput (any of amount, dayOfMonth, allocations, stepUpPercent, status)
 *   POST   /api/sip/plans/:id/skip        { month? } skips one collection (the next one by default)
 *   POST   /api/sip/plans/:id/mandate     { action: 'add' | 'remove' } a card/bank mandate that tops the wallet up
 *   POST   /api/sip/preview               createPlanInput → SipSetupPreviewJson (what the first instalment would buy today)
 *   GET    /api/sip/summary               → SipSummaryJson (dashboard: plans, next collection, invested, XIRR)
 *
 * Admin API (auth: admin)
 *   GET    /api/admin/sip/upcoming?date   → SipUpcomingJson (the next run, previewed by the code that runs it)
 *   POST   /api/admin/sip/runs            { date } → SipRunResultJson (a second run for a date collects nothing twice)
 *   GET    /api/admin/sip/runs            list contract → { items: SipRunJson[], total };  /export → text/csv
 *   GET    /api/admin/sip/runs/:id        → SipRunResultJson
 *   GET    /api/admin/sip/plans/:id       → SipPlanDetailJson (any investor's plan, for drilling into a run)
 *   GET    /api/admin/sip/stats           → SipStatsJson
 *   GET    /api/admin/sip/properties      → { items: SipPropertyJson[] } eligibility for automated allocation
 *   PUT    /api/admin/sip/properties/:id  { paused, reason? } pauses or resumes a property for automated allocation
 */
import { z } from 'zod';
import { listQuery } from '@modules/platform/list';
import { MIN_INVESTMENT_FILS } from '@modules/platform/contract';
import { CURRENCY_CODES, formatAed } from '@modules/platform/money';
import { addMonths, dayInMonth, isIsoDate, monthStart } from '@modules/platform/dates';
import { PROPERTY_TYPES } from '@modules/properties/contract';
import { MAX_AMOUNT_FILS, amountSchema } from '@modules/wallet/contract';

/**
 * The spec's smallest monthly amount (AED 200): the default of the sipMinimum setting. The minimum in force is read
 * from the settings (GET /api/settings/public; settingsOn on the server) and checked by the plans service.
 */
export const SIP_MIN_FILS = MIN_INVESTMENT_FILS;
/** The largest monthly amount a plan takes (the wallet's largest single amount). */
export const SIP_MAX_FILS = MAX_AMOUNT_FILS;
/** Collection days run 1–28, so every month has the day. */
export const SIP_MAX_DAY = 28;
/** The yearly step-up, from 0 to 50 percent. */
export const SIP_MAX_STEP_UP_PERCENT = 50;
/** A reminder goes out this many days before a collection the wallet will not cover. */
export const SIP_REMINDER_DAYS = 3;
/** A failed collection is tried once more this many days later, then the instalment is failed. */
export const SIP_RETRY_DAYS = 3;
/** Automated plans spread each instalment over at most this many properties. */
export const SIP_AUTOMATED_SPREAD = 3;
/** A manual split names at most this many properties. */
export const SIP_MAX_ALLOCATIONS = 10;

export const SIP_MODES = ['automated', 'manual'] as const;
export type SipMode = (typeof SIP_MODES)[number];
export const SIP_PLAN_STATUSES = ['active', 'paused', 'cancelled'] as const;
export type SipPlanStatus = (typeof SIP_PLAN_STATUSES)[number];
export const SIP_INSTALMENT_STATUSES = ['collected', 'skipped', 'retrying', 'failed'] as const;
export type SipInstalmentStatus = (typeof SIP_INSTALMENT_STATUSES)[number];

export const sipPlanStatusLabels: Record<SipPlanStatus, string> = { active: 'Active', paused: 'Paused', cancelled: 'Cancelled' };
export const sipInstalmentStatusLabels: Record<SipInstalmentStatus | 'scheduled', string> = {
  collected: 'Collected',
  skipped: 'Skipped',
  retrying: 'Retrying',
  failed: 'Failed',
  scheduled: 'Scheduled',
};
export const sipModeLabels: Record<SipMode, string> = { automated: 'Automated', manual: 'Manual' };

const aed = (fils: bigint) => formatAed(fils, { decimals: 'auto' });

export const sipMessages = {
  amountMinimum: (minimum: bigint) => `The monthly amount must be at least ${aed(minimum)}.`,
  dayOfMonth: `Choose a collection day from 1 to ${SIP_MAX_DAY}.`,
  startMonth: 'The start month must be this month or a later one, as YYYY-MM.',
  stepUp: `The yearly step-up must be a whole percent from 0 to ${SIP_MAX_STEP_UP_PERCENT}.`,
  mode: 'The investment mode must be automated or manual.',
  allocationsRequired: 'A manual plan needs at least one property and a split that adds up to 100%.',
  allocationsNotForAutomated: 'Automated plans choose their properties themselves: leave the split out, or switch the plan to manual.',
  allocationsTotal: (total: string) => `The split adds up to ${total}%; it must add up to exactly 100%.`,
  allocationPercent: 'Each share of the split must be more than 0% and at most 100%, with at most two decimals.',
  allocationDuplicate: 'Each property may appear only once in the split.',
  allocationTooMany: `A split names at most ${SIP_MAX_ALLOCATIONS} properties.`,
  propertyUnknown: (id: string) => `There is no property ${id}.`,
  propertyNotOpen: (title: string) => `${title} is not open for funding, so it cannot be part of a plan.`,
  planNotFound: 'There is no plan with that id.',
  planCancelled: 'This plan is cancelled. Start a new plan instead.',
  nothingToChange: 'Send at least one of amount, dayOfMonth, allocations, stepUpPercent or status.',
  kycRequired: 'Complete identity verification before starting a plan.',
  skipMonth: 'Choose a month to skip, as YYYY-MM, from the next collection on.',
  skipAlready: (month: string) => `The ${month} collection has already been handled.`,
  notActive: 'Only an active plan can skip a collection. Resume it first.',
  tooManyPlans: 'You can have at most 10 plans that are active or paused.',
  mandateUnavailable: 'Automatic top-ups are not available right now. Keep your wallet funded for each collection.',
  runDate: 'The run date must be a date, as YYYY-MM-DD.',
  runFuture: 'A run can only be made for today or an earlier date.',
} as const;

export const sipErrorCodes = {
  planNotFound: 'sip_plan_not_found',
  planCancelled: 'sip_plan_cancelled',
  allocationInvalid: 'sip_allocation_invalid',
  propertyNotOpen: 'property_not_open',
  propertyNotFound: 'property_not_found',
  kycRequired: 'kyc_required',
  skipAlready: 'sip_month_handled',
  notActive: 'sip_plan_not_active',
  tooManyPlans: 'sip_too_many_plans',
  mandateUnavailable: 'payments_not_configured',
} as const;

// ── Input ──────────────────────────────────────────────────────────────────────────────────────

// The minimum is the setting in force, checked by the service (plans.ts assertSipMinimum), which quotes it.
const monthlyAmount = amountSchema('Monthly amount', { max: SIP_MAX_FILS });
const dayOfMonth = z.number({ error: sipMessages.dayOfMonth }).int(sipMessages.dayOfMonth).min(1, sipMessages.dayOfMonth).max(SIP_MAX_DAY, sipMessages.dayOfMonth);
const stepUpPercent = z
  .number({ error: sipMessages.stepUp })
  .int(sipMessages.stepUp)
  .min(0, sipMessages.stepUp)
  .max(SIP_MAX_STEP_UP_PERCENT, sipMessages.stepUp);
/** Percent with at most two decimals, kept as basis points (100% = 10,000). */
const percent = z
  .number({ error: sipMessages.allocationPercent })
  .refine((v) => Number.isFinite(v) && v > 0 && v <= 100 && Math.abs(Math.round(v * 100) - v * 100) < 1e-6, sipMessages.allocationPercent)
  .transform((v) => Math.round(v * 100));
const propertyId = z.string({ error: 'Each part of the split needs a propertyId.' }).trim().min(1, 'Each part of the split needs a propertyId.').max(100, 'The property id is too long.');
export const allocationsSchema = z
  .array(z.object({ propertyId, percent }), { error: sipMessages.allocationsRequired })
  .min(1, sipMessages.allocationsRequired)
  .max(SIP_MAX_ALLOCATIONS, sipMessages.allocationTooMany)
  .superRefine((list, ctx) => {
    const total = list.reduce((s, a) => s + a.percent, 0);
    if (total !== 10_000) ctx.addIssue({ code: 'custom', message: sipMessages.allocationsTotal((total / 100).toFixed(2).replace(/\.00$/, '')) });
    if (new Set(list.map((a) => a.propertyId.toLowerCase())).size !== list.length) ctx.addIssue({ code: 'custom', message: sipMessages.allocationDuplicate });
  });
const cities = z.array(z.string().trim().min(1).max(60), { error: 'Cities must be a list of names.' }).max(10, 'Choose at most 10 cities.');
const propertyTypes = z.array(z.enum(PROPERTY_TYPES, { error: `Property types must be among: ${PROPERTY_TYPES.join(', ')}.` })).max(PROPERTY_TYPES.length);
export const preferencesSchema = z.object({ cities: cities.default([]), propertyTypes: propertyTypes.default([]) });
const startMonth = z
  .string({ error: sipMessages.startMonth })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, sipMessages.startMonth)
  .transform((m) => `${m}-01`);

export const createPlanInput = z
  .object({
    amount: monthlyAmount,
    dayOfMonth,
    mode: z.enum(SIP_MODES, { error: sipMessages.mode }),
    allocations: allocationsSchema.optional(),
    stepUpPercent: stepUpPercent.default(0),
    startMonth: startMonth.optional(),
    preferences: preferencesSchema.optional(),
    /** The currency the investor typed the amount in (shown back to them; the plan is in AED). */
    currency: z.enum(CURRENCY_CODES, { error: `currency must be one of ${CURRENCY_CODES.join(', ')}.` }).default('AED'),
  })
  .superRefine((p, ctx) => {
    if (p.mode === 'manual' && !p.allocations) ctx.addIssue({ code: 'custom', path: ['allocations'], message: sipMessages.allocationsRequired });
    if (p.mode === 'automated' && p.allocations) ctx.addIssue({ code: 'custom', path: ['allocations'], message: sipMessages.allocationsNotForAutomated });
  });
export type CreatePlanInput = z.infer<typeof createPlanInput>;

export const updatePlanInput = z
  .object({
    amount: monthlyAmount.optional(),
    dayOfMonth: dayOfMonth.optional(),
    allocations: allocationsSchema.optional(),
    stepUpPercent: stepUpPercent.optional(),
    preferences: preferencesSchema.optional(),
    status: z.enum(SIP_PLAN_STATUSES, { error: 'status must be active, paused or cancelled.' }).optional(),
  })
  .refine((p) => Object.values(p).some((v) => v !== undefined), sipMessages.nothingToChange);
export type UpdatePlanInput = z.infer<typeof updatePlanInput>;

export const skipInput = z.object({ month: startMonth.optional() });
export const mandateInput = z.object({ action: z.enum(['add', 'remove'], { error: 'action must be add or remove.' }) });
export const runInput = z.object({ date: z.string({ error: sipMessages.runDate }).refine(isIsoDate, sipMessages.runDate) });
export const upcomingQuery = z.object({ date: z.string({ error: sipMessages.runDate }).refine(isIsoDate, sipMessages.runDate).optional() });
export const propertyEligibilityInput = z.object({
  paused: z.boolean({ error: 'paused must be true or false.' }),
  reason: z.string().trim().max(300, 'The reason is at most 300 characters.').optional(),
});

export const SIP_RUN_SORTS = ['createdAt', 'runDate', 'collected', 'failed', 'amountCollected'] as const;
export const sipRunsQuery = listQuery({
  sort: SIP_RUN_SORTS,
  defaultSort: '-createdAt',
  filters: {
    trigger: z.enum(['schedule', 'admin'], { error: 'trigger must be schedule or admin.' }).optional(),
  },
});
export type SipRunsQuery = z.infer<typeof sipRunsQuery>;

// ── Schedule arithmetic (pure, shared by the engine and the screens) ───────────────────────────

/** The amount due in `month` (YYYY-MM-01): the plan's amount stepped up once for each full year since it started. */
export function amountForMonth(plan: { amount: bigint; stepUpBps: number; startMonth: string }, month: string): bigint {
  const years = Math.floor(monthsBetween(plan.startMonth, month) / 12);
  let amount = plan.amount;
  for (let y = 0; y < years && plan.stepUpBps > 0; y++) amount = amount + (amount * BigInt(plan.stepUpBps)) / 10_000n;
  return amount;
}

export const monthsBetween = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7));

/**
 * The next `count` collection dates on or after `today` for a plan (skipped and already handled months
 * are left out by the caller's `handled` set of YYYY-MM-01 months).
 */
export function nextCollectionDates(
  plan: { dayOfMonth: number; startMonth: string },
  today: string,
  count: number,
  handled: ReadonlySet<string> = new Set(),
): string[] {
  const out: string[] = [];
  let month = monthStart(today) < plan.startMonth ? plan.startMonth : monthStart(today);
  for (let guard = 0; out.length < count && guard < count + 240; guard++) {
    const date = dayInMonth(month, plan.dayOfMonth);
    if (date >= today && !handled.has(month)) out.push(date);
    month = addMonths(month, 1);
  }
  return out;
}

// ── What the API answers ───────────────────────────────────────────────────────────────────────

export type SipAllocationJson = { propertyId: string; reference: string; title: string; percent: number; open: boolean };
export type SipPurchaseJson = { propertyId: string; reference: string; title: string; units: string; shares: string; amount: string; investmentId: string | null };
export type SipInstalmentJson = {
  id: string;
  month: string;
  dueDate: string;
  status: SipInstalmentStatus;
  amount: string;
  invested: string;
  unspent: string;
  toppedUp: string;
  attempts: number;
  nextAttemptOn: string | null;
  failureCode: string | null;
  failureReason: string | null;
  purchases: SipPurchaseJson[];
  /** Why the instalment went where it went, one sentence per step. */
  explanation: string[];
  journalReference: string | null;
  createdAt: string;
};
export type SipPlanJson = {
  id: string;
  reference: string;
  status: SipPlanStatus;
  mode: SipMode;
  amount: string;
  /** What the next collection takes (the amount after step-ups). */
  currentAmount: string;
  currency: string;
  dayOfMonth: number;
  startMonth: string;
  stepUpPercent: number;
  allocations: SipAllocationJson[];
  preferences: { cities: string[]; propertyTypes: string[] };
  pauseReason: string | null;
  nextCollectionDate: string | null;
  upcoming: string[];
  mandate: { provider: string; label: string; createdAt: string } | null;
  totals: { collected: number; failed: number; skipped: number; invested: string };
  createdAt: string;
  updatedAt: string;
  cancelledAt: string | null;
};
export type SipReturnsJson = {
  invested: string;
  currentValue: string;
  income: string;
  valueChange: string;
  /** Annualised internal rate of return, basis points; null until there is enough history. */
  xirrBps: number | null;
  incomeXirrBps: number | null;
};
export type SipPlanDetailJson = SipPlanJson & { instalments: SipInstalmentJson[]; returns: SipReturnsJson };
export type SipSetupPreviewJson = {
  amount: string;
  firstCollectionDate: string;
  upcoming: string[];
  retailLimit: { remaining: string | null; annualLimit: string | null; monthsCovered: number | null };
  walletAvailable: string;
  purchases: SipPurchaseJson[];
  unspent: string;
  explanation: string[];
  problems: string[];
};
export type SipSummaryJson = {
  activePlans: number;
  pausedPlans: number;
  nextCollection: { date: string; amount: string; planId: string; covered: boolean } | null;
  monthlyTotal: string;
  totalInvested: string;
  returns: SipReturnsJson;
  plans: (Pick<SipPlanJson, 'id' | 'reference' | 'status' | 'mode' | 'currentAmount' | 'nextCollectionDate'> & { returns: SipReturnsJson })[];
};

export type SipRunItemJson = {
  planId: string;
  /** SIP-000123 */
  planReference: string;
  userId: string;
  investor: string;
  status: SipInstalmentStatus;
  amount: string;
  invested: string;
  unspent: string;
  failureCode: string | null;
  failureReason: string | null;
  investments: { propertyId: string; units: string; amount: string }[];
};
export type SipRunJson = {
  id: string;
  reference: string;
  runDate: string;
  trigger: 'schedule' | 'admin';
  startedBy: string | null;
  plans: number;
  collected: number;
  failed: number;
  skipped: number;
  retrying: number;
  amountCollected: string;
  amountInvested: string;
  createdAt: string;
  finishedAt: string | null;
};
export type SipRunResultJson = SipRunJson & { items: SipRunItemJson[]; properties: { propertyId: string; reference: string; title: string; amount: string; units: string; plans: number }[] };
export type SipUpcomingJson = {
  date: string;
  plans: number;
  amountDue: string;
  expectedToFail: { planId: string; investor: string; amount: string; available: string; reason: string }[];
  properties: { propertyId: string; reference: string; title: string; amount: string; units: string; plans: number; fillsUp: boolean }[];
  unallocated: string;
};
export type SipStatsJson = { activePlans: number; dueThisMonth: string; propertiesEligible: number; unallocated: string; nextRunDate: string | null };
export type SipPropertyJson = {
  propertyId: string;
  reference: string;
  title: string;
  city: string;
  propertyType: string;
  status: string;
  availableUnits: string;
  paused: boolean;
  reason: string | null;
  manualPlans: number;
};
