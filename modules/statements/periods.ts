/**
 * Which statements an investor can have: every month and year from their first activity (or the month the
 * account was opened, whichever is earlier) up to the current one, which runs until today. Checks the
 * period a request names and turns it into dates.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError, badRequest } from '@api/errors';
import { addMonths, monthEnd, todayInDubai } from '@modules/platform/dates';
import { isCurrencyCode, type CurrencyCode } from '@modules/platform/money';
import { q } from '@modules/wallet';
import { PERIOD_RE, statementMessages as msg, YEAR_RE, type StatementsIndexJson } from './contract';

export type StatementPeriod = { kind: 'monthly' | 'annual'; period: string; from: string; to: string; complete: boolean };

/** The first month ('YYYY-MM') of the investor's account: its opening or its first recorded movement, whichever is earlier. */
export async function firstPeriodOf(db: Db, userId: string, now = new Date()): Promise<string> {
  const [r] = await q<{ first: string | null }>(
    db,
    sql`select (least(
              (select min(created_at) from users where id = ${userId}),
              (select min(created_at) from wallet_transactions where user_id = ${userId}),
              (select min(created_at) from investments where user_id = ${userId})
            ) + interval '4 hours')::date::text as first`,
  );
  return (r?.first ?? todayInDubai(now)).slice(0, 7);
}

/** The investor's chosen display currency (from their onboarding preferences), or AED. */
export async function displayCurrencyOf(db: Db, userId: string): Promise<CurrencyCode> {
  const [r] = await q<{ currency: string | null }>(db, sql`select answers->'preferences'->>'currency' as currency from onboarding_progress where user_id = ${userId}`);
  return isCurrencyCode(r?.currency) ? r.currency : 'AED';
}

export async function statementsIndex(db: Db, userId: string, now = new Date()): Promise<StatementsIndexJson> {
  const current = todayInDubai(now).slice(0, 7);
  const first = await firstPeriodOf(db, userId, now);
  const months: StatementsIndexJson['months'] = [];
  for (let m = `${current}-01`; m.slice(0, 7) >= first; m = addMonths(m, -1)) months.push({ period: m.slice(0, 7), complete: m.slice(0, 7) < current });
  const years: StatementsIndexJson['years'] = [];
  for (let y = Number(current.slice(0, 4)); y >= Number(first.slice(0, 4)); y--) years.push({ year: String(y), complete: String(y) < current.slice(0, 4) });
  return { firstPeriod: first, months, years, displayCurrency: await displayCurrencyOf(db, userId) };
}

const invalidRange = (message: string) => new AppError(400, 'invalid_range', message);

/** A monthly period 'YYYY-MM' checked against the account's life: its dates, and whether it is over. */
export async function monthlyPeriod(db: Db, userId: string, period: string, now = new Date()): Promise<StatementPeriod> {
  if (!PERIOD_RE.test(period)) throw badRequest(msg.period);
  const today = todayInDubai(now);
  if (period > today.slice(0, 7)) throw invalidRange(msg.future);
  const first = await firstPeriodOf(db, userId, now);
  if (period < first) throw invalidRange(msg.beforeAccount(first));
  const from = `${period}-01`;
  const end = monthEnd(from);
  return { kind: 'monthly', period, from, to: end < today ? end : today, complete: end < today };
}

/** An annual period 'YYYY', likewise. */
export async function annualPeriod(db: Db, userId: string, year: string, now = new Date()): Promise<StatementPeriod> {
  if (!YEAR_RE.test(year)) throw badRequest(msg.year);
  const today = todayInDubai(now);
  if (year > today.slice(0, 4)) throw invalidRange(msg.future);
  const first = await firstPeriodOf(db, userId, now);
  if (year < first.slice(0, 4)) throw invalidRange(msg.beforeAccount(first));
  const end = `${year}-12-31`;
  return { kind: 'annual', period: year, from: `${year}-01-01`, to: end < today ? end : today, complete: end < today };
}
